import { ListItemText, TextField } from '@mui/material';
import { useState } from 'react';
import { safeHref } from '../../../components/safeUrl.ts';
import { EditList, EditListItem } from './EditList.tsx';
import { duplicateReferenceError, INVALID_URL, isValidUrl } from './validation.ts';

export interface EditReferencesProps {
  references: readonly string[];
  /** What the server said about the references of the last submit. */
  serverError?: string;
  onAdd: (url: string) => void;
  onRemove: (url: string) => void;
}

/** The entries' references (URLs, e.g. of publications): add a checked URL, remove listed ones. */
export function EditReferences({ references, serverError, onAdd, onRemove }: EditReferencesProps) {
  const [url, setUrl] = useState('');
  // A malformed URL is reported when adding it; a duplicate already while typing.
  const [invalid, setInvalid] = useState(false);
  const duplicate = duplicateReferenceError(url, references);
  const error = duplicate ?? (invalid ? INVALID_URL : undefined);
  const add = () => {
    if (!isValidUrl(url)) {
      setInvalid(true);
      return;
    }
    onAdd(url);
    setUrl('');
  };

  return (
    <EditList
      title="References"
      addLabel="add"
      addDisabled={url === '' || duplicate !== undefined}
      onAdd={add}
      serverError={serverError}
      listLabel="references"
      items={references.map((reference) => (
        <ReferenceItem key={reference} reference={reference} onRemove={onRemove} />
      ))}
    >
      <TextField
        fullWidth
        variant="filled"
        size="small"
        label="Enter the URL"
        value={url}
        error={error !== undefined}
        helperText={error}
        onChange={(event) => {
          setUrl(event.target.value);
          setInvalid(false);
        }}
      />
    </EditList>
  );
}

function ReferenceItem({ reference, onRemove }: { reference: string; onRemove: (url: string) => void }) {
  // A reference may be any URL; only one that is safe to follow becomes a link.
  const href = safeHref(reference, { absolute: true });
  return (
    <EditListItem
      name={reference}
      open={href ? { href } : undefined}
      removeTooltip="Remove the reference"
      onRemove={() => onRemove(reference)}
    >
      <ListItemText primary={reference} slotProps={{ primary: { noWrap: true } }} sx={{ pr: 8 }} />
    </EditListItem>
  );
}
