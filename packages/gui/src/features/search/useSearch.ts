import { useInfiniteQuery } from '@tanstack/react-query';
import type { Owner } from '@oasis/schema';
import { useApi } from '../../api/ApiProvider.tsx';
import { filtersFromSearch, searchFromFilters, type Filters } from './filters.ts';
import { searchRequest } from './searchRequest.ts';
import type { SearchEntry, SearchResponse, TermsBucket } from './types.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

/** Clicking several filters in a row sends one request (spec 2 §4). */
export const SEARCH_DEBOUNCE_MS = 450;

export interface SearchResults {
  entries: SearchEntry[];
  /** undefined while the first page has not arrived. */
  total: number | undefined;
  aggregations: Record<string, TermsBucket[]>;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * `POST {resource}/query` for the filters, debounced; 'load more' appends the next page using
 * next_page_after_value. A new query starts over with fresh results.
 */
export function useSearch(resource: string, owner: Owner | undefined, filters: Filters): SearchResults {
  const api = useApi();
  // The serialized filters are the debounced value: a string stays equal when the filters do.
  const key = useDebouncedValue(searchFromFilters(filters), SEARCH_DEBOUNCE_MS);

  const query = useInfiniteQuery({
    queryKey: ['search', resource, owner, key],
    queryFn: ({ pageParam, signal }) =>
      api.post<SearchResponse>(
        `${resource}/query`,
        searchRequest(owner ?? 'public', filtersFromSearch(key), pageParam),
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next_page_after_value ?? undefined,
    enabled: owner !== undefined,
    // The previous answer keeps the element counts on screen while the next query runs.
    placeholderData: (previous) => previous,
  });

  const pages = query.data?.pages;
  const first = pages?.[0];
  const aggregations: Record<string, TermsBucket[]> = {};
  for (const [name, aggregation] of Object.entries(first?.aggregations ?? {})) {
    if (aggregation.terms) aggregations[name] = aggregation.terms.data;
  }
  // A new query resets the results (spec 2 §4): rows of the previous one are not shown meanwhile.
  const stale = query.isPlaceholderData;
  return {
    entries: stale ? [] : (pages?.flatMap((page) => page.data) ?? []),
    total: stale ? undefined : first?.pagination.total,
    aggregations,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
