import type {
  EntriesQueryRequest,
  EntriesQueryResponse,
  MaterialsQueryRequest,
  MaterialsQueryResponse,
  SuggestionsRequest,
  SuggestionsResponse,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { requestFromQueryString } from '../search/get-query.ts';
import { searchMaterials } from '../search/materials.ts';
import { searchEntries } from '../search/search.ts';
import { suggest } from '../search/suggestions.ts';
import type { Caller } from './caller.ts';

// The search engine (search/) enforces who sees what through the owner value; these are its entry points.
// `signal` stops a search whose client has left (routes get it from searchUntilClosed).

/** POST entries/query. */
export const queryEntries = (
  ctx: AppContext,
  caller: Caller,
  request: EntriesQueryRequest,
  signal?: AbortSignal,
): Promise<EntriesQueryResponse> => searchEntries(ctx.db, ctx.search, caller, request, signal);

/** GET entries: the query string read as NOMAD does (json_query, quantity__op=value). */
export const queryEntriesByQueryString = (
  ctx: AppContext,
  caller: Caller,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<EntriesQueryResponse> =>
  searchEntries(ctx.db, ctx.search, caller, requestFromQueryString(params), signal);

/** POST materials/query. */
export const queryMaterials = (
  ctx: AppContext,
  caller: Caller,
  request: MaterialsQueryRequest,
  signal?: AbortSignal,
): Promise<MaterialsQueryResponse> => searchMaterials(ctx.db, ctx.search, caller, request, signal);

/** POST suggestions: values of quantities starting with the input, among what the caller may see. */
export const suggestValues = (
  ctx: AppContext,
  caller: Caller,
  request: SuggestionsRequest,
): Promise<SuggestionsResponse> => suggest(ctx.search, caller, request);
