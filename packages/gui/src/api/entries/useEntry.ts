import { useQuery } from '@tanstack/react-query';
import { useApi } from '../ApiProvider.tsx';

/** `GET entries/{id}`; a failure is shown by the page (e.g. 'This entry does not exist.'). */
export function useEntry(entryId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['entries', entryId],
    queryFn: () => api.call('entryById', { params: { entry_id: entryId } }),
    enabled,
    meta: { silent: true },
    retry: false,
  });
}

/** `POST entries/{id}/archive/query` with the given `required` ('*' or a section tree). */
export function useArchive(entryId: string, required: '*' | Record<string, unknown>, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['entries', entryId, 'archive', required],
    queryFn: () => api.call('entryArchiveQuery', { params: { entry_id: entryId }, body: { required } }),
    enabled,
    meta: { silent: true },
    retry: false,
  });
}
