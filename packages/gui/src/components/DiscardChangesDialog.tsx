import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';

export interface DiscardChangesDialogProps {
  open: boolean;
  /** Back to editing. */
  onCancel: () => void;
  onDiscard: () => void;
}

/** Asked when an edit dialog with changes not yet submitted is cancelled (members and metadata). */
export function DiscardChangesDialog({ open, onCancel, onDiscard }: DiscardChangesDialogProps) {
  return (
    <Dialog open={open} aria-describedby="discard-changes-text">
      <DialogContent>
        <DialogContentText id="discard-changes-text">
          Your changes are not submitted yet. Discard changes?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={onDiscard}>Discard</Button>
      </DialogActions>
    </Dialog>
  );
}
