import {
  Alert,
  Box,
  Button,
  Checkbox,
  Collapse,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { Fragment, useMemo, useState } from 'react';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { ColumnChooser } from '../../../components/ColumnChooser.tsx';
import { toggled } from '../../../components/sets.ts';
import { useSearchContext, type Resource } from '../context/index.ts';
import { useRemovePrerenderedPage } from '../prerendered.ts';
import { ApiDialog } from './ApiDialog.tsx';
import { buildColumns, type ResultColumn } from './columns.ts';
import { readColumns, readRows } from './config.ts';
import { DEFAULT_ENTRY_COLUMNS, DEFAULT_MATERIAL_COLUMNS } from './defaultColumns.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { ResultCell, type ResultRow } from './ResultCell.tsx';
import { RowActions } from './RowActions.tsx';
import { RowDetails } from './RowDetails.tsx';
import {
  ALL_SELECTED,
  isEmptySelection,
  isSelected,
  NOTHING_SELECTED,
  selectionText,
  toggleSelected,
  type Selection,
} from '../../../components/table/selection.ts';
import { NO_COLUMNS, resultsTitle } from './title.ts';
import { useColumnUnits } from './useColumnUnits.ts';
import { useShownColumns } from './useShownColumns.ts';

const rowId = (row: ResultRow, resource: Resource, index: number): string => {
  const id = resource === 'materials' ? row.material_id : row.entry_id;
  return typeof id === 'string' ? id : String(index);
};

/** The selection belongs to one query: a new query starts with nothing selected. */
/**
 * The row actions stay in view at the table's right edge: with many columns the table scrolls sideways,
 * and the way to the entry page must not scroll away with them.
 */
const STICKY_END = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

function useSelection(queryKey: string): [Selection, (selection: Selection) => void] {
  const [state, setState] = useState({ key: queryKey, selection: NOTHING_SELECTED });
  const selection = state.key === queryKey ? state.selection : NOTHING_SELECTED;
  return [selection, (next) => setState({ key: queryKey, selection: next })];
}

function SortableTitle(props: {
  column: ResultColumn;
  orderBy: string;
  order: 'asc' | 'desc';
  onSort: (orderBy: string, order: 'asc' | 'desc') => void;
}) {
  const { column, orderBy, order, onSort } = props;
  if (!column.sortable) return <>{column.title}</>;
  const active = orderBy === column.key;
  return (
    <TableSortLabel
      active={active}
      direction={active ? order : 'asc'}
      onClick={() => onSort(column.key, active && order === 'asc' ? 'desc' : 'asc')}
    >
      {column.title}
    </TableSortLabel>
  );
}

/**
 * The results of the search context: title with counts, configurable and sortable columns with values in
 * the user's unit system, row selection with downloads, row actions, expandable details and 'load more'.
 */
export function SearchResults() {
  const { app, resource, owner, definitions, apiQuery, pagination, setOrder, results } = useSearchContext();
  const userId = useAuth().user?.sub;
  const rowsConfig = useMemo(() => readRows(app), [app]);
  const columns = useMemo(() => {
    const configs =
      readColumns(app) ?? (resource === 'materials' ? DEFAULT_MATERIAL_COLUMNS : DEFAULT_ENTRY_COLUMNS);
    return buildColumns(configs, definitions, resource);
  }, [app, resource, definitions]);
  const [shownKeys, toggleColumn] = useShownColumns(app.path, columns);
  const units = useColumnUnits(columns);
  const [selection, setSelection] = useSelection(JSON.stringify([owner, apiQuery]));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // The server's picture of the first rows gives way in the commit that draws these.
  useRemovePrerenderedPage(results.total !== undefined || columns.length === 0);

  if (columns.length === 0) return <Alert severity="warning">{NO_COLUMNS}</Alert>;

  const shown = columns.filter((column) => shownKeys.has(column.key));
  const data = results.data as ResultRow[];
  const ids = data.map((row, index) => rowId(row, resource, index));
  const selectable = rowsConfig.selection.enabled;
  const withDetails = rowsConfig.details.enabled && resource === 'entries';
  const withActions = rowsConfig.actions.enabled;
  const toggleExpanded = (id: string) => setExpanded((current) => toggled(current, id));
  const width = shown.length + (selectable ? 1 : 0) + (withActions ? 1 : 0);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {resultsTitle(data.length, results.total)}
        </Typography>
        {selectable && !isEmptySelection(selection) ? (
          <Typography variant="body2" color="text.secondary">
            {selectionText(selection)}
          </Typography>
        ) : null}
        {resource === 'entries' ? (
          <DownloadDialog owner={owner} apiQuery={apiQuery} selection={selection} total={results.total} />
        ) : null}
        <ApiDialog resource={resource} request={results.request} response={results.response} />
        <ColumnChooser
          size="small"
          columns={columns.map(({ key, title }) => ({ key, label: title }))}
          shown={shownKeys}
          onToggle={toggleColumn}
        />
      </Box>
      {data.length > 0 ? (
        <TableContainer>
          <Table size="small" aria-label="search results">
            <TableHead>
              <TableRow>
                {selectable ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      slotProps={{ input: { 'aria-label': 'Select all' } }}
                      checked={selection.all}
                      indeterminate={!selection.all && !isEmptySelection(selection)}
                      onChange={() => setSelection(selection.all ? NOTHING_SELECTED : ALL_SELECTED)}
                    />
                  </TableCell>
                ) : null}
                {shown.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    <SortableTitle
                      column={column}
                      orderBy={pagination.order_by}
                      order={pagination.order}
                      onSort={setOrder}
                    />
                  </TableCell>
                ))}
                {withActions ? <TableCell sx={STICKY_END} /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row, index) => {
                const id = ids[index]!;
                const open = withDetails && expanded.has(id);
                return (
                  <Fragment key={id}>
                    <TableRow
                      hover
                      selected={selectable && isSelected(selection, id)}
                      aria-expanded={withDetails ? open : undefined}
                      onClick={withDetails ? () => toggleExpanded(id) : undefined}
                      tabIndex={withDetails ? 0 : undefined}
                      onKeyDown={
                        withDetails
                          ? (event) => {
                              if (event.target === event.currentTarget && event.key === 'Enter')
                                toggleExpanded(id);
                            }
                          : undefined
                      }
                      sx={{
                        cursor: withDetails ? 'pointer' : undefined,
                        '& > td': { borderBottom: open ? 0 : undefined },
                      }}
                    >
                      {selectable ? (
                        <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                          <Checkbox
                            size="small"
                            slotProps={{ input: { 'aria-label': 'Select row' } }}
                            checked={isSelected(selection, id)}
                            onChange={() => setSelection(toggleSelected(selection, id, ids))}
                          />
                        </TableCell>
                      ) : null}
                      {shown.map((column) => (
                        <TableCell key={column.key} align={column.align}>
                          <ResultCell
                            column={column}
                            row={row}
                            unit={units.get(column.key)}
                            userId={userId}
                          />
                        </TableCell>
                      ))}
                      {withActions ? (
                        <TableCell
                          sx={{ ...STICKY_END, py: 0, whiteSpace: 'nowrap' }}
                          aria-label="row actions"
                        >
                          <RowActions
                            row={row}
                            resource={resource}
                            appPath={app.path}
                            options={rowsConfig.actions.options}
                          />
                        </TableCell>
                      ) : null}
                    </TableRow>
                    {withDetails ? (
                      <TableRow>
                        <TableCell colSpan={width} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
                          <Collapse in={open} unmountOnExit>
                            <RowDetails row={row} appPath={app.path} />
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {results.hasMore ? (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={results.loadMore} disabled={results.loading}>
            load more
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
