import { Alert, Box, Collapse, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { DoesNotExist } from '../../api/errors.ts';
import { useArchive } from './useEntry.ts';

/** The processed data (the archive) as JSON; an archive browser comes later. */
export function EntryDataTab({ entryId }: { entryId: string }) {
  const archive = useArchive(entryId, '*');
  const [open, setOpen] = useState(true);
  if (archive.isPending) return <Typography>loading ...</Typography>;
  if (archive.isError) {
    return (
      <Alert severity={archive.error instanceof DoesNotExist ? 'warning' : 'error'}>
        {archive.error instanceof DoesNotExist ? 'No archive exists for this entry.' : archive.error.message}
      </Alert>
    );
  }
  return (
    <Box>
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide the archive' : 'Show the archive'}
      </Button>
      <Collapse in={open}>
        <Box
          component="pre"
          sx={{ fontSize: '0.75rem', overflow: 'auto', maxHeight: '70vh', bgcolor: 'action.hover', p: 1 }}
        >
          {JSON.stringify(archive.data.data.archive, null, 2)}
        </Box>
      </Collapse>
    </Box>
  );
}
