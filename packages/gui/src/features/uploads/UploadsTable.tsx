import { Check, Close } from '@mui/icons-material';
import type { Upload } from '@oasis/schema';
import { PagedTable, type Column } from './PagedTable.tsx';
import { formatDateTime } from './dateTime.ts';
import type { PageState } from './pagination.ts';
import { UPLOAD_SORT_KEYS } from './useUploads.ts';

const COLUMNS: readonly Column<Upload>[] = [
  {
    key: 'upload_create_time',
    label: 'Create time',
    orderBy: UPLOAD_SORT_KEYS.upload_create_time,
    render: (upload) => formatDateTime(upload.upload_create_time),
  },
  {
    key: 'upload_name',
    label: 'Name',
    orderBy: UPLOAD_SORT_KEYS.upload_name,
    render: (upload) => upload.upload_name || 'unnamed upload',
  },
  { key: 'upload_id', label: 'Id', render: (upload) => upload.upload_id },
  {
    key: 'process_status',
    label: 'Status',
    orderBy: UPLOAD_SORT_KEYS.process_status,
    render: (upload) => upload.process_status,
  },
  { key: 'entries', label: 'Entries', align: 'right', render: (upload) => upload.entries },
  {
    key: 'published',
    label: 'Published',
    orderBy: UPLOAD_SORT_KEYS.published,
    align: 'center',
    render: (upload) =>
      upload.published ? (
        <Check fontSize="small" titleAccess="published" />
      ) : (
        <Close fontSize="small" titleAccess="not published" />
      ),
  },
];

export interface UploadsTableProps {
  uploads: readonly Upload[];
  total: number;
  pageState: PageState;
  onPageStateChange: (state: PageState) => void;
  onOpen: (upload: Upload) => void;
}

export function UploadsTable({ uploads, total, pageState, onPageStateChange, onOpen }: UploadsTableProps) {
  return (
    <PagedTable
      label="Your existing uploads"
      columns={COLUMNS}
      rows={uploads}
      rowKey={(upload) => upload.upload_id}
      total={total}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      onRowClick={onOpen}
      emptyText="You have no uploads yet."
    />
  );
}
