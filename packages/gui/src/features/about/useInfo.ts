import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';

/** `GET info`; a failure is ignored (the page just shows no statistics). */
export function useInfo() {
  const api = useApi();
  return useQuery({
    queryKey: ['info'],
    queryFn: () => api.call('info', {}, { noLoading: true }),
    meta: { silent: true },
    retry: false,
    staleTime: 5 * 60_000,
  });
}
