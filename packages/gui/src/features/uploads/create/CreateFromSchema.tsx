import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useState } from 'react';
import { CreateFromSchemaDialog } from './CreateFromSchemaDialog.tsx';

/** The first step's 'Create from schema' button and its dialog. */
export function CreateFromSchema({
  uploadId,
  disabled,
  onCreated,
}: {
  uploadId: string;
  disabled?: boolean;
  onCreated: (entryId: string | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<AddIcon />} disabled={disabled} onClick={() => setOpen(true)} sx={{ mt: 1 }}>
        Create from schema
      </Button>
      {open && (
        <CreateFromSchemaDialog
          uploadId={uploadId}
          open
          onClose={() => setOpen(false)}
          onCreated={onCreated}
        />
      )}
    </>
  );
}
