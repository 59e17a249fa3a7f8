import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { entryNotFoundText } from './entryNotFound.ts';
import { LookupResult } from './LookupResult.tsx';

/**
 * entry/pid/{pid}/{handle?}: the persistent id of the original NOMAD repository (a number, with a handle
 * prefix in some links) is the entry's `pid` search quantity; the first entry with it is opened.
 */
export function EntryPidLookup() {
  const api = useApi();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { pid = '', handle } = useParams();
  const persistentId = handle ? `${pid}/${handle}` : pid;
  const result = useQuery({
    queryKey: ['entries', 'pid', persistentId, user?.sub],
    queryFn: () =>
      api.call('entriesQuery', {
        body: {
          // As NOMAD: every published entry and the user's own, whoever's upload it is in.
          owner: 'all',
          query: { pid: persistentId },
          pagination: { page_size: 1 },
          required: { include: ['entry_id'] },
        },
      }),
  });
  const entryId = result.data?.data[0]?.entry_id;
  if (entryId) {
    const base = pathname.slice(0, pathname.indexOf('/entry/pid/'));
    return <Navigate replace to={`${base}/entry/id/${encodeURIComponent(entryId)}`} />;
  }
  return <LookupResult loading={result.isPending}>{entryNotFoundText(user !== undefined)}</LookupResult>;
}
