import Delete from '@mui/icons-material/Delete';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  FormControlLabel,
  IconButton,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { ReferencesWarning } from './ReferencesWarning.tsx';
import { useReferencingEntries, type DeletionTarget } from './useReferencingEntries.ts';

export interface DeleteEntriesButtonProps {
  /** The selected entries, or (all selected) the whole upload. */
  target: DeletionTarget;
  count: number;
  disabled: boolean;
  onDelete: (withFolders: boolean) => void;
}

/**
 * Deletes the selected entries (their mainfiles) after a confirmation that warns about entries elsewhere
 * that refer to them; the entries' folders can go with them (spec 3 §8).
 */
export function DeleteEntriesButton({ target, count, disabled, onDelete }: DeleteEntriesButtonProps) {
  const [open, setOpen] = useState(false);
  const [withFolders, setWithFolders] = useState(false);
  const referencing = useReferencingEntries(target, open);
  const noun = count === 1 ? 'entry' : 'entries';
  return (
    <>
      <Tooltip title="Delete selected entries">
        <span>
          <IconButton aria-label="Delete selected entries" disabled={disabled} onClick={() => setOpen(true)}>
            <Delete />
          </IconButton>
        </span>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { 'aria-label': 'Delete entries' } }}
      >
        <DialogContent>
          <DialogContentText sx={{ fontWeight: 'bold' }}>
            Please confirm deleting the {noun}.
          </DialogContentText>
          <DialogContentText>
            You have selected {count} {noun}. Are you sure you want to delete the selected {noun}?
          </DialogContentText>
          <FormControlLabel
            control={
              <Checkbox checked={withFolders} onChange={(event) => setWithFolders(event.target.checked)} />
            }
            label={`Delete also the ${count === 1 ? "entry's folder" : "entries' folders"}. There might be more entries in them.`}
          />
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
              onDelete(withFolders);
            }}
          >
            {referencing.broken.length > 0 ? 'Delete anyway' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
