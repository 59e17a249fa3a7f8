import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';

/** `GET entries/{id}/definitions`: the resolved schema of the entry's data (a 404 when it has none). */
export function useEntryDefinitions(entryId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['entries', entryId, 'definitions'],
    queryFn: () => api.call('entryDefinitions', { params: { entry_id: entryId } }),
    enabled,
    meta: { silent: true },
    retry: false,
  });
}
