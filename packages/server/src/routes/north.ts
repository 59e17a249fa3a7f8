import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { registerOperation } from '../http/register-operation.ts';
import { listNorthTools, northToolStatus, startNorthTool, stopNorthTool } from '../services/north.ts';
import { northAccessCookie } from '../north/proxy-access.ts';

/**
 * The remote tools hub (NOMAD's /north). Status and launch answers set the cookie that lets the caller's
 * browser tab into the tool: the tab opens the tool's URL without the GUI's bearer token.
 */
export const northRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    // Only a login session opens the tools themselves: an app token (a script's, or a leaked one) may ask for
    // states and start or stop tools, but gets no pass into a running tool that outlives its revocation.
    const admit = (reply: FastifyReply, user: CurrentUser | undefined) => {
      if (user && !user.appToken) reply.header('set-cookie', northAccessCookie(ctx, user));
    };
    registerOperation(plugin, 'northTools', async (request) => listNorthTools(ctx, request.user));
    registerOperation(plugin, 'northTool', async (request, reply) => {
      const answer = northToolStatus(ctx, request.user, request.params.name, request.query.upload_id);
      admit(reply, request.user);
      return answer;
    });
    registerOperation(plugin, 'northToolStart', async (request, reply) => {
      const answer = await startNorthTool(ctx, request.user, request.params.name, request.query.upload_id);
      admit(reply, request.user);
      return answer;
    });
    registerOperation(plugin, 'northToolStop', async (request) =>
      stopNorthTool(ctx, request.user, request.params.name),
    );
  };
