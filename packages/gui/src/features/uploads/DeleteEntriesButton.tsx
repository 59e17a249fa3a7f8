import { Checkbox, DialogContentText, FormControlLabel } from '@mui/material';
import { useState } from 'react';
import { ConfirmedDeleteButton } from './ConfirmedDeleteButton.tsx';
import type { DeletionTarget } from './useReferencingEntries.ts';

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
  const [withFolders, setWithFolders] = useState(false);
  const noun = count === 1 ? 'entry' : 'entries';
  return (
    <ConfirmedDeleteButton
      label="Delete selected entries"
      disabled={disabled}
      target={target}
      dialogLabel="Delete entries"
      question={`Please confirm deleting the ${noun}.`}
      onDelete={() => onDelete(withFolders)}
    >
      <DialogContentText>
        You have selected {count} {noun}. Are you sure you want to delete the selected {noun}?
      </DialogContentText>
      <FormControlLabel
        control={
          <Checkbox checked={withFolders} onChange={(event) => setWithFolders(event.target.checked)} />
        }
        label={`Delete also the ${count === 1 ? "entry's folder" : "entries' folders"}. There might be more entries in them.`}
      />
    </ConfirmedDeleteButton>
  );
}
