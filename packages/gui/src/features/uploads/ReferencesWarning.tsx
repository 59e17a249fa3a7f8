import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReferencingEntries } from './useReferencingEntries.ts';

interface FileRow {
  key: string;
  mainfile?: string;
  upload_id?: string;
}

function FilesTable({ title, rows }: { title: string; rows: readonly FileRow[] }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>Mainfile</TableCell>
            <TableCell>Upload Id</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.mainfile}</TableCell>
              <TableCell>{row.upload_id}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Shown in delete dialogs when entries elsewhere refer to what is deleted: the references that break
 * and the entries that keep them (spec 3 §8).
 */
export function ReferencesWarning({ references, broken }: ReferencingEntries) {
  if (broken.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography color="error">
        Warning: There are some entries which are referenced somewhere else.
      </Typography>
      <FilesTable
        title="References being deleted"
        rows={references.map((reference, index) => ({
          key: reference.target_entry_id ?? String(index),
          mainfile: reference.target_mainfile,
          upload_id: reference.target_upload_id,
        }))}
      />
      <FilesTable
        title="Broken entries"
        rows={broken.map((entry, index) => ({
          key: entry.entry_id ?? String(index),
          mainfile: entry.mainfile,
          upload_id: entry.upload_id,
        }))}
      />
    </Box>
  );
}
