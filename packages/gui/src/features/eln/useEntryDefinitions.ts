import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';

export const entryDefinitionsKey = (entryId: string) => ['entries', entryId, 'definitions'] as const;

/** `GET entries/{id}/definitions`: the resolved schema of the entry's data (a 404 when it has none). */
export function useEntryDefinitions(entryId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: entryDefinitionsKey(entryId),
    queryFn: () => api.call('entryDefinitions', { params: { entry_id: entryId } }),
    enabled,
    meta: { silent: true },
    retry: false,
  });
}
