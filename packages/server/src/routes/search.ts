import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { sendSearchPage } from '../http/json-slices.ts';
import { HEAVY_PAGE_ROWS } from '../admission/heavy-work.ts';
import { searchUntilClosed } from '../search/request-abort.ts';
import { SEARCH_BODY_LIMIT } from '../search/limits.ts';
import { queryEntriesByQueryString, queryMaterials, suggestValues } from '../services/search.ts';

/** GET /entries, POST materials/query and POST suggestions: the other ways into the search index. */
export const searchRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;

    registerOperation(api, 'entriesByQueryString', async (request, reply) =>
      sendSearchPage(
        reply,
        await searchUntilClosed(request, reply, (signal) =>
          queryEntriesByQueryString(ctx, request.user, request.query as Record<string, unknown>, signal),
        ),
        HEAVY_PAGE_ROWS,
      ),
    );

    registerOperation(
      api,
      'materialsQuery',
      async (request, reply) =>
        sendSearchPage(
          reply,
          await searchUntilClosed(request, reply, (signal) =>
            queryMaterials(ctx, request.user, request.body, signal),
          ),
          HEAVY_PAGE_ROWS,
        ),
      { bodyLimit: SEARCH_BODY_LIMIT },
    );

    registerOperation(api, 'suggestions', async (request) => suggestValues(ctx, request.user, request.body), {
      bodyLimit: SEARCH_BODY_LIMIT,
    });
  };
