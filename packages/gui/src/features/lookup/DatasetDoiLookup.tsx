import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider.tsx';
import { LookupResult } from './LookupResult.tsx';

/** dataset/doi/{doi}: finds the dataset with this DOI and redirects to it. */
export function DatasetDoiLookup() {
  const api = useApi();
  const { pathname } = useLocation();
  const doi = useParams()['*'] ?? '';
  const result = useQuery({
    queryKey: ['datasets', 'doi', doi],
    queryFn: () => api.call('datasetsList', { query: { doi, page_size: 1 } }),
    meta: { silent: true },
  });
  const datasetId = result.data?.data[0]?.dataset_id;
  if (datasetId) {
    const base = pathname.slice(0, pathname.indexOf('/dataset/doi/'));
    return <Navigate replace to={`${base}/dataset/id/${datasetId}`} />;
  }
  return (
    <LookupResult loading={result.isPending}>This URL points to a dataset that does not exist.</LookupResult>
  );
}
