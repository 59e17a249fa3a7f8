import { Refresh } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useEnv } from '../../app/EnvProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';
import { UploadsTable } from './UploadsTable.tsx';
import { uploadPath } from './paths.ts';
import { useCreateUpload, useUnpublishedUploadsCount, useUploadsList } from './useUploads.ts';

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
  const create = useCreateUpload();
  const limitReached = unpublished.data !== undefined && unpublished.data >= servicesUploadLimit;

  const createUpload = () =>
    create.mutate(undefined, { onSuccess: (response) => void navigate(uploadPath(response.upload_id)) });

  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Button variant="contained" onClick={createUpload} disabled={create.isPending || limitReached}>
          Create a new upload
        </Button>
      </Stack>
      {limitReached ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          You have reached maximum number of unpublished uploads!
        </Alert>
      ) : null}
      <UploadsList />
    </Box>
  );
}

function UploadsList() {
  const navigate = useNavigate();
  const { query, pageState, setPageState } = useUploadsList();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          Your existing uploads
        </Typography>
        <Tooltip title="Reload the uploads">
          <IconButton aria-label="reload" onClick={() => void query.refetch()}>
            <Refresh />
          </IconButton>
        </Tooltip>
      </Stack>
      <UploadsTable
        uploads={query.data?.data ?? []}
        total={query.data?.pagination.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        onOpen={(upload) => void navigate(uploadPath(upload.upload_id))}
      />
    </Paper>
  );
}
