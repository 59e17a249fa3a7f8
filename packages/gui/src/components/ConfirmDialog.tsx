import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** Names the dialog; without a title, the text describes it. */
  title?: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/** Asks before an action that cannot be undone (deleting a dataset, assigning a DOI, publishing). */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      {...(title === undefined ? { 'aria-describedby': id } : { 'aria-labelledby': id })}
    >
      {title === undefined ? null : <DialogTitle id={id}>{title}</DialogTitle>}
      <DialogContent>
        <DialogContentText id={title === undefined ? id : undefined}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
