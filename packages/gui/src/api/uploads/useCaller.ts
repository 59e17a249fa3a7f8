import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../ApiProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import type { Caller } from './visibility.ts';

/**
 * The logged-in user with the ids of the groups it owns or belongs to: upload roles also come through
 * coauthor and reviewer groups. Undefined when anonymous.
 */
export function useCaller(): Caller | undefined {
  const api = useApi();
  const { user } = useAuth();
  const sub = user?.sub;
  const groups = useQuery({
    queryKey: ['groups', 'of-user', sub],
    queryFn: () => api.call('groupsList', { query: { user_id: sub } }),
    enabled: sub !== undefined,
    // Without the groups the roles held directly still count; a failure need not interrupt the page.
    meta: { silent: true },
    staleTime: 5 * 60_000,
  });
  const data = groups.data?.data;
  return useMemo(
    () => (sub === undefined ? undefined : { sub, groups: (data ?? []).map((group) => group.group_id) }),
    [sub, data],
  );
}
