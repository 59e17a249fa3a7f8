import { Refresh } from '@mui/icons-material';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { CopyButton } from './CopyButton.tsx';
import { DeleteUploadButton } from './DeleteUploadButton.tsx';

export interface UploadHeaderProps {
  upload: Upload;
  canDelete: boolean;
  deleting: boolean;
  onReload: () => void;
  onDelete: () => void;
}

/** Name and id of the upload with the actions on the whole upload. */
export function UploadHeader({ upload, canDelete, deleting, onReload, onDelete }: UploadHeaderProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <Stack sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h1">
          {upload.upload_name || 'unnamed upload'}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="caption">upload id: {upload.upload_id}</Typography>
          <CopyButton value={upload.upload_id} label="Copy the upload id" />
        </Stack>
      </Stack>
      <Tooltip title="Reload the upload">
        <IconButton aria-label="reload" onClick={onReload}>
          <Refresh />
        </IconButton>
      </Tooltip>
      {canDelete ? (
        <DeleteUploadButton disabled={deleting || upload.process_running} onDelete={onDelete} />
      ) : null}
    </Stack>
  );
}
