import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useEnv } from '../../core/EnvProvider.tsx';
import { LaneBrowser } from '../../components/lane-browser/LaneBrowser.tsx';
import { folderAdapter } from './adapters.tsx';
import { BROWSER_PAGE_SIZE, type FilesContext } from './filesContext.ts';

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
  /** Items per folder page; 40 in browsers, the upload page's stepper asks for 500 (spec 3 §9). */
  pageSize?: number;
  /** Height of the lanes (CSS). */
  height?: number | string;
  /** Where an item of the root folder links instead of its lane (undefined: its lane). */
  rootItemHref?: (name: string) => string | undefined;
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
  pageSize = BROWSER_PAGE_SIZE,
  height = 'calc(100vh - 260px)',
  rootItemHref,
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
      pageSize,
      entryDataUrl: (entryId) => `${entriesUrl}/${encodeURIComponent(entryId)}/data`,
      rootItemHref,
    }),
    [api, uploadId, editable, rootPath, rootTitle, mainfile, productName, pageSize, entriesUrl, rootItemHref],
  );
  const root = useMemo(() => folderAdapter(ctx, rootPath), [ctx, rootPath]);
  return <LaneBrowser baseUrl={baseUrl} root={root} height={height} />;
}
