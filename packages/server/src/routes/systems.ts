import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { attachmentHeaders } from '../files/raw-response-headers.ts';
import { registerOperation } from '../http/register-operation.ts';
import { readSystemFile } from '../services/systems.ts';

/** Structure files of an entry's systems (spec 3 §7 GET systems/{entryId}). */
export const systemsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    registerOperation(plugin, 'systemFile', async (request, reply) => {
      const file = await readSystemFile(ctx, request.user, request.params.entry_id, request.query);
      return reply.headers(attachmentHeaders(file.fileName, 'text/plain; charset=utf-8')).send(file.text);
    });
  };
