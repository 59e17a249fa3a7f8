import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { readServerInfo } from '../services/info.ts';

export const infoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    registerOperation(api, 'info', async () => {
      const info = await readServerInfo(ctx);
      return {
        version: info.version,
        deployment: 'oasis',
        oasis: true,
        parsers: info.parsers,
        metainfo_packages: info.metainfoPackages,
        codes: info.codes,
        normalizers: ['results'],
        // The parsers and example uploads are built in: no plugin package brings them.
        plugin_entry_points: info.pluginEntryPoints,
        plugin_packages: [],
        statistics: info.statistics,
        search_quantities: info.searchQuantities,
        git: {},
      };
    });
  };
