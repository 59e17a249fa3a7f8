import { Autocomplete, ListItemText, TextField } from '@mui/material';
import type { Dataset } from '@oasis/schema';
import { useState } from 'react';
import { EditList, EditListItem } from './EditList.tsx';
import type { DatasetItem } from './metadataEdits.ts';
import { ALREADY_IN_DATASET, datasetNameError } from './validation.ts';

export interface EditDatasetsProps {
  datasets: readonly DatasetItem[];
  /** The user's datasets, to choose from. */
  userDatasets: readonly Dataset[];
  serverError?: string;
  onCreate: (name: string) => void;
  onAdd: (dataset: Dataset) => void;
  onRemove: (dataset: DatasetItem) => void;
}

/** The datasets of the entries: add them to a new dataset or an existing one of the user's, or take them out. */
export function EditDatasets({
  datasets,
  userDatasets,
  serverError,
  onCreate,
  onAdd,
  onRemove,
}: EditDatasetsProps) {
  const [name, setName] = useState('');
  const [existing, setExisting] = useState<Dataset | null>(null);
  const nameError = datasetNameError(name, userDatasets, datasets);
  const alreadyIn =
    existing !== null && datasets.some(({ dataset_id }) => dataset_id === existing.dataset_id);

  // One button for both ways, as NOMAD: a valid new name wins over a chosen existing dataset.
  const action =
    name !== '' && nameError === undefined
      ? {
          label: 'add entry to new dataset',
          run: () => {
            onCreate(name);
            setName('');
          },
        }
      : existing !== null && !alreadyIn
        ? {
            label: 'add entry to existing dataset',
            run: () => {
              onAdd(existing);
              setExisting(null);
            },
          }
        : undefined;

  return (
    <EditList
      title="Datasets"
      addLabel={action?.label ?? 'add'}
      addDisabled={action === undefined}
      onAdd={action?.run}
      serverError={serverError}
      listLabel="datasets"
      items={datasets.map((dataset) => (
        <DatasetListItem
          key={dataset.dataset_id ?? `new:${dataset.dataset_name}`}
          dataset={dataset}
          onRemove={onRemove}
        />
      ))}
    >
      <TextField
        fullWidth
        variant="filled"
        size="small"
        label="Create a new dataset"
        placeholder="Dataset name"
        value={name}
        error={nameError !== undefined}
        helperText={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <Autocomplete<Dataset>
        options={userDatasets}
        value={existing}
        onChange={(_event, value) => setExisting(value)}
        getOptionLabel={(option) => option.dataset_name}
        getOptionKey={(option) => option.dataset_id}
        isOptionEqualToValue={(option, value) => option.dataset_id === value.dataset_id}
        renderInput={(params) => (
          <TextField
            {...params}
            variant="filled"
            size="small"
            margin="normal"
            label="Search for an existing dataset"
            placeholder="Dataset name"
            error={alreadyIn}
            helperText={alreadyIn ? ALREADY_IN_DATASET : undefined}
          />
        )}
      />
    </EditList>
  );
}

function DatasetListItem({
  dataset,
  onRemove,
}: {
  dataset: DatasetItem;
  onRemove: (dataset: DatasetItem) => void;
}) {
  // A DOI makes a dataset final: its entries stay in it (spec 3 §4); one just added here may still go.
  const fixed = Boolean(dataset.doi) && !dataset.staged;
  return (
    <EditListItem
      name={dataset.dataset_name}
      open={
        dataset.dataset_id === undefined
          ? undefined
          : { to: `/user/datasets/dataset/id/${encodeURIComponent(dataset.dataset_id)}` }
      }
      removeTooltip={
        fixed ? 'This dataset has a DOI; its entries cannot be taken out.' : 'Remove the dataset'
      }
      removeDisabled={fixed}
      onRemove={() => onRemove(dataset)}
    >
      <ListItemText
        primary={dataset.dataset_name}
        secondary={dataset.doi ? `DOI: ${dataset.doi}` : undefined}
        sx={{ pr: 8 }}
      />
    </EditListItem>
  );
}
