import { Delete, OpenInNew } from '@mui/icons-material';
import {
  Autocomplete,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Dataset } from '@oasis/schema';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
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
  const headingId = useId();
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
    <Box sx={{ mt: 3 }} role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" gutterBottom>
        Datasets
      </Typography>
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
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 1 }}>
        <Button variant="contained" disabled={action === undefined} onClick={action?.run}>
          {action?.label ?? 'add'}
        </Button>
      </Box>
      {serverError ? (
        <Typography color="error" variant="body2" role="alert">
          {serverError}
        </Typography>
      ) : null}
      <List dense aria-label="datasets">
        {datasets.map((dataset) => (
          <DatasetListItem
            key={dataset.dataset_id ?? `new:${dataset.dataset_name}`}
            dataset={dataset}
            onRemove={onRemove}
          />
        ))}
      </List>
    </Box>
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
    <ListItem
      divider
      secondaryAction={
        <>
          {dataset.dataset_id !== undefined ? (
            <Tooltip title="Open in new tab">
              <IconButton
                size="small"
                aria-label={`Open ${dataset.dataset_name}`}
                component={RouterLink}
                to={`/user/datasets/dataset/id/${encodeURIComponent(dataset.dataset_id)}`}
                target="_blank"
              >
                <OpenInNew />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip
            title={fixed ? 'This dataset has a DOI; its entries cannot be taken out.' : 'Remove the dataset'}
          >
            <span>
              <IconButton
                size="small"
                aria-label={`Remove ${dataset.dataset_name}`}
                disabled={fixed}
                onClick={() => onRemove(dataset)}
              >
                <Delete />
              </IconButton>
            </span>
          </Tooltip>
        </>
      }
    >
      <ListItemText
        primary={dataset.dataset_name}
        secondary={dataset.doi ? `DOI: ${dataset.doi}` : undefined}
        sx={{ pr: 8 }}
      />
    </ListItem>
  );
}
