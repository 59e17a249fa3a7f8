import { ApiClient } from '@oasis/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useEnv } from '../core/EnvProvider.tsx';
import { useErrors } from '../core/errors.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { createQueryClient } from './queryClient.ts';

const ApiContext = createContext<ApiClient | undefined>(undefined);

/**
 * Provides the API client (authenticated through AuthProvider) and the TanStack Query client.
 * Must be inside EnvProvider, ErrorSnackProvider and AuthProvider. `fetch` replaces the network in tests.
 */
export function ApiProvider({ children, fetch }: { children: ReactNode; fetch?: typeof globalThis.fetch }) {
  const { apiBase } = useEnv();
  const { accessToken } = useAuth();
  const { raiseError } = useErrors();
  const api = useMemo(() => new ApiClient({ apiBase, accessToken, fetch }), [apiBase, accessToken, fetch]);
  const [queryClient] = useState(() => createQueryClient(raiseError));
  return (
    <ApiContext.Provider value={api}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiContext.Provider>
  );
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside an ApiProvider');
  return api;
}

/** True while any counted request is pending. */
export function useApiLoading(): boolean {
  const api = useApi();
  return useSyncExternalStore(api.subscribeLoading, api.isLoading);
}
