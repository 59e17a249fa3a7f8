import Delete from '@mui/icons-material/Delete';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  IconButton,
  Tooltip,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { ReferencesWarning } from './ReferencesWarning.tsx';
import { useReferencingEntries, type DeletionTarget } from './useReferencingEntries.ts';

export interface ConfirmedDeleteButtonProps {
  /** The button's tooltip and name. */
  label: string;
  disabled: boolean;
  /** What is deleted; entries elsewhere that refer to it are named in the dialog. */
  target: DeletionTarget;
  /** The dialog's name. */
  dialogLabel: string;
  /** The dialog's first line, in bold. */
  question: string;
  /** The rest of the dialog, above the warning about references. */
  children: ReactNode;
  onDelete: () => void;
}

/**
 * A delete button that asks first; the dialog warns when entries that stay refer to deleted ones and then
 * asks to 'Delete anyway' (spec 3 §8).
 */
export function ConfirmedDeleteButton(props: ConfirmedDeleteButtonProps) {
  const { label, disabled, target, dialogLabel, question, children, onDelete } = props;
  const [open, setOpen] = useState(false);
  const referencing = useReferencingEntries(target, open);
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} disabled={disabled} onClick={() => setOpen(true)}>
            <Delete />
          </IconButton>
        </span>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} slotProps={{ paper: { 'aria-label': dialogLabel } }}>
        <DialogContent>
          <DialogContentText sx={{ fontWeight: 'bold' }}>{question}</DialogContentText>
          {children}
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
