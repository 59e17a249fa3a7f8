import { Delete } from '@mui/icons-material';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';

export interface DeleteUploadButtonProps {
  disabled: boolean;
  onDelete: () => void;
}

/** Deleting cannot be undone, so it is confirmed first. */
export function DeleteUploadButton({ disabled, onDelete }: DeleteUploadButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Delete the upload">
        <span>
          <IconButton aria-label="delete" disabled={disabled} onClick={() => setOpen(true)}>
            <Delete />
          </IconButton>
        </span>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Delete upload</DialogTitle>
        <DialogContent>
          You are about to delete this upload with all its files and entries. This cannot be undone.
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            color="error"
            onClick={() => {
              setOpen(false);
              onDelete();
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
