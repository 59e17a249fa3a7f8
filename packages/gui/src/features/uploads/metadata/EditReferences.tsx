import { Delete, OpenInNew } from '@mui/icons-material';
import {
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
import { useId, useState } from 'react';
import { safeHref } from '../../../components/safeUrl.ts';
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
  const headingId = useId();
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
    <Box sx={{ mt: 3 }} role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" gutterBottom>
        References
      </Typography>
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
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 1 }}>
        <Button variant="contained" disabled={url === '' || duplicate !== undefined} onClick={add}>
          add
        </Button>
      </Box>
      {serverError ? (
        <Typography color="error" variant="body2" role="alert">
          {serverError}
        </Typography>
      ) : null}
      <List dense aria-label="references">
        {references.map((reference) => (
          <ReferenceItem key={reference} reference={reference} onRemove={onRemove} />
        ))}
      </List>
    </Box>
  );
}

function ReferenceItem({ reference, onRemove }: { reference: string; onRemove: (url: string) => void }) {
  // A reference may be any URL; only one that is safe to follow becomes a link.
  const href = safeHref(reference, { absolute: true });
  return (
    <ListItem
      divider
      secondaryAction={
        <>
          {href ? (
            <Tooltip title="Open in new tab">
              <IconButton
                size="small"
                aria-label={`Open ${reference}`}
                href={href}
                target="_blank"
                rel="noreferrer"
              >
                <OpenInNew />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title="Remove the reference">
            <IconButton size="small" aria-label={`Remove ${reference}`} onClick={() => onRemove(reference)}>
              <Delete />
            </IconButton>
          </Tooltip>
        </>
      }
    >
      <ListItemText primary={reference} slotProps={{ primary: { noWrap: true } }} sx={{ pr: 8 }} />
    </ListItem>
  );
}
