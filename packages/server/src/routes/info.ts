import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { readServerInfo } from '../services/info.ts';

export const infoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    registerOperation(api, 'info', async () => {
      const { version, parsers, statistics } = await readServerInfo(ctx);
      return {
        version,
        deployment: 'oasis',
        oasis: true,
        parsers,
        codes: parsers.map((name) => ({ code_name: name.replace(/^parsers\//, '') })),
        normalizers: ['results'],
        statistics,
      };
    });
  };
