import type { UploadEntry } from '@oasis/schema';
import { displayValue } from '../../components/format.ts';
import { PagedTable, type Column } from './PagedTable.tsx';
import type { PageState } from './pagination.ts';

/** The columns shown by default (spec 3 §2); the others (entry id, parser, ...) come with a column chooser. */
const COLUMNS: readonly Column<UploadEntry>[] = [
  { key: 'entry_name', label: 'Name', render: (entry) => displayValue(entry.entry_metadata?.entry_name) },
  { key: 'entry_type', label: 'Type', render: (entry) => displayValue(entry.entry_metadata?.entry_type) },
  { key: 'mainfile', label: 'Mainfile', orderBy: 'mainfile', render: (entry) => entry.mainfile },
  {
    key: 'process_status',
    label: 'Process status',
    orderBy: 'process_status',
    render: (entry) => entry.process_status,
  },
];

export interface UploadEntriesTableProps {
  entries: readonly UploadEntry[];
  total: number;
  pageState: PageState;
  onPageStateChange: (state: PageState) => void;
  onOpen: (entry: UploadEntry) => void;
}

export function UploadEntriesTable({
  entries,
  total,
  pageState,
  onPageStateChange,
  onOpen,
}: UploadEntriesTableProps) {
  return (
    <PagedTable
      label="entries"
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.entry_id}
      total={total}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      onRowClick={onOpen}
      emptyText="There are no entries in this upload yet."
    />
  );
}
