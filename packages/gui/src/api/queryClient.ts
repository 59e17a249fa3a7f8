import { CannotReachApi } from '@oasis/client';
import { MutationCache, type Query, QueryCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` keeps a failure out of the error snackbar (the caller handles or ignores it). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

const MAX_RETRIES = 2;

/**
 * Failed queries and mutations are reported in the snackbar unless marked `meta: { silent: true }`.
 * Only unreachable-API failures are retried: a 4xx answer will not change by asking again.
 */
export function createQueryClient(raiseError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) raiseError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) raiseError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => error instanceof CannotReachApi && failures < MAX_RETRIES,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Asks again for what a change made stale, also where the first answer is still on its way: invalidation
 * alone keeps such a fetch (TanStack cancels in-flight fetches only of queries that already have data), and
 * its answer, asked for before the change, would then stand until something else refreshes it.
 */
export const refetchAfterChange = async (
  queryClient: QueryClient,
  filters: { queryKey: readonly unknown[]; exact?: boolean; predicate?: (query: Query) => boolean },
): Promise<void> => {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
};
