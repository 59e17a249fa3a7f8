import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The data a query of another component holds, watched without becoming one of its observers. An
 * observer with `queryFn: skipToken` would set the query's options when it renders, and the next
 * invalidation would then refetch without a function ('Missing queryFn') while the page that owns the
 * query is still open.
 */
export function useCachedQueryData<T>(queryKey: QueryKey): T | undefined {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  return useSyncExternalStore(subscribe, () => client.getQueryData<T>(queryKey));
}
