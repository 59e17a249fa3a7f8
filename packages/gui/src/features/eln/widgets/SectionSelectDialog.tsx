import {
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { useElnEntry } from '../elnContext.tsx';
import {
  OWNER_FILTERS,
  sectionSelectRequest,
  type OwnerFilter,
  type SectionSelectFilter,
} from '../sectionSelect.ts';

export interface SelectedEntry {
  entry_id: string;
  upload_id: string;
  entry_name?: string;
  mainfile?: string;
}

/**
 * The section-select dialog (spec 2 §6): entries whose data is of the referenced section, filtered by
 * whose they are (All, Only mine, Only from others, Only this upload) and whether they are published;
 * the newest 20 are listed, and a click chooses one.
 */
export function SectionSelectDialog({
  target,
  sectionName,
  onSelect,
  onClose,
}: {
  target: string;
  sectionName: string;
  onSelect: (entry: SelectedEntry) => void;
  onClose: () => void;
}) {
  const api = useApi();
  const me = useAuth().user?.sub;
  const { uploadId } = useElnEntry();
  const [filter, setFilter] = useState<SectionSelectFilter>({
    owner: 'all',
    published: true,
    unpublished: true,
  });
  const found = useQuery({
    queryKey: ['eln', 'section-select', target, filter, me, uploadId],
    meta: { silent: true },
    queryFn: async () =>
      (await api.call('entriesQuery', { body: sectionSelectRequest(target, filter, me, uploadId) }))
        .data as (SelectedEntry & { published?: boolean })[],
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="section-select-title">
      <DialogTitle id="section-select-title">Select {sectionName}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <RadioGroup
            row
            aria-label="whose entries"
            value={filter.owner}
            onChange={(event) => setFilter({ ...filter, owner: event.target.value as OwnerFilter })}
          >
            {OWNER_FILTERS.map(({ value, label }) => (
              <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={label} />
            ))}
          </RadioGroup>
          {(['published', 'unpublished'] as const).map((key) => (
            <FormControlLabel
              key={key}
              label={key === 'published' ? 'Published' : 'Unpublished'}
              control={
                <Checkbox
                  size="small"
                  checked={filter[key]}
                  onChange={(event) => setFilter({ ...filter, [key]: event.target.checked })}
                />
              }
            />
          ))}
        </Stack>
        {found.isError ? (
          <Typography color="error">{found.error.message}</Typography>
        ) : (
          <Table size="small" aria-label="entries to select">
            <TableHead>
              <TableRow>
                <TableCell>name</TableCell>
                <TableCell>mainfile</TableCell>
                <TableCell>upload</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(found.data ?? []).map((entry) => (
                <TableRow
                  key={entry.entry_id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => {
                    onSelect(entry);
                    onClose();
                  }}
                >
                  <TableCell>{entry.entry_name ?? entry.entry_id}</TableCell>
                  <TableCell>{entry.mainfile}</TableCell>
                  <TableCell>{entry.upload_id === uploadId ? 'this upload' : entry.upload_id}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {found.data?.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No entries of this kind match.
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
