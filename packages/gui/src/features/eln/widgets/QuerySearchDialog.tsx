import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { AppConfig } from '@oasis/schema';
import { useId, useState } from 'react';
import {
  SearchBar,
  SearchProvider,
  useSearchContext,
  type Filters,
  formatSearch,
  isOwner,
  FilterMenu,
  QueryChips,
  SearchResults,
} from '../../search/index.ts';
import { storedFilters, type TakenSearch } from '../queryValue.ts';

interface QuerySearchDialogProps {
  app: AppConfig;
  /** The stored value the search starts from. */
  value: unknown;
  onTake: (taken: TakenSearch) => void;
  onClose: () => void;
}

/**
 * The search of a QueryEditQuantity: the app's filter menu, search bar, chips and results in a dialog whose
 * filters live in the dialog, not in the page's URL; OK hands the search and its results back.
 */
export function QuerySearchDialog({ app, value, onTake, onClose }: QuerySearchDialogProps) {
  const titleId = useId();
  const [search, setSearch] = useState(() => {
    const owner = (value as { owner?: unknown } | undefined)?.owner;
    return formatSearch(storedFilters(value) as Filters, isOwner(owner) ? owner : undefined);
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xl" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Search</DialogTitle>
      <SearchProvider app={app} state={{ search, setSearch }}>
        <DialogContent dividers>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <FilterMenu />
            <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
              <SearchBar />
              <QueryChips />
              <SearchResults />
            </Stack>
          </Stack>
        </DialogContent>
        <TakeActions onTake={onTake} onClose={onClose} />
      </SearchProvider>
    </Dialog>
  );
}

function TakeActions({ onTake, onClose }: Pick<QuerySearchDialogProps, 'onTake' | 'onClose'>) {
  const { owner, apiQuery, pagination, filters, results } = useSearchContext();
  return (
    <DialogActions>
      <Button onClick={onClose}>Cancel</Button>
      <Button
        variant="contained"
        disabled={results.total === undefined}
        onClick={() =>
          onTake({
            owner,
            apiQuery,
            pagination: { ...pagination },
            filters: { ...filters },
            results: results.data,
          })
        }
      >
        OK
      </Button>
    </DialogActions>
  );
}
