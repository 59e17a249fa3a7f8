import type { NorthTool } from '@oasis/schema';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';

/** The configured tools (GET /north/), with the caller's states; none when NORTH is off. */
export function useNorthTools(): { tools: NorthTool[] | undefined; isError: boolean } {
  const api = useApi();
  const { northEnabled } = useEnv();
  const { user, ready } = useAuth();
  const query = useQuery({
    queryKey: ['north', 'tools', user?.sub ?? null],
    queryFn: () => api.call('northTools'),
    enabled: northEnabled && ready,
    staleTime: 60_000,
  });
  return { tools: northEnabled ? query.data?.data : [], isError: query.isError };
}
