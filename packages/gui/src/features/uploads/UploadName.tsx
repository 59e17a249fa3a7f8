import Edit from '@mui/icons-material/Edit';
import { Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';

export interface UploadNameProps {
  name: string | null | undefined;
  /** Whether the name may be changed (writers of unpublished uploads). */
  editable: boolean;
  saving: boolean;
  /** Gets the trimmed name; an empty one removes the name. */
  onSave: (name: string) => void;
}

/** The upload's name as heading; writers edit it in place ('unnamed upload' when it has none). */
export function UploadName({ name, editable, saving, onSave }: UploadNameProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (draft !== undefined) {
    const save = () => {
      onSave(draft.trim());
      setDraft(undefined);
    };
    return (
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center' }}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          size="small"
          fullWidth
          autoFocus
          label="Upload name"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(undefined);
          }}
        />
        <Button type="submit" size="small" variant="contained">
          save
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="h6" component="h1" sx={{ fontStyle: name ? undefined : 'italic' }}>
        {name || 'unnamed upload'}
      </Typography>
      {editable ? (
        <Tooltip title="Edit the upload name">
          <span>
            <IconButton
              size="small"
              aria-label="Edit the upload name"
              disabled={saving}
              onClick={() => setDraft(name ?? '')}
            >
              <Edit fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </Stack>
  );
}
