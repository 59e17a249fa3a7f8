import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';

interface NameField {
  label: string;
  initial: string;
  /** An empty value disables the confirm button (spec 3 §5: names must be non-empty). */
  required?: boolean;
}

interface NameDialogProps {
  title: string;
  confirmLabel: string;
  fields: readonly NameField[];
  onCancel: () => void;
  onConfirm: (values: string[]) => void;
}

/** Asks for one or more names (new folder, duplicate, copy or move target). */
export function NameDialog({ title, confirmLabel, fields, onCancel, onConfirm }: NameDialogProps) {
  const [values, setValues] = useState(() => fields.map((field) => field.initial));
  const valid = fields.every((field, index) => !field.required || (values[index] ?? '').trim() !== '');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="name-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="name-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {fields.map((field, index) => (
          <TextField
            key={field.label}
            label={field.label}
            value={values[index] ?? ''}
            autoFocus={index === 0}
            fullWidth
            margin="dense"
            onChange={(event) =>
              setValues((current) => current.map((value, at) => (at === index ? event.target.value : value)))
            }
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button disabled={!valid} onClick={() => onConfirm(values.map((value) => value.trim()))}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
