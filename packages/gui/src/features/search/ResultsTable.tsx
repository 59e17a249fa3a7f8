import { ArrowForward } from '@mui/icons-material';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { DEFAULT_COLUMNS, type ResultColumn } from './columns.tsx';
import type { SearchEntry } from './types.ts';

export interface ResultsTableProps {
  entries: readonly SearchEntry[];
  /** undefined while the search has not answered yet. */
  total: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (entry: SearchEntry) => void;
  columns?: readonly ResultColumn[];
}

/** 'searching ...' while unknown, 'no results' for none, else shown over total. */
export function resultsTitle(shown: number, total: number | undefined): string {
  if (total === undefined) return 'searching ...';
  if (total === 0) return 'no results';
  return `${shown}/${total} ${total === 1 ? 'result' : 'results'}`;
}

export function ResultsTable({
  entries,
  total,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  columns = DEFAULT_COLUMNS,
}: ResultsTableProps) {
  if (columns.length === 0) {
    return (
      <Typography color="warning.main">
        No search columns defined within this search context. Ensure that all GUI artifacts are created.
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {resultsTitle(entries.length, total)}
      </Typography>
      {entries.length > 0 ? (
        <TableContainer>
          <Table size="small" aria-label="search results">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.label}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.entry_id} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(entry)}>
                  {columns.map((column) => (
                    <TableCell key={column.key}>{column.render(entry)}</TableCell>
                  ))}
                  <TableCell padding="checkbox">
                    {/* An entry that is still processing has no page to go to yet. */}
                    {entry.process_running ? null : (
                      <Tooltip title="Go to the entry page">
                        <IconButton
                          size="small"
                          aria-label="Go to the entry page"
                          onClick={(event) => {
                            event.stopPropagation();
                            onOpen(entry);
                          }}
                        >
                          <ArrowForward fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {hasMore ? (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={onLoadMore} disabled={loadingMore}>
            load more
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
