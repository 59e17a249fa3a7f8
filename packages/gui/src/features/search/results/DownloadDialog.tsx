import CloudDownload from '@mui/icons-material/CloudDownload';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import type { Owner } from '@oasis/schema';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { downloadQuery, downloadUrl } from './downloads.ts';
import { isEmptySelection, type Selection } from '../../../components/table/selection.ts';

/**
 * Download of raw files or processed data (archives) for the selected entries, or for all results of
 * the query when nothing (or all) is selected. The links are plain browser navigations to the API.
 */
export function DownloadDialog(props: {
  owner: Owner;
  apiQuery: Readonly<Record<string, unknown>>;
  selection: Selection;
  total: number | undefined;
}) {
  const { owner, apiQuery, selection, total } = props;
  const api = useApi();
  const [open, setOpen] = useState(false);
  const target = isEmptySelection(selection) ? ({ all: true } as const) : selection;
  const query = downloadQuery(apiQuery, target);
  const count = target.all ? total : target.ids.size;
  const what = target.all ? 'all results of the current search' : 'the selected entries';
  return (
    <>
      <Button size="small" startIcon={<CloudDownload />} onClick={() => setOpen(true)} disabled={total === 0}>
        Download
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>Download</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`Download ${what}${count === undefined ? '' : ` (${count} ${count === 1 ? 'entry' : 'entries'})`}.`}
          </DialogContentText>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" component="a" href={downloadUrl(api, 'raw', owner, query)}>
              Raw files
            </Button>
            <Button variant="contained" component="a" href={downloadUrl(api, 'archive', owner, query)}>
              Processed data
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
