import { Alert, Box, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { refetchAfterChange } from '../../api/queryClient.ts';
import { FileBrowser, UPLOAD_PAGE_PAGE_SIZE } from '../files/index.ts';
import { CodeList } from './CodeList.tsx';
import { FilesDropzone } from '../../components/FilesDropzone.tsx';
import { CreateFromSchema } from './create/CreateFromSchema.tsx';
import { ProcessingBanner } from './ProcessingBanner.tsx';
import { ProcessingStatus } from './ProcessingStatus.tsx';
import { escapeSegment } from '../../components/lane-browser/lanePath.ts';
import { UploadEntriesTable } from './UploadEntriesTable.tsx';
import { UploadHeader } from './UploadHeader.tsx';
import { UploadReadme } from './UploadReadme.tsx';
import { UploadStepper } from './UploadStepper.tsx';
import { loadErrorText } from './loadError.ts';
import { isEditable, isWriter } from '../../api/uploads/roles.ts';
import { useCaller } from '../../api/uploads/useCaller.ts';
import { useFileUpload } from '../../api/uploads/useFileUpload.ts';
import { useDeleteUpload, useUpload } from '../../api/uploads/useUpload.ts';
import { useUploadActions } from './useUploadActions.ts';
import { filesQueryKey } from '../../api/files/rawFile.ts';

/** The upload's base path in the current context (uploads list, search, dataset ...). */
function useUploadBasePath(uploadId: string): string {
  const { pathname } = useLocation();
  const marker = `/upload/id/${encodeURIComponent(uploadId)}`;
  const index = pathname.indexOf(marker);
  return index >= 0 ? pathname.slice(0, index + marker.length) : `/user/uploads${marker}`;
}

/**
 * /user/uploads/upload/id/{uploadId} (overview; the lanes of its file browser follow below that path)
 * and .../files.
 */
export function UploadPage() {
  const { uploadId = '' } = useParams();
  const { pathname } = useLocation();
  const basePath = useUploadBasePath(uploadId);
  const data = useUpload(uploadId);
  const { upload } = data;
  // Below the base path are the files tab and the lanes of the overview's file browser.
  const filesTab = `${basePath}/files`;
  const tab = pathname === filesTab || pathname.startsWith(`${filesTab}/`) ? 'files' : 'overview';
  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Tabs value={tab} sx={{ mb: 2 }}>
        <Tab label="overview" value="overview" component={RouterLink} to={basePath} />
        <Tab label="files" value="files" component={RouterLink} to={`${basePath}/files`} />
      </Tabs>
      {upload.isPending ? (
        <Typography>loading ...</Typography>
      ) : upload.isError ? (
        <Alert severity="error">{loadErrorText(upload.error)}</Alert>
      ) : tab === 'files' ? (
        <UploadFilesTab upload={upload.data.data} basePath={basePath} />
      ) : (
        <UploadOverview uploadId={uploadId} basePath={basePath} data={data} />
      )}
    </Box>
  );
}

/**
 * The overview's lanes follow below the upload's path, beside the page's own routes: a root folder named
 * like one of them opens in the files tab instead.
 */
const ROUTES_BESIDE_LANES = new Set(['files', 'overview', 'entry']);

function UploadFilesTab({ upload, basePath }: { upload: Upload; basePath: string }) {
  const caller = useCaller();
  return (
    <>
      {upload.process_running ? <ProcessingBanner message={upload.last_status_message} /> : null}
      <Typography variant="h6" component="h1" gutterBottom>
        Upload files
      </Typography>
      <FileBrowser
        uploadId={upload.upload_id}
        baseUrl={`${basePath}/files`}
        rootTitle="/"
        editable={isEditable(upload, caller?.sub, caller?.groups)}
        entriesUrl={`${basePath}/entry/id`}
      />
    </>
  );
}

interface UploadOverviewProps {
  uploadId: string;
  basePath: string;
  data: ReturnType<typeof useUpload>;
}

function UploadOverview({ uploadId, basePath, data }: UploadOverviewProps) {
  const navigate = useNavigate();
  const caller = useCaller();
  const { upload: uploadQuery, entries, entriesPage, setEntriesPage, reload } = data;
  const deletion = useDeleteUpload(uploadId);
  const { rename, reprocess, deleteEntries } = useUploadActions(uploadId);
  const queryClient = useQueryClient();
  const reloadAll = useCallback(() => void reload(), [reload]);
  // New files show in the first step's browser at once, their parsers once processing is done.
  const afterUpload = useCallback(() => {
    reloadAll();
    void refetchAfterChange(queryClient, { queryKey: filesQueryKey(uploadId) });
  }, [reloadAll, queryClient, uploadId]);
  const fileUpload = useFileUpload(uploadId, afterUpload);
  const filesTabHref = useCallback(
    (name: string) =>
      ROUTES_BESIDE_LANES.has(name) ? `${basePath}/files/${escapeSegment(name)}` : undefined,
    [basePath],
  );
  const upload = uploadQuery.data?.data;
  if (!upload) return <CircularProgress />;

  const editable = isEditable(upload, caller?.sub, caller?.groups);
  const entriesData = entries.data;
  const counts = entriesData
    ? {
        total: entriesData.pagination.total,
        successful: entriesData.processing_successful,
        failed: entriesData.processing_failed,
      }
    : undefined;

  return (
    <>
      {upload.process_running ? <ProcessingBanner message={upload.last_status_message} /> : null}
      <UploadHeader
        upload={upload}
        caller={caller}
        busy={{ renaming: rename.isPending, reprocessing: reprocess.isPending, deleting: deletion.isPending }}
        onRename={(name) => rename.mutate(name)}
        onReload={reloadAll}
        onReprocess={() => reprocess.mutate()}
        onDelete={() => deletion.mutate(undefined, { onSuccess: () => void navigate('/user/uploads') })}
      />
      <UploadReadme uploadId={uploadId} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <UploadStepper
          published={upload.published}
          upload={upload}
          writer={isWriter(upload, caller?.sub, caller?.groups)}
          successfulEntries={entriesData?.processing_successful}
          onChanged={reloadAll}
          files={
            <>
              {editable ? (
                <>
                  <FilesDropzone
                    state={fileUpload.state}
                    question={fileUpload.question}
                    disabled={upload.process_running}
                    onFiles={(files) => void fileUpload.uploadFiles(files)}
                  />
                  <CodeList />
                  <CreateFromSchema
                    uploadId={uploadId}
                    disabled={upload.process_running}
                    onCreated={(entryId) => {
                      afterUpload();
                      if (entryId) void navigate(`${basePath}/entry/id/${entryId}`);
                    }}
                  />
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {upload.published
                    ? 'This upload is published; its files cannot be changed anymore.'
                    : 'Only the main author and co-authors can add files to this upload.'}
                </Typography>
              )}
              <Box sx={{ mt: 2 }}>
                <FileBrowser
                  uploadId={uploadId}
                  baseUrl={basePath}
                  rootTitle="/"
                  editable={editable}
                  entriesUrl={`${basePath}/entry/id`}
                  pageSize={UPLOAD_PAGE_PAGE_SIZE}
                  height={400}
                  rootItemHref={filesTabHref}
                />
              </Box>
            </>
          }
          processing={
            <>
              <ProcessingStatus upload={upload} counts={counts} />
              <UploadEntriesTable
                uploadId={uploadId}
                entries={entriesData?.data ?? []}
                total={entriesData?.pagination.total ?? 0}
                pageState={entriesPage}
                onPageStateChange={setEntriesPage}
                onOpen={(entry) =>
                  void navigate(`${basePath}/entry/id/${encodeURIComponent(entry.entry_id)}`)
                }
                editable={editable}
                deleting={deleteEntries.isPending}
                onDeleteEntries={(query, withFolders, onDeleted) =>
                  deleteEntries.mutate({ query, withFolders }, { onSuccess: onDeleted })
                }
                onChanged={reloadAll}
              />
            </>
          }
        />
      </Paper>
    </>
  );
}
