import { useQueryClient } from '@tanstack/react-query';
import type { AppConfig, EntriesQueryRequest, Owner } from '@oasis/schema';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useArtifacts } from '../../../api/artifacts.ts';
import { useErrors } from '../../../core/errors.tsx';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { createAggregationStore } from './aggregationStore.ts';
import { buildDefinitions } from './definitions.ts';
import { removePrerenderedPage } from '../prerendered.ts';
import { takeFirstPage } from './firstPage.ts';
import { lockedFilters, searchOwner } from './locks.ts';
import { appPagination } from './pagination.ts';
import { buildApiQuery } from './query.ts';
import { AggregationStoreContext, SearchFiltersContext, SearchResultsContext } from './searchContexts.ts';
import type { FilterValue, Filters, QueryMode, SearchFiltersValue } from './types.ts';
import { formatSearch, isEmptyFilterValue, parseSearch } from './url.ts';
import { useSearchEngine } from './useSearchEngine.ts';

/**
 * Where a search keeps its filters and visibility, in the URL query-string form of `url.ts`: the page's
 * URL, or a component's own state (a search inside a dialog).
 */
export interface SearchState {
  search: string;
  setSearch(search: string): void;
}

/**
 * The state of one search page (spec 2 §4): filters (kept in the URL's query string unless `state` is
 * given), the app's locked filters, visibility, order, results and the aggregations that filters and
 * widgets asked for.
 */
export function SearchProvider({
  app,
  state,
  children,
}: {
  app: AppConfig;
  state?: SearchState;
  children: ReactNode;
}) {
  const api = useApi();
  const { raiseError: raise } = useErrors();
  // A failed search shows its error on the GUI's page, not under the server's picture of the rows.
  const raiseError = useCallback<typeof raise>(
    (...args) => {
      removePrerenderedPage();
      raise(...args);
    },
    [raise],
  );
  const { user, ready } = useAuth();
  const artifacts = useArtifacts();
  const location = useLocation();
  const navigate = useNavigate();
  const [store] = useState(createAggregationStore);

  const locked = useMemo(() => lockedFilters((app as { filters_locked?: unknown }).filters_locked), [app]);
  // Query modes chosen at run time (a terms widget's and/or) override those of the app's menu.
  const [queryModes, setQueryModes] = useState<Readonly<Record<string, QueryMode>>>({});
  const definitions = useMemo(() => {
    const built = artifacts.data ? buildDefinitions(app, artifacts.data, Object.keys(locked)) : {};
    for (const [quantity, queryMode] of Object.entries(queryModes))
      if (built[quantity]?.multiple) built[quantity] = { ...built[quantity], queryMode };
    return built;
  }, [app, artifacts.data, locked, queryModes]);
  const setQueryMode = useCallback(
    (quantity: string, mode: QueryMode | undefined) =>
      setQueryModes((current) => {
        if (current[quantity] === mode) return current;
        const { [quantity]: _previous, ...rest } = current;
        return mode ? { ...rest, [quantity]: mode } : rest;
      }),
    [],
  );
  const search = state ? state.search : location.search;
  const setSearch = state?.setSearch;
  const url = useMemo(() => parseSearch(search, definitions), [search, definitions]);
  // Locked filters are not editable: a URL cannot override them.
  const filters = useMemo<Filters>(
    () => Object.fromEntries(Object.entries(url.filters).filter(([quantity]) => !(quantity in locked))),
    [url.filters, locked],
  );
  const owner = searchOwner(user !== undefined, app.filters_locked, url.owner);

  // The filters as last written: several changes before the URL re-renders the page (a chip removed and a
  // search-bar query applied in one go) each build on the previous one, not on a stale render.
  const latest = useRef(filters);
  latest.current = filters;
  const write = useCallback(
    (next: Filters, nextOwner: Owner | undefined) => {
      latest.current = next;
      const written = formatSearch(next, nextOwner);
      if (setSearch) setSearch(written);
      else void navigate({ search: written }, { replace: true });
    },
    [navigate, setSearch],
  );
  const setFilters = useCallback(
    (next: Filters) =>
      write(
        Object.fromEntries(Object.entries(next).filter(([, value]) => !isEmptyFilterValue(value))),
        url.owner,
      ),
    [write, url.owner],
  );
  const setFilter = useCallback(
    (quantity: string, value: FilterValue | undefined) => {
      if (quantity in locked) return;
      const current = latest.current;
      const { [quantity]: _previous, ...rest } = current;
      setFilters(value === undefined ? rest : { ...current, [quantity]: value });
    },
    [locked, setFilters],
  );
  const clearFilters = useCallback(() => write({}, url.owner), [write, url.owner]);
  const setOwner = useCallback((next: Owner) => write(latest.current, next), [write]);

  const [pagination, setPagination] = useState(() => appPagination(app));
  const setOrder = useCallback(
    (orderBy: string, order: 'asc' | 'desc') =>
      setPagination((current) => ({ ...current, order_by: orderBy, order })),
    [],
  );

  const client = useQueryClient();
  // Only a page whose filters live in the URL was started by its route.
  const startedFirstPage = useCallback(
    (body: EntriesQueryRequest) => (state ? undefined : takeFirstPage(client, body)),
    [client, state],
  );
  const apiQuery = useMemo(() => buildApiQuery(filters, locked, definitions), [filters, locked, definitions]);
  const results = useSearchEngine({
    api,
    resource: app.resource,
    owner,
    filters,
    locked,
    definitions,
    apiQuery,
    pagination,
    store,
    enabled: ready && artifacts.data !== undefined,
    raiseError,
    startedFirstPage,
  });

  // Without the results: an answer or a loading flag does not re-render the filter menu.
  const value = useMemo<SearchFiltersValue>(
    () => ({
      app,
      resource: app.resource,
      owner,
      setOwner,
      definitions,
      filters,
      locked,
      setFilter,
      setFilters,
      clearFilters,
      apiQuery,
      pagination,
      setOrder,
      setQueryMode,
    }),
    [
      setQueryMode,
      app,
      owner,
      setOwner,
      definitions,
      filters,
      locked,
      setFilter,
      setFilters,
      clearFilters,
      apiQuery,
      pagination,
      setOrder,
    ],
  );
  return (
    <AggregationStoreContext.Provider value={store}>
      <SearchFiltersContext.Provider value={value}>
        <SearchResultsContext.Provider value={results}>{children}</SearchResultsContext.Provider>
      </SearchFiltersContext.Provider>
    </AggregationStoreContext.Provider>
  );
}
