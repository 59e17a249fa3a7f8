import { Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { entryNotFoundText } from './entryNotFound.ts';
import { LookupResult } from './LookupResult.tsx';

/** entry/query?key=value...: finds the first visible entry matching the query-string and redirects to it. */
export function EntryQueryLookup() {
  const api = useApi();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const query = Object.fromEntries(searchParams.entries());
  const result = useQuery({
    queryKey: ['entries', 'lookup', query, user?.sub],
    queryFn: () =>
      api.call('entriesQuery', {
        body: {
          owner: 'visible',
          query,
          pagination: { page_size: 1 },
          required: { include: ['entry_id'] },
        },
      }),
  });
  const entryId = result.data?.data[0]?.entry_id;
  if (entryId)
    return <Navigate replace to={pathname.replace(/\/entry\/query\/?$/, `/entry/id/${entryId}`)} />;

  const externalId = query.external_id;
  return (
    <LookupResult loading={result.isPending}>
      {externalId?.startsWith('mp-') ? (
        <>
          This entry has not yet been provided by the external materials database (
          <Link
            href={`https://next-gen.materialsproject.org/materials/${externalId}`}
            target="_blank"
            rel="noopener"
          >
            {externalId}
          </Link>
          ) to this installation.
        </>
      ) : (
        entryNotFoundText(user !== undefined)
      )}
    </LookupResult>
  );
}
