import { DialogContentText } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useMemo } from 'react';
import { ConfirmedDeleteButton } from './ConfirmedDeleteButton.tsx';
import type { DeletionTarget } from './useReferencingEntries.ts';

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
  const target: DeletionTarget = useMemo(
    () => ({ kind: 'uploads', ids: uploads.map((upload) => upload.upload_id) }),
    [uploads],
  );
  const count = uploads.length;
  const noun = count === 1 ? 'upload' : 'uploads';
  const shared = uploads.some(
    (upload) => (upload.coauthors?.length ?? 0) > 0 || (upload.reviewers?.length ?? 0) > 0,
  );
  const label = tooltip ?? `Delete selected ${noun}`;
  return (
    <ConfirmedDeleteButton
      label={label}
      disabled={disabled || count === 0}
      target={target}
      dialogLabel={`Delete ${noun}`}
      question={`Please confirm deleting the ${noun}`}
      onDelete={onDelete}
    >
      <DialogContentText>
        {count > 1 ? `You have selected ${count} uploads. ` : ''}
        {shared
          ? `The ${noun} you are about to delete ${count > 1 ? 'have' : 'has'} been shared with at least one coauthor or reviewer. `
          : ''}
        {`Are you sure you want to delete the selected ${noun}? This cannot be undone.`}
      </DialogContentText>
    </ConfirmedDeleteButton>
  );
}
