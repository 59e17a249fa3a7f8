import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useEnv } from '../../app/EnvProvider.tsx';
import { LaneBrowser } from '../browser/LaneBrowser.tsx';
import { folderAdapter } from './adapters.tsx';
import type { FilesContext } from './filesContext.ts';

export interface FileBrowserProps {
  uploadId: string;
  /** The URL path the root folder's lane has (the tab's path); lanes follow below it. */
  baseUrl: string;
  /** Upload path of the root folder ('' for the upload's root). */
  rootPath?: string;
  rootTitle: string;
  /** In an entry's files tab: the mainfile, highlighted. */
  mainfile?: string;
  editable: boolean;
  /** URL path below which entries have their pages (`.../entry/id`): 'processed data' leads there. */
  entriesUrl: string;
}

/** The upload file browser (spec 3 §2): folder, file and preview lanes on the shared lane browser. */
export function FileBrowser({
  uploadId,
  baseUrl,
  rootPath = '',
  rootTitle,
  mainfile,
  editable,
  entriesUrl,
}: FileBrowserProps) {
  const api = useApi();
  const { title: productName } = useEnv();
  const ctx = useMemo<FilesContext>(
    () => ({
      api,
      uploadId,
      editable,
      rootPath,
      rootTitle,
      mainfile,
      productName,
      entryDataUrl: (entryId) => `${entriesUrl}/${encodeURIComponent(entryId)}/data`,
    }),
    [api, uploadId, editable, rootPath, rootTitle, mainfile, productName, entriesUrl],
  );
  const root = useMemo(() => folderAdapter(ctx, rootPath), [ctx, rootPath]);
  return <LaneBrowser baseUrl={baseUrl} root={root} height="calc(100vh - 260px)" />;
}
