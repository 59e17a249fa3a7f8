import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerResourcesOperation } from '../http/register-operation.ts';

/** NOMAD's resources API at `<base>/resources`: readable from any site, as NOMAD serves it. */
export const resourcesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    registerResourcesOperation(app, 'relatedResources', async (request) =>
      ctx.resources.lookup(request.query),
    );
  };
