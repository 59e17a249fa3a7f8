import { Alert, Box, Stack, Typography } from '@mui/material';
import type { AppConfig } from '@oasis/schema';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useArtifacts } from '../../app/artifacts.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { ElementsFilter } from './ElementsFilter.tsx';
import { FilterMenu } from './FilterMenu.tsx';
import {
  ELEMENTS_QUANTITY,
  filtersFromSearch,
  searchFromFilters,
  toggleFilterValue,
  type Filters,
} from './filters.ts';
import { QueryChips } from './QueryChips.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { useSearch } from './useSearch.ts';

/** The filters live in the URL's query string; changing them rewrites it (spec 2 §2). */
function useUrlFilters(): [Filters, (filters: Filters) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const setFilters = useCallback(
    (next: Filters) => navigate({ search: searchFromFilters(next) }, { replace: true }),
    [navigate],
  );
  return [filters, setFilters];
}

/** /search/{app.path}: filters on the left, query chips and results on the right. */
export function SearchPage({ app }: { app: AppConfig }) {
  const navigate = useNavigate();
  const { user, ready } = useAuth();
  const [filters, setFilters] = useUrlFilters();
  // Anonymous visitors can only see public data; the owner is known once the session was read.
  const owner = ready ? (user ? 'visible' : 'public') : undefined;
  const results = useSearch(app.resource, app.resource === 'entries' ? owner : undefined, filters);
  const toggle = (quantity: string, value: string) => setFilters(toggleFilterValue(filters, quantity, value));

  const artifacts = useArtifacts();

  if (app.resource !== 'entries') {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="info">Searching {app.label.toLowerCase()} is not available yet.</Alert>
      </Box>
    );
  }
  if (!artifacts.data) {
    return (
      <Box sx={{ p: 3 }}>
        {artifacts.isError ? (
          <Alert severity="error">{artifacts.error.message}</Alert>
        ) : (
          <Typography color="text.secondary">Loading the required schemas...</Typography>
        )}
      </Box>
    );
  }
  const elementsQuantity = artifacts.data.searchQuantities[ELEMENTS_QUANTITY];
  return (
    <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'flex-start' }}>
      <FilterMenu>
        <ElementsFilter
          description={elementsQuantity?.description}
          selected={filters[ELEMENTS_QUANTITY] ?? []}
          buckets={results.aggregations[ELEMENTS_QUANTITY]}
          onToggle={(symbol) => toggle(ELEMENTS_QUANTITY, symbol)}
        />
      </FilterMenu>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {app.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {app.description}
          </Typography>
        ) : null}
        <QueryChips filters={filters} onRemove={toggle} />
        <ResultsTable
          entries={results.entries}
          total={results.total}
          hasMore={results.hasMore}
          loadingMore={results.loadingMore}
          onLoadMore={results.loadMore}
          onOpen={(entry) => navigate(`/search/${app.path}/entry/id/${encodeURIComponent(entry.entry_id)}`)}
        />
      </Box>
    </Stack>
  );
}
