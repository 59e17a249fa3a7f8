import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { ReactNode } from 'react';
import { PAGE_SIZES, type PageState } from './pagination.ts';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** The `order_by` value sent when sorting by this column; not sortable without it. */
  orderBy?: string;
  align?: 'left' | 'right' | 'center';
}

export interface PagedTableProps<Row> {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  total: number;
  pageState: PageState;
  onPageStateChange: (state: PageState) => void;
  onRowClick?: (row: Row) => void;
  emptyText?: string;
}

/** A server-paginated, server-sorted table (page-number pagination as the uploads endpoints have it). */
export function PagedTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  total,
  pageState,
  onPageStateChange,
  onRowClick,
  emptyText = 'No data',
}: PagedTableProps<Row>) {
  const sort = (orderBy: string) => {
    const order = pageState.orderBy === orderBy && pageState.order === 'desc' ? 'asc' : 'desc';
    onPageStateChange({ ...pageState, orderBy, order, page: 1 });
  };
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {column.orderBy ? (
                    <TableSortLabel
                      active={pageState.orderBy === column.orderBy}
                      direction={pageState.orderBy === column.orderBy ? pageState.order : 'desc'}
                      onClick={() => sort(column.orderBy as string)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>{emptyText}</TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow
                  key={rowKey(row)}
                  hover={onRowClick !== undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, pageState.page - 1)}
        rowsPerPage={pageState.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => onPageStateChange({ ...pageState, page: page + 1 })}
        onRowsPerPageChange={(event) =>
          onPageStateChange({ ...pageState, pageSize: Number(event.target.value), page: 1 })
        }
      />
    </>
  );
}
