import {
  Checkbox,
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
import { ALL_SELECTED, isSelected, NOTHING_SELECTED, toggleSelected, type Selection } from './selection.ts';
import { PAGE_SIZES, type PageState } from '../../core/pagination.ts';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** The `order_by` value sent when sorting by this column; not sortable without it. */
  orderBy?: string;
  align?: 'left' | 'right' | 'center';
}

export interface TableSelection {
  value: Selection;
  onChange: (selection: Selection) => void;
}

export interface PagedTableProps<Row> {
  label: string;
  columns: readonly Column<Row>[];
  /** Keys of the columns shown; all when not given. */
  shownColumns?: ReadonlySet<string>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  total: number;
  pageState: PageState;
  onPageStateChange: (state: PageState) => void;
  pageSizes?: readonly number[];
  onRowClick?: (row: Row) => void;
  /** Checkboxes per row and 'select all' in the header. */
  selection?: TableSelection;
  /** Buttons in an extra last cell of each row. */
  rowActions?: (row: Row) => ReactNode;
  emptyText?: string;
}

/** A server-paginated, server-sorted table (page-number pagination as the uploads endpoints have it). */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { label, rows, rowKey, total, pageState, onPageStateChange, onRowClick, selection, rowActions } =
    props;
  const columns = props.shownColumns
    ? props.columns.filter((column) => props.shownColumns?.has(column.key))
    : props.columns;
  const ids = rows.map(rowKey);
  const selectedCount = selection ? ids.filter((id) => isSelected(selection.value, id)).length : 0;
  const allSelected = selection?.value.all === true || (ids.length > 0 && selectedCount === ids.length);
  const width = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);

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
              {selection ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    slotProps={{ input: { 'aria-label': 'select all' } }}
                    checked={allSelected}
                    indeterminate={!allSelected && selectedCount > 0}
                    disabled={rows.length === 0}
                    onChange={() => selection.onChange(allSelected ? NOTHING_SELECTED : ALL_SELECTED)}
                  />
                </TableCell>
              ) : null}
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
              {rowActions ? <TableCell /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={width}>{props.emptyText ?? 'No data'}</TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const id = rowKey(row);
                const checked = selection ? isSelected(selection.value, id) : false;
                return (
                  <TableRow
                    key={id}
                    hover={onRowClick !== undefined}
                    selected={checked}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    sx={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {selection ? (
                      // Ticking a row must not also open it.
                      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                        <Checkbox
                          size="small"
                          slotProps={{ input: { 'aria-label': `select ${id}` } }}
                          checked={checked}
                          onChange={() => selection.onChange(toggleSelected(selection.value, id, ids))}
                        />
                      </TableCell>
                    ) : null}
                    {columns.map((column) => (
                      <TableCell key={column.key} align={column.align}>
                        {column.render(row)}
                      </TableCell>
                    ))}
                    {rowActions ? (
                      <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                        {rowActions(row)}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, pageState.page - 1)}
        rowsPerPage={pageState.pageSize}
        rowsPerPageOptions={[...(props.pageSizes ?? PAGE_SIZES)]}
        onPageChange={(_event, page) => onPageStateChange({ ...pageState, page: page + 1 })}
        onRowsPerPageChange={(event) =>
          onPageStateChange({ ...pageState, pageSize: Number(event.target.value), page: 1 })
        }
      />
    </>
  );
}
