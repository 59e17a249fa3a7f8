import type { Aggregation, AggregationResponse } from '@oasis/schema';
import { useContext, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { AggregationStoreContext, SearchFiltersContext, SearchResultsContext } from './searchContexts.ts';
import type { SearchContextValue, SearchFiltersValue, SearchResults } from './types.ts';

/** Filters, definitions, owner and order: a component using only this does not re-render with the results. */
export function useSearchFilters(): SearchFiltersValue {
  const context = useContext(SearchFiltersContext);
  if (!context) throw new Error('useSearchFilters must be used inside a SearchProvider');
  return context;
}

/** The result rows, their total and the loading flag; changes with every request and answer. */
export function useSearchResults(): SearchResults {
  const results = useContext(SearchResultsContext);
  if (!results) throw new Error('useSearchResults must be used inside a SearchProvider');
  return results;
}

/**
 * Filters and results together. It re-renders with every answer and loading flag: components that read
 * only one part use useSearchFilters or useSearchResults.
 */
export function useSearchContext(): SearchContextValue {
  const filters = useSearchFilters();
  const results = useSearchResults();
  return useMemo(() => ({ ...filters, results }), [filters, results]);
}

/**
 * Asks the search context for an aggregation under `name` (unique per use, e.g.
 * 'results.material.elements:menu') and returns its latest answer. The context sends it with the next
 * search request and again whenever the query it depends on changes.
 */
export function useAggregation(
  name: string,
  aggregation: Aggregation,
  options: { enabled?: boolean } = {},
): AggregationResponse | undefined {
  const store = useContext(AggregationStoreContext);
  if (!store) throw new Error('useAggregation must be used inside a SearchProvider');
  const enabled = options.enabled ?? true;
  // Callers build the config inline; its JSON decides whether it really changed.
  const json = JSON.stringify(aggregation);
  useEffect(() => {
    if (!enabled) return;
    return store.getState().register(name, JSON.parse(json) as Aggregation);
  }, [store, name, json, enabled]);
  return useStore(store, (state) => (enabled ? state.responses[name] : undefined));
}
