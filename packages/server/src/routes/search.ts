import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  EntriesQueryResponseSchema,
  ErrorBodySchema,
  MaterialsQueryRequestSchema,
  MaterialsQueryResponseSchema,
  SuggestionsRequestSchema,
  SuggestionsResponseSchema,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { requestFromQueryString } from '../search/get-query.ts';
import { searchMaterials } from '../search/materials.ts';
import { searchEntries } from '../search/search.ts';
import { suggest } from '../search/suggestions.ts';
import { SEARCH_BODY_LIMIT } from '../search/limits.ts';

// 503: a search past its time budget (search/engine/budget.ts).
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 422: ErrorBodySchema, 503: ErrorBodySchema };

/** GET /entries, POST materials/query and POST suggestions: the other ways into the search index. */
export const searchRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/entries',
      {
        schema: {
          tags: ['entries'],
          summary: 'Search entries with query parameters',
          querystring: Type.Object({}, { additionalProperties: true }),
          response: { 200: EntriesQueryResponseSchema, ...errors },
        },
      },
      async (request) =>
        searchEntries(
          ctx.db,
          ctx.search,
          request.user,
          requestFromQueryString(request.query as Record<string, unknown>),
        ),
    );

    api.post(
      '/materials/query',
      {
        bodyLimit: SEARCH_BODY_LIMIT,
        schema: {
          tags: ['materials'],
          summary: 'Search materials (entries grouped by material_id)',
          body: MaterialsQueryRequestSchema,
          response: { 200: MaterialsQueryResponseSchema, ...errors },
        },
      },
      async (request) => searchMaterials(ctx.db, ctx.search, request.user, request.body),
    );

    api.post(
      '/suggestions',
      {
        bodyLimit: SEARCH_BODY_LIMIT,
        schema: {
          tags: ['entries'],
          summary: 'Values of suggestion-enabled quantities matching an input',
          body: SuggestionsRequestSchema,
          response: { 200: SuggestionsResponseSchema, ...errors },
        },
      },
      async (request) => suggest(ctx.search, request.user, request.body),
    );
  };
