import { Refresh } from '@mui/icons-material';
import { Box, Button, Divider, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { NOTHING_SELECTED, type Selection } from '../../components/table/selection.ts';
import { ApiRequestButton } from './ApiRequestButton.tsx';
import { DeleteUploadButton } from './DeleteUploadButton.tsx';
import { ExampleUploadsButton } from './ExampleUploadsButton.tsx';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import { UploadCommands } from './UploadCommands.tsx';
import { UploadsTable } from './UploadsTable.tsx';
import { uploadPath } from './paths.ts';
import { useCaller } from '../../api/uploads/useCaller.ts';
import {
  useCommandExamples,
  useCreateUpload,
  useDeleteUploads,
  useUnpublishedUploadsCount,
  useUploadsList,
} from './useUploads.ts';

/** /user/uploads: create a new upload and list the user's uploads. */
export function UploadsPage() {
  const { user, ready } = useAuth();
  if (!ready) return null;
  if (!user) {
    return (
      <Box sx={{ p: 3 }}>
        <LoginPrompt text="You have to login to upload data and to see your uploads." />
      </Box>
    );
  }
  return <UploadsOverview />;
}

function UploadsOverview() {
  const navigate = useNavigate();
  const { servicesUploadLimit } = useEnv();
  const unpublished = useUnpublishedUploadsCount();
  const commands = useCommandExamples();
  const create = useCreateUpload();
  const limitReached = unpublished.data !== undefined && unpublished.data >= servicesUploadLimit;

  const createUpload = (exampleUploadId?: string) =>
    create.mutate(exampleUploadId, {
      onSuccess: (response) => void navigate(uploadPath(response.upload_id)),
    });

  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Typography sx={{ mb: 2 }}>
        You can either create an upload and upload files through the browser:
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Button
          variant="contained"
          onClick={() => createUpload()}
          disabled={create.isPending || limitReached}
        >
          Create a new upload
        </Button>
        <Typography>or</Typography>
        <ExampleUploadsButton
          disabled={create.isPending || limitReached}
          adding={create.isPending}
          onAdd={(example) => createUpload(example.id)}
        />
        {limitReached ? (
          <Typography color="error" role="alert">
            You have reached maximum number of unpublished uploads!
          </Typography>
        ) : null}
      </Stack>
      <Typography sx={{ mt: 4 }}>
        Or, you can create an upload by sending a file-archive via shell command:
      </Typography>
      {commands.data ? <UploadCommands commands={commands.data} /> : null}
      <Divider sx={{ my: 2 }} />
      <UploadsList />
    </Box>
  );
}

/** With 'all' ticked, the uploads shown on this page are the selected ones. */
const selectedUploads = (selection: Selection, uploads: readonly Upload[]) =>
  selection.all ? uploads : uploads.filter((upload) => selection.ids.has(upload.upload_id));

function UploadsList() {
  const navigate = useNavigate();
  const caller = useCaller();
  const { query, pageState, setPageState, requestUrl } = useUploadsList();
  const deletion = useDeleteUploads();
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const uploads = query.data?.data ?? [];
  const selected = selectedUploads(selection, uploads);
  // Only the main author may delete an upload; a selection with someone else's cannot be deleted.
  const foreignSelected = selected.some((upload) => upload.main_author !== caller?.sub);

  const changePage = (state: typeof pageState) => {
    setSelection(NOTHING_SELECTED);
    setPageState(state);
  };
  const deleteSelected = () =>
    deletion.mutate(
      selected.map((upload) => upload.upload_id),
      { onSettled: () => setSelection(NOTHING_SELECTED) },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <TableToolbar
        title="Your existing uploads"
        selection={selection}
        selectionActions={
          <DeleteUploadButton
            uploads={selected}
            disabled={foreignSelected || deletion.isPending}
            onDelete={deleteSelected}
          />
        }
        actions={
          <>
            <Tooltip title="Reload the uploads">
              <IconButton aria-label="Reload the uploads" onClick={() => void query.refetch()}>
                <Refresh />
              </IconButton>
            </Tooltip>
            <ApiRequestButton url={query.data ? requestUrl : undefined} response={query.data} />
          </>
        }
      />
      <UploadsTable
        uploads={uploads}
        total={query.data?.pagination.total ?? 0}
        pageState={pageState}
        onPageStateChange={changePage}
        onOpen={(upload) => void navigate(uploadPath(upload.upload_id))}
        selection={{ value: selection, onChange: setSelection }}
        caller={caller}
      />
    </Paper>
  );
}
