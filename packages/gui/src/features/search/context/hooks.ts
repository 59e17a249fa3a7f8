import type { Aggregation, AggregationResponse } from '@oasis/schema';
import { useContext, useEffect } from 'react';
import { useStore } from 'zustand';
import { AggregationStoreContext, SearchContext } from './searchContexts.ts';
import type { SearchContextValue } from './types.ts';

export function useSearchContext(): SearchContextValue {
  const context = useContext(SearchContext);
  if (!context) throw new Error('useSearchContext must be used inside a SearchProvider');
  return context;
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
