import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useErrors } from '../../../core/errors.tsx';
import { datasetCreated, editMetadata, type MetadataOp } from './metadataEdits.ts';
import { fieldErrorsOf } from './validation.ts';

interface SubmitOptions {
  uploadId: string;
  entryIds: readonly string[] | undefined;
  /** The staged changes, updated as new datasets come into existence. */
  setOps: Dispatch<SetStateAction<MetadataOp[]>>;
  onSaved: () => void;
}

/**
 * Submits staged changes as NOMAD's GUI does: new datasets are created first (the edit API only refers to
 * existing ones), then the edit is checked by the server (`verify_only`) and only then carried out.
 * Rejections of references or datasets are returned as `fieldErrors`, to be shown at the field.
 */
export function useSubmitMetadata({ uploadId, entryIds, setOps, onSaved }: SubmitOptions) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { raiseError } = useErrors();
  const mutation = useMutation({
    mutationFn: async (ops: readonly MetadataOp[]) => {
      let staged = [...ops];
      for (const op of ops) {
        if (op.op !== 'createDataset') continue;
        const created = (await api.call('datasetCreate', { body: { dataset_name: op.name } })).data;
        staged = datasetCreated(staged, created);
        // It exists now: submitting again after a rejection must not create it a second time.
        setOps((current) => datasetCreated(current, created));
        void queryClient.invalidateQueries({ queryKey: ['datasets'] });
      }
      const request = {
        metadata: editMetadata(staged),
        // Co-authors edit too ('user' is the main author's uploads only); a list in a query means all of its
        // values, so several entries are selected with `:any`.
        owner: 'visible' as const,
        ...(entryIds ? { query: { 'entry_id:any': [...entryIds] } } : {}),
      };
      const params = { upload_id: uploadId };
      await api.call('uploadEdit', { params, body: { ...request, verify_only: true } });
      return api.call('uploadEdit', { params, body: { ...request, verify_only: false } });
    },
    // Field errors are shown in the dialog; anything else goes to the snackbar.
    meta: { silent: true },
    onError: (error) => {
      if (!fieldErrorsOf(error)) raiseError(error);
    },
    onSuccess: onSaved,
  });
  return { ...mutation, fieldErrors: fieldErrorsOf(mutation.error) };
}
