import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { authPlugin } from '../auth/plugin.ts';
import { h5groveRoutes } from './h5grove.ts';

/** Answers carry data only: nothing in them may load, run or be framed (as the API's answers). */
const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The h5grove API where NOMAD mounts it, `<base>/h5grove` (its rows are also served below /api/v1): the same
 * caller resolution and cross-origin rules as the API.
 */
export const h5groveMount =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      if (request.method !== 'OPTIONS') return;
      reply
        .header('access-control-allow-methods', 'GET, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600');
      return reply.status(204).send();
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff').header('content-security-policy', DATA_CSP);
      return payload;
    });
    app.options('/h5grove/*', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(204).send(),
    );
    await app.register(authPlugin(ctx));
    await app.register(h5groveRoutes(ctx));
  };
