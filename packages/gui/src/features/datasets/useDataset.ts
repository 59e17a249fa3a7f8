import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';

/** `GET datasets/{id}`; a missing dataset is shown by the page, not in the error snackbar. */
export function useDataset(datasetId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['datasets', 'dataset', datasetId],
    queryFn: () => api.call('datasetById', { params: { dataset_id: datasetId } }),
    meta: { silent: true },
    retry: false,
  });
}
