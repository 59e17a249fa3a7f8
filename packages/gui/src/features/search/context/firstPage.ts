import type { ApiClient } from '@oasis/client';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AppConfig,
  EntriesQueryRequest,
  EntriesQueryResponse,
  MaterialsQueryResponse,
} from '@oasis/schema';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { takeHandedOverPage } from '../prerendered.ts';
import { lockedFilters, searchOwner } from './locks.ts';
import { appPagination } from './pagination.ts';
import { pageRequest } from './requests.ts';

export type QueryResponse = EntriesQueryResponse | MaterialsQueryResponse;

/** Held as query data: the answer's promise itself, so that taking it never cancels the request. */
interface FirstPage {
  response: Promise<QueryResponse>;
}

const firstPageKey = (body: EntriesQueryRequest) => ['search', 'first page', JSON.stringify(body)];

/**
 * The results page (without aggregations) a search page asks for first, when it is known without the
 * search quantities: the URL holds no filters and the app locks none.
 */
function firstPageRequest(
  app: AppConfig,
  search: string,
  loggedIn: boolean,
): EntriesQueryRequest | undefined {
  if (search !== '' && search !== '?') return undefined;
  if (Object.keys(lockedFilters(app.filters_locked)).length > 0) return undefined;
  const owner = searchOwner(loggedIn, app.filters_locked, undefined);
  return pageRequest(
    { resource: app.resource, owner, query: {}, aggregations: {}, definitions: {} },
    appPagination(app),
  );
}

/**
 * The search page's code and schemas take a while to load and compile; its first results page does not
 * need them. The route starts that request with the shell (once the login state is known), and the
 * page's search engine takes its answer instead of asking again.
 */
export function usePrefetchedFirstPage(app: AppConfig) {
  const api = useApi();
  const client = useQueryClient();
  const { user, ready } = useAuth();
  const { search } = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    const body = firstPageRequest(app, search, user !== undefined);
    if (body) prefetchFirstPage(client, api, app.resource, body);
  }, [ready, app, search, user, client, api]);
}

function prefetchFirstPage(client: QueryClient, api: ApiClient, resource: string, body: EntriesQueryRequest) {
  const handed = resource === 'entries' ? takeHandedOverPage(body) : undefined;
  const response = handed
    ? Promise.resolve(handed)
    : api.call(resource === 'materials' ? 'materialsQuery' : 'entriesQuery', { body });
  // A page left before it took the answer must not report the rejection as unhandled.
  response.catch(() => undefined);
  client.setQueryData<FirstPage>(firstPageKey(body), { response });
}

/** The answer to a started first page with exactly this body, once: a later visit asks afresh. */
export function takeFirstPage(
  client: QueryClient,
  body: EntriesQueryRequest,
): Promise<QueryResponse> | undefined {
  const queryKey = firstPageKey(body);
  const started = client.getQueryData<FirstPage>(queryKey);
  if (started) client.removeQueries({ queryKey, exact: true });
  return started?.response;
}
