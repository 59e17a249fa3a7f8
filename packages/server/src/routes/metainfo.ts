import type { FastifyPluginAsync } from 'fastify';
import { builtinPackages, METAINFO_DEFAULT_SCHEMA_PACKAGES, metainfoArtifactPackages } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { listMetainfoPackages, readMetainfoDefinition } from '../services/metainfo.ts';

/** The metainfo API (spec 1 §2.3, §7 GET metainfo/{versionHash}). */
export const metainfoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    // Built once: the built-in definitions only change with the server's code.
    const builtin = metainfoArtifactPackages(builtinPackages);

    registerOperation(plugin, 'metainfoPackages', async (request) =>
      listMetainfoPackages(
        ctx,
        request.user,
        builtin,
        request.query.page_size ?? METAINFO_DEFAULT_SCHEMA_PACKAGES,
      ),
    );

    registerOperation(plugin, 'metainfoDefinition', async (request) =>
      readMetainfoDefinition(ctx, request.user, builtin, request.params.definition),
    );
  };
