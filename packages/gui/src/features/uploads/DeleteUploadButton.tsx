import { Delete } from '@mui/icons-material';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  IconButton,
  Tooltip,
} from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useMemo, useState } from 'react';
import { ReferencesWarning } from './ReferencesWarning.tsx';
import { useReferencingEntries, type DeletionTarget } from './useReferencingEntries.ts';

type DeletedUpload = Pick<Upload, 'upload_id' | 'coauthors' | 'reviewers'>;

export interface DeleteUploadButtonProps {
  uploads: readonly DeletedUpload[];
  disabled: boolean;
  /** Defaults to 'Delete selected upload(s)'. */
  tooltip?: string;
  onDelete: () => void;
}

/**
 * Deleting cannot be undone, so it is confirmed first; the dialog warns when other entries refer to
 * entries of the uploads and then asks to 'Delete anyway'.
 */
export function DeleteUploadButton({ uploads, disabled, tooltip, onDelete }: DeleteUploadButtonProps) {
  const [open, setOpen] = useState(false);
  const target: DeletionTarget = useMemo(
    () => ({ kind: 'uploads', ids: uploads.map((upload) => upload.upload_id) }),
    [uploads],
  );
  const referencing = useReferencingEntries(target, open);
  const count = uploads.length;
  const noun = count === 1 ? 'upload' : 'uploads';
  const shared = uploads.some(
    (upload) => (upload.coauthors?.length ?? 0) > 0 || (upload.reviewers?.length ?? 0) > 0,
  );
  const label = tooltip ?? `Delete selected ${noun}`;
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} disabled={disabled || count === 0} onClick={() => setOpen(true)}>
            <Delete />
          </IconButton>
        </span>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { 'aria-label': `Delete ${noun}` } }}
      >
        <DialogContent>
          <DialogContentText sx={{ fontWeight: 'bold' }}>
            Please confirm deleting the {noun}
          </DialogContentText>
          <DialogContentText>
            {count > 1 ? `You have selected ${count} uploads. ` : ''}
            {shared
              ? `The ${noun} you are about to delete ${count > 1 ? 'have' : 'has'} been shared with at least one coauthor or reviewer. `
              : ''}
            {`Are you sure you want to delete the selected ${noun}? This cannot be undone.`}
          </DialogContentText>
          <ReferencesWarning {...referencing} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            onClick={() => {
              setOpen(false);
              onDelete();
            }}
          >
            {referencing.broken.length > 0 ? 'Delete anyway' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
