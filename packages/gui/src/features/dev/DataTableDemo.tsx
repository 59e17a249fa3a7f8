import { useMemo, useState } from 'react';
import { PagedTable, type Column } from '../../components/table/PagedTable.tsx';
import type { PageState } from '../../core/pagination.ts';
import { NOTHING_SELECTED, type Selection } from '../../components/table/selection.ts';

interface Row {
  id: number;
  name: string;
  value: number;
}

const ROWS: Row[] = Array.from({ length: 123 }, (_, index) => ({
  id: index + 1,
  name: `row ${String(index + 1).padStart(3, '0')}`,
  // A fixed scramble, so that sorting by value visibly reorders the rows.
  value: (index * 37) % 101,
}));

const COLUMNS: Column<Row>[] = [
  { key: 'id', label: 'id', render: (row) => row.id, orderBy: 'id', align: 'right' },
  { key: 'name', label: 'name', render: (row) => row.name, orderBy: 'name' },
  { key: 'value', label: 'value', render: (row) => row.value, orderBy: 'value', align: 'right' },
];

/** /dev/datatable: the shared paged table over 123 made-up rows: sorting, pages and selection. */
export function DataTableDemo() {
  const [pageState, setPageState] = useState<PageState>({
    page: 1,
    pageSize: 10,
    orderBy: 'id',
    order: 'asc',
  });
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const rows = useMemo(() => {
    const key = pageState.orderBy as keyof Row;
    const sorted = [...ROWS].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
    if (pageState.order === 'desc') sorted.reverse();
    const start = (pageState.page - 1) * pageState.pageSize;
    return sorted.slice(start, start + pageState.pageSize);
  }, [pageState]);
  return (
    <PagedTable
      label="demo rows"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => String(row.id)}
      total={ROWS.length}
      pageState={pageState}
      onPageStateChange={setPageState}
      selection={{ value: selection, onChange: setSelection }}
    />
  );
}
