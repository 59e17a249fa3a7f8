import { Stack, Typography } from '@mui/material';
import { SafeLink } from '../../components/SafeLink.tsx';
import type { UploadEntry } from '@oasis/schema';
import { displayValue, formatAuthors } from '../../components/format.ts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatDateTime } from '../../components/dateTime.ts';
import type { Column } from '../../components/table/PagedTable.tsx';

const metadata = (entry: UploadEntry) => entry.entry_metadata ?? {};

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Typography variant="body2" noWrap>
        {value}
      </Typography>
      {/* Copying must not also open the entry the row links to. */}
      <span onClick={(event) => event.stopPropagation()}>
        <CopyButton value={value} label={label} />
      </span>
    </Stack>
  );
}

function References({ references }: { references: readonly string[] }) {
  if (references.length === 0) return <i>no references</i>;
  return (
    <>
      {references.map((reference, index) => (
        <span key={reference}>
          <SafeLink
            href={reference}
            absolute
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => e.stopPropagation()}
          />
          {index + 1 < references.length ? ', ' : null}
        </span>
      ))}
    </>
  );
}

/** The columns of the upload's entries table (spec 3 §2), in their order. */
export const ENTRY_COLUMNS: readonly Column<UploadEntry>[] = [
  { key: 'entry_name', label: 'Name', render: (entry) => displayValue(metadata(entry).entry_name) },
  { key: 'entry_type', label: 'Type', render: (entry) => displayValue(metadata(entry).entry_type) },
  {
    key: 'mainfile',
    label: 'Mainfile',
    orderBy: 'mainfile',
    render: (entry) => <Copyable value={entry.mainfile} label="Copy the mainfile" />,
  },
  {
    key: 'entry_id',
    label: 'Entry id',
    render: (entry) => <Copyable value={entry.entry_id} label="Copy the entry id" />,
  },
  { key: 'parser_name', label: 'Parser name', orderBy: 'parser_name', render: (entry) => entry.parser_name },
  {
    key: 'authors',
    label: 'Authors',
    render: (entry) => formatAuthors((metadata(entry).authors ?? []).flatMap((author) => author.name ?? [])),
  },
  {
    key: 'process_status',
    label: 'Process status',
    orderBy: 'process_status',
    render: (e) => e.process_status,
  },
  { key: 'complete_time', label: 'Modified', render: (entry) => formatDateTime(entry.complete_time) },
  { key: 'comment', label: 'Comment', render: (entry) => displayValue(metadata(entry).comment) },
  {
    key: 'references',
    label: 'References',
    render: (entry) => <References references={metadata(entry).references ?? []} />,
  },
  {
    key: 'datasets',
    label: 'Datasets',
    render: (entry) => {
      const names = (metadata(entry).datasets ?? []).flatMap((dataset) => dataset.dataset_name ?? []);
      return names.length > 0 ? names.join(', ') : <i>no datasets</i>;
    },
  },
];

/** Shown until the user chooses others. */
export const DEFAULT_ENTRY_COLUMNS: ReadonlySet<string> = new Set([
  'entry_name',
  'entry_type',
  'mainfile',
  'process_status',
]);
