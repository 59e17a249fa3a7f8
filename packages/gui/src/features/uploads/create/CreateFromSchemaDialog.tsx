import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  InputLabel,
  ListSubheader,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import {
  builtinChoices,
  type CustomSchema,
  isExistingPath,
  useCreateEntry,
  useCustomSchemas,
} from '../../eln/index.ts';

const CATEGORY_LABELS: Record<string, string> = {
  BasicElnCategory: 'Basic',
  ElnExampleCategory: 'Examples',
  ElnIntegrationCategory: 'Integrations',
  UseCaseElnCategory: 'Use cases',
  WorkflowsElnCategory: 'Workflows',
  Other: 'Other',
};

/** The built-in entry types as menu items, a heading before each category. */
const builtinItems = () => {
  const items = [];
  let category: string | undefined;
  for (const schema of builtinChoices()) {
    if (schema.category !== category) {
      category = schema.category;
      items.push(<ListSubheader key={category}>{CATEGORY_LABELS[category] ?? category}</ListSubheader>);
    }
    items.push(
      <MenuItem key={schema.qualifiedName} value={schema.qualifiedName}>
        {schema.label}
      </MenuItem>,
    );
  }
  return items;
};

/**
 * 'Create from schema' (spec 3 §5, §8): a name and a built-in or custom entry type; the new entry is
 * processed before the dialog closes, then opened.
 */
export function CreateFromSchemaDialog({
  uploadId,
  open,
  onClose,
  onCreated,
}: {
  uploadId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (entryId: string | undefined) => void;
}) {
  const [name, setName] = useState('');
  const [source, setSource] = useState<'builtin' | 'custom'>('builtin');
  const [builtin, setBuiltin] = useState('');
  const [custom, setCustom] = useState<CustomSchema | null>(null);
  const [exists, setExists] = useState(false);
  const schemas = useCustomSchemas(uploadId, open && source === 'custom');
  const create = useCreateEntry(uploadId);
  const mDef = source === 'builtin' ? builtin : custom?.reference;
  const submit = () => {
    if (!mDef) return;
    create.mutate(
      { name, mDef, ...(source === 'custom' && custom ? { template: custom.template } : {}) },
      {
        onSuccess: (entryId) => {
          onClose();
          onCreated(entryId);
        },
        onError: (error) => setExists(isExistingPath(error)),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Create from schema</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} autoFocus />
          <RadioGroup
            row
            value={source}
            onChange={(event) => setSource(event.target.value as 'builtin' | 'custom')}
          >
            <FormControlLabel value="builtin" control={<Radio />} label="Built-in schema" />
            <FormControlLabel value="custom" control={<Radio />} label="Custom schema" />
          </RadioGroup>
          {source === 'builtin' ? (
            <FormControl fullWidth>
              <InputLabel id="builtin-schema">Schema</InputLabel>
              <Select
                labelId="builtin-schema"
                label="Schema"
                value={builtin}
                onChange={(event) => setBuiltin(event.target.value)}
              >
                {builtinItems()}
              </Select>
            </FormControl>
          ) : (
            <Autocomplete
              options={schemas.data ?? []}
              loading={schemas.isLoading}
              value={custom}
              onChange={(_, chosen) => setCustom(chosen)}
              getOptionLabel={(schema) => `${schema.name} (${schema.mainfile})`}
              isOptionEqualToValue={(a, b) => a.reference === b.reference}
              renderInput={(params) => (
                <TextField {...params} label="Schema" placeholder="search by entry or file name" />
              )}
            />
          )}
          {create.isError && !isExistingPath(create.error) && (
            <Alert severity="error">{create.error.message}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={name.trim() === '' || !mDef || create.isPending}
          onClick={submit}
        >
          Create
        </Button>
      </DialogActions>
      <Dialog open={exists} onClose={() => setExists(false)} aria-labelledby="entry-exists-title">
        <DialogTitle id="entry-exists-title">Entry already exists</DialogTitle>
        <DialogContent>
          <DialogContentText>
            A mainfile with the specified name already exists. Please choose a different name.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExists(false)} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
