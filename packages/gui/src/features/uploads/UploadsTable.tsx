import ArrowForward from '@mui/icons-material/ArrowForward';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { useMemo } from 'react';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatDateTime } from '../../components/dateTime.ts';
import { PagedTable, type Column, type TableSelection } from '../../components/table/PagedTable.tsx';
import type { PageState } from '../../core/pagination.ts';
import { UPLOAD_SORT_KEYS } from './useUploads.ts';
import { UploadVisibilityIcon } from './UploadVisibilityIcon.tsx';
import type { Caller } from '../../api/uploads/visibility.ts';

const columns = (caller: Caller | undefined): Column<Upload>[] => [
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
  {
    key: 'upload_id',
    label: 'Id',
    render: (upload) => (
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="body2" noWrap>
          {upload.upload_id}
        </Typography>
        {/* Copying must not also open the upload. */}
        <span onClick={(event) => event.stopPropagation()}>
          <CopyButton value={upload.upload_id} label="Copy the upload id" />
        </span>
      </Stack>
    ),
  },
  {
    key: 'process_status',
    label: 'Status',
    orderBy: UPLOAD_SORT_KEYS.process_status,
    render: (upload) => upload.last_status_message || upload.process_status,
  },
  { key: 'entries', label: 'Entries', align: 'center', render: (upload) => upload.entries },
  {
    key: 'published',
    label: 'Published',
    orderBy: UPLOAD_SORT_KEYS.published,
    align: 'center',
    render: (upload) => <UploadVisibilityIcon upload={upload} caller={caller} />,
  },
];

export interface UploadsTableProps {
  uploads: readonly Upload[];
  total: number;
  pageState: PageState;
  onPageStateChange: (state: PageState) => void;
  onOpen: (upload: Upload) => void;
  selection: TableSelection;
  caller: Caller | undefined;
}

/** 'Your existing uploads' (spec 3 §2): sortable by creation time, name, status and publishing. */
export function UploadsTable(props: UploadsTableProps) {
  const { uploads, total, pageState, onPageStateChange, onOpen, selection, caller } = props;
  const shownColumns = useMemo(() => columns(caller), [caller]);
  return (
    <PagedTable
      label="Your existing uploads"
      columns={shownColumns}
      rows={uploads}
      rowKey={(upload) => upload.upload_id}
      total={total}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      onRowClick={onOpen}
      selection={selection}
      rowActions={(upload) => (
        <Tooltip title="Open this upload">
          <IconButton
            size="small"
            aria-label={`Open upload ${upload.upload_id}`}
            onClick={() => onOpen(upload)}
          >
            <ArrowForward fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      emptyText="You have no uploads yet."
    />
  );
}
