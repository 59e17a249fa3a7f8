import { useQuery } from '@tanstack/react-query';
import type { EntriesQueryRequest } from '@oasis/schema';
import { useApi } from '../../../api/ApiProvider.tsx';
import { SEARCH_DEBOUNCE_MS, useSearchContext } from '../context/index.ts';
import { useDebouncedValue } from '../../../core/useDebouncedValue.ts';
import { scatterRequest } from './scatterData.ts';

/**
 * Up to `size` entries of the current search with the plotted quantities, re-fetched (debounced like
 * the search itself) when the query or the quantities change. The previous points stay meanwhile.
 */
export function useScatterEntries(size: number, quantities: readonly string[]) {
  const api = useApi();
  const { owner, apiQuery } = useSearchContext();
  const body = useDebouncedValue(
    JSON.stringify(scatterRequest(owner, apiQuery, size, quantities)),
    SEARCH_DEBOUNCE_MS,
  );
  return useQuery({
    queryKey: ['dashboard-scatter', body],
    queryFn: ({ signal }) =>
      api.call('entriesQuery', { body: JSON.parse(body) as EntriesQueryRequest }, { signal }),
    placeholderData: (previous) => previous,
  });
}
