// Icons by path: the package index loads every icon, which takes seconds in the tests.
import ArrowForward from '@mui/icons-material/ArrowForward';
import Bookmark from '@mui/icons-material/Bookmark';
import Delete from '@mui/icons-material/Delete';
import { IconButton, Stack, Tooltip } from '@mui/material';
import type { Dataset } from '@oasis/schema';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useEnv } from '../../core/EnvProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { datasetPath } from './paths.ts';
import { useDatasetAction } from './useDatasets.ts';

/** Why the DOI action is disabled on an installation without DataCite: the operator's setting to ask for. */
export const DOI_NOT_CONFIGURED =
  "DOIs need DataCite, which the operator of this installation has not configured ('datacite' in nomad.yaml).";

/**
 * The row actions of 'Your datasets': assign a DOI (disabled, saying why, where DataCite is not configured),
 * delete, open.
 * A DOI makes the dataset final, so both changing actions are disabled once it has one.
 */
export function DatasetActions({ dataset }: { dataset: Dataset }) {
  const { dataciteEnabled } = useEnv();
  const [confirming, setConfirming] = useState<'delete' | 'doi' | undefined>(undefined);
  const remove = useDatasetAction('datasetDelete');
  const assignDoi = useDatasetAction('datasetDoi');
  const hasDoi = Boolean(dataset.doi);
  const close = () => setConfirming(undefined);
  const name = dataset.dataset_name;

  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip
        title={
          !dataciteEnabled ? DOI_NOT_CONFIGURED : hasDoi ? 'The dataset already has a DOI' : 'Assign a DOI'
        }
      >
        <span>
          <IconButton
            aria-label={`assign a DOI to ${name}`}
            disabled={!dataciteEnabled || hasDoi || assignDoi.isPending}
            onClick={() => setConfirming('doi')}
          >
            <Bookmark />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip
        title={
          hasDoi
            ? 'The dataset cannot be deleted. A DOI has been assigned to the dataset.'
            : 'Delete the dataset'
        }
      >
        <span>
          <IconButton
            aria-label={`delete ${name}`}
            disabled={hasDoi || remove.isPending}
            onClick={() => setConfirming('delete')}
          >
            <Delete />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Open the dataset">
        <IconButton aria-label={`open ${name}`} component={RouterLink} to={datasetPath(dataset.dataset_id)}>
          <ArrowForward />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete dataset"
        confirmLabel="Delete"
        onCancel={close}
        onConfirm={() => {
          close();
          remove.mutate(dataset.dataset_id);
        }}
      >
        Are you sure you want to permanently delete the dataset?
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'doi'}
        title="Confirm that you want to assign a DOI"
        confirmLabel="Assign DOI"
        onCancel={close}
        onConfirm={() => {
          close();
          assignDoi.mutate(dataset.dataset_id);
        }}
      >
        Assigning a DOI is permanent. You will not be able to remove entries from datasets with a DOI. You
        cannot delete datasets with a DOI.
      </ConfirmDialog>
    </Stack>
  );
}
