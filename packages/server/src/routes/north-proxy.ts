import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { decideProxyAccess } from '../north/proxy-access.ts';
import { guardUpgradeSocket, proxyHttp, proxyUpgrade, refuseUpgrade } from '../north/proxy.ts';

/**
 * The running tools at `<base>/north/user/<username>/<tool>/…`, as NOMAD's JupyterHub serves them: HTTP and
 * WebSocket, for the tool's owner only (the cookie set by the hub's status and launch answers).
 */
export const northProxyRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Bodies go to the tool as they come: nothing here parses them.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.all(`${ctx.config.basePath}/north/user/*`, { schema: { hide: true } }, async (request, reply) => {
      const decision = decideProxyAccess(ctx, request.raw);
      if (!decision) return reply.status(404).send({ detail: 'Not Found' });
      if ('status' in decision) return reply.status(decision.status).send({ detail: decision.detail });
      const { target } = decision;
      reply.hijack();
      proxyHttp(request.raw, reply.raw, target, () => ctx.north.touch(target.userId, target.tool));
    });
    // Fastify has no WebSocket routes; upgrades arrive on the HTTP server itself.
    app.server.on('upgrade', (request, socket, head) => {
      guardUpgradeSocket(socket);
      let decision: ReturnType<typeof decideProxyAccess>;
      try {
        decision = decideProxyAccess(ctx, request);
      } catch {
        return refuseUpgrade(socket, 400, 'Bad request.');
      }
      if (!decision) return refuseUpgrade(socket, 404, 'Not Found');
      if ('status' in decision) return refuseUpgrade(socket, decision.status, decision.detail);
      const { target } = decision;
      proxyUpgrade(request, socket, head, target, () => ctx.north.touch(target.userId, target.tool));
    });
  };
