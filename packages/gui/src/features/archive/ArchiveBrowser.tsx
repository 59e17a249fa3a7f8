import { Alert } from '@mui/material';
import { archiveDefinition } from '@oasis/schema';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider.tsx';
import { useErrors } from '../../core/errors.tsx';
import { ApiCallDialog } from '../../components/ApiCallDialog.tsx';
import { LaneBrowser } from '../../components/lane-browser/LaneBrowser.tsx';
import { laneUrl, parseLanePath } from '../../components/lane-browser/lanePath.ts';
import type { NotebookDraft } from '../eln/index.ts';
import { archiveAdapter, type ArchiveLaneConfig } from './archiveAdapter.tsx';
import { ArchiveEditingContext } from './ArchiveSectionEditor.tsx';
import { ArchiveHdf5Side } from './ArchiveHdf5Side.tsx';
import { ArchiveToolbar } from './ArchiveToolbar.tsx';
import { selectedHdf5Reference } from './hdf5Selection.ts';
import { DEFAULT_VIEW, rootNode, type ArchiveSection, type ArchiveViewOptions } from './model.ts';
import { ARCHIVE_REQUEST } from './useArchiveDocument.ts';

const BROWSER_HEIGHT = 'calc(100vh - 260px)';

export interface ArchiveBrowserProps {
  entryId: string;
  archive: ArchiveSection;
  /** The full answer of the archive request (the API dialog shows it). */
  response: unknown;
  /** The URL of the root lane (the entry's data tab). */
  baseUrl: string;
  /** Counts reloads, so that lanes of an older archive are not reused. */
  version: number;
  onReload(): void;
  /** An editable notebook's session: its data sections are edited in their lanes. */
  notebook?: NotebookDraft;
}

/** The archive browser of the entry page's data tab: a toolbar over archive lanes (spec 3 §2). */
export function ArchiveBrowser({
  entryId,
  archive,
  response,
  baseUrl,
  version,
  onReload,
  notebook,
}: ArchiveBrowserProps) {
  const editing = notebook?.editable === true;
  const api = useApi();
  const { raiseError } = useErrors();
  const [view, setView] = useState<ArchiveViewOptions>(DEFAULT_VIEW);
  const [apiOpen, setApiOpen] = useState(false);
  const config = useMemo<ArchiveLaneConfig>(
    () => ({
      entryId,
      view,
      version,
      laneUrl: (keys) => laneUrl(baseUrl, keys),
      entryDataUrl: (otherEntry, keys) => laneUrl(`/entry/id/${encodeURIComponent(otherEntry)}/data`, keys),
      editing,
    }),
    [entryId, view, version, baseUrl, editing],
  );
  const node = useMemo(() => rootNode(archive, archiveDefinition), [archive]);
  const root = useMemo(() => archiveAdapter(node, config), [node, config]);
  const { pathname } = useLocation();
  const uploadId = (archive.metadata as { upload_id?: unknown } | undefined)?.upload_id;
  const reference = useMemo(
    () =>
      selectedHdf5Reference(
        node,
        parseLanePath(baseUrl, pathname) ?? [],
        typeof uploadId === 'string' ? uploadId : undefined,
      ),
    [node, baseUrl, pathname, uploadId],
  );
  const downloadUrl = api.link('entryArchiveDownload', { params: { entry_id: entryId } });
  const download = async () => {
    const blob = (await api.getJson(downloadUrl, { responseType: 'blob' })) as Blob;
    const href = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = `${entryId}.archive.json`;
    anchor.click();
    URL.revokeObjectURL(href);
  };
  const requestUrl = `${api.link('entryArchiveDownload', { params: { entry_id: entryId } }).replace(/\/download$/, '/query')}`;
  return (
    <>
      <ArchiveToolbar
        archive={archive}
        view={view}
        onViewChange={setView}
        laneUrl={config.laneUrl}
        downloadUrl={downloadUrl}
        onDownload={() => void download().catch((error: unknown) => raiseError(error))}
        onShowApi={() => setApiOpen(true)}
        onReload={onReload}
        saveButton={editing ? notebook.saveButton : undefined}
      />
      {editing && notebook.saveError ? <Alert severity="error">{notebook.saveError}</Alert> : null}
      <ArchiveEditingContext.Provider value={notebook}>
        <LaneBrowser
          baseUrl={baseUrl}
          root={root}
          height={BROWSER_HEIGHT}
          // The selected quantity refers to an HDF5 dataset: h5web shows it beside the lanes (spec 2 §2).
          side={reference ? <ArchiveHdf5Side reference={reference} /> : undefined}
        />
      </ArchiveEditingContext.Provider>
      {notebook?.dialogs}
      {apiOpen ? (
        <ApiCallDialog
          intro="This is the request behind the archive browser; your own scripts can send it with an app token."
          request={[
            { title: 'Request', code: `POST ${requestUrl}\n${JSON.stringify(ARCHIVE_REQUEST, null, 2)}` },
            {
              title: 'curl',
              code: `curl -X POST "${requestUrl}" -H "accept: application/json" -H "Content-Type: application/json" -d '${JSON.stringify(ARCHIVE_REQUEST)}'`,
            },
          ]}
          response={response}
          maxWidth="lg"
          codeMaxHeight={300}
          onClose={() => setApiOpen(false)}
        />
      ) : null}
    </>
  );
}
