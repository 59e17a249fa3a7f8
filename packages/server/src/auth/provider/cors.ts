import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OasisConfig } from '../../config/config.ts';
import { redirectOrigins } from './redirect-uris.ts';

export interface CorsOptions {
  /**
   * Whether other origins get `*` (without credentials): only for endpoints that read no cookies, so a page
   * elsewhere learns nothing it could not fetch itself.
   */
  anyOrigin: boolean;
}

/**
 * CORS of the endpoints browsers call from scripts, as Keycloak's web origins `+`: the origins of the client's
 * redirect URIs get their own origin back with credentials allowed, as keycloak-js sends its token requests
 * with `withCredentials` (a `*` answer would make the browser drop them).
 */
export const allowWebOrigin = (
  config: OasisConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  options: CorsOptions,
) => {
  reply.header('vary', 'Origin');
  const { origin } = request.headers;
  if (origin && redirectOrigins(config).includes(origin)) {
    reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
  } else if (options.anyOrigin) {
    reply.header('access-control-allow-origin', '*');
  }
};

/** Answers the preflights of a path (requests with an Authorization header, JSON bodies). */
export const preflight = (
  app: FastifyInstance,
  config: OasisConfig,
  path: string,
  methods: string,
  options: CorsOptions,
) =>
  app.options(path, async (request, reply) => {
    allowWebOrigin(config, request, reply, options);
    return reply
      .header('access-control-allow-methods', `${methods}, OPTIONS`)
      .header('access-control-allow-headers', 'authorization, content-type, accept')
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });
