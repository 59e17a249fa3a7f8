import { Button, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useState } from 'react';
import { EditMetadataDialog } from './EditMetadataDialog.tsx';

export interface MetadataStepProps {
  upload: Upload;
  /** Called after the metadata was changed on the server, to load the upload again. */
  onChanged?: () => void;
}

/** The step 'Edit metadata' for a writer: edits comment, references and datasets of all entries at once. */
export function MetadataStep({ upload, onChanged }: MetadataStepProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Describe your data further with a comment and references (e.g. links to publications), and collect
        entries in datasets. Select single entries in the list above to edit only those, or edit all entries
        of the upload here.
      </Typography>
      {upload.entries > 0 ? (
        <Button variant="contained" disabled={upload.process_running} onClick={() => setOpen(true)}>
          {upload.entries > 1
            ? `Edit metadata of all ${upload.entries} entries`
            : 'Edit metadata of all the entries'}
        </Button>
      ) : null}
      <EditMetadataDialog
        open={open}
        onClose={() => setOpen(false)}
        uploadId={upload.upload_id}
        onSaved={onChanged}
      />
    </>
  );
}
