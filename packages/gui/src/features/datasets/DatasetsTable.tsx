import { Stack } from '@mui/material';
import type { Dataset } from '@oasis/schema';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatDateTime } from '../../components/dateTime.ts';
import { PagedTable, type Column } from '../../components/table/PagedTable.tsx';
import type { PageState } from '../../core/pagination.ts';
import { DatasetActions } from './DatasetActions.tsx';
import { DoiLink } from './DoiLink.tsx';

const withCopy = (text: string, label: string) => (
  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
    {text}
    <CopyButton value={text} label={label} />
  </Stack>
);

const COLUMNS: readonly Column<Dataset>[] = [
  { key: 'dataset_name', label: 'Name', orderBy: 'dataset_name', render: (dataset) => dataset.dataset_name },
  {
    key: 'doi',
    label: 'DOI',
    render: (dataset) => (dataset.doi ? <DoiLink doi={dataset.doi} /> : null),
  },
  {
    key: 'dataset_id',
    label: 'Dataset id',
    render: (dataset) => withCopy(dataset.dataset_id, 'Copy the dataset id'),
  },
  {
    key: 'dataset_create_time',
    label: 'Create time',
    orderBy: 'dataset_create_time',
    render: (dataset) => formatDateTime(dataset.dataset_create_time),
  },
  {
    key: 'dataset_modified_time',
    label: 'Modify time',
    orderBy: 'dataset_modified_time',
    // A dataset that was never changed has no modification time; NOMAD leaves the cell empty.
    render: (dataset) => (dataset.dataset_modified_time ? formatDateTime(dataset.dataset_modified_time) : ''),
  },
  { key: 'actions', label: '', align: 'right', render: (dataset) => <DatasetActions dataset={dataset} /> },
];

export interface DatasetsTableProps {
  datasets: readonly Dataset[];
  total: number;
  pageState: PageState;
  onPageStateChange: (state: PageState) => void;
}

export function DatasetsTable({ datasets, total, pageState, onPageStateChange }: DatasetsTableProps) {
  return (
    <PagedTable
      label="Your datasets"
      columns={COLUMNS}
      rows={datasets}
      rowKey={(dataset) => dataset.dataset_id}
      total={total}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      emptyText="You have no datasets yet."
    />
  );
}
