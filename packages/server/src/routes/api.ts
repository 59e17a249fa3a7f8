import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { authPlugin } from '../auth/plugin.ts';
import { infoRoutes } from './info.ts';
import { authRoutes } from './auth.ts';
import { usersRoutes } from './users.ts';
import { groupsRoutes } from './groups.ts';
import { uploadsRoutes } from './uploads.ts';
import { uploadBundleRoutes } from './upload-bundles.ts';
import { uploadFilesRoutes } from './upload-files.ts';
import { entriesRoutes } from './entries.ts';
import { searchRoutes } from './search.ts';
import { downloadRoutes } from './downloads.ts';
import { datasetsRoutes } from './datasets.ts';
import { uploadEditRoutes } from './upload-edit.ts';
import { h5groveRoutes } from './h5grove.ts';
import { systemsRoutes } from './systems.ts';
import { metainfoRoutes } from './metainfo.ts';
import { northRoutes } from './north.ts';

/** Everything under /api/v1; the auth plugin resolves the caller before any route runs. */
export const apiRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    // Like NOMAD's API, readable from GUIs served elsewhere; bearer tokens, not cookies, carry identity.
    api.addHook('onRequest', async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') {
        reply
          .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-max-age', '600');
        return reply.status(204).send();
      }
    });
    // Every endpoint is a row of the operation table (packages/schema): a route registered by hand is refused.
    api.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.every((method) => method === 'OPTIONS') || route.config?.operation) return;
      throw new Error(`${methods.join(',')} ${route.url} is not registered from the operation table`);
    });
    // Preflight requests need a route to reach the hook above.
    api.options('/*', { schema: { hide: true } }, async (_request, reply) => reply.status(204).send());
    await api.register(authPlugin(ctx));
    await api.register(infoRoutes(ctx));
    await api.register(authRoutes(ctx));
    await api.register(usersRoutes(ctx));
    await api.register(groupsRoutes(ctx));
    await api.register(uploadsRoutes(ctx));
    await api.register(uploadBundleRoutes(ctx));
    await api.register(uploadFilesRoutes(ctx));
    await api.register(entriesRoutes(ctx));
    await api.register(searchRoutes(ctx));
    await api.register(downloadRoutes(ctx));
    await api.register(datasetsRoutes(ctx));
    await api.register(uploadEditRoutes(ctx));
    await api.register(h5groveRoutes(ctx));
    await api.register(systemsRoutes(ctx));
    await api.register(metainfoRoutes(ctx));
    await api.register(northRoutes(ctx));
  };
