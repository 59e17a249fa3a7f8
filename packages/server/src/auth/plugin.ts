import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError, tooManyRequests, unauthorized } from '../errors.ts';
import { withGroups } from './account.ts';
import { createKeyStore, type KeyStore } from './keys.ts';
import { guardLogin, tooManyAttempts } from './login-limiter.ts';
import { createTokenVerifier, type TokenVerifier } from './verify.ts';

/** What the API's auth routes need from the auth plugin: the server's keys and the token verifier. */
interface AuthServices {
  keyStore: KeyStore;
  verifier: TokenVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the auth plugin on the API instance. */
    oasisAuth: AuthServices;
  }
  interface FastifyContextConfig {
    /**
     * A login path that takes a bearer token (app_token): failed token checks count as failed logins, and
     * only the Authorization header is read — it mints credentials, so a cookie a browser sends on its own
     * (a link or image on another site) must not be enough.
     */
    loginPath?: boolean;
  }
}

const bearer = /^Bearer\s+(\S+)\s*$/i;

/**
 * The bearer token of a request: from the Authorization header, or, for GET and HEAD only, from the
 * `Authorization` cookie the GUI sets for plain browser downloads (reading it on state-changing methods would
 * make the API open to cross-site request forgery), and never for a login path, which mints credentials.
 */
const requestToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = bearer.exec(header);
    if (!match?.[1])
      throw unauthorized('Unsupported Authorization header: send "Authorization: Bearer <token>".');
    return match[1];
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (request.routeOptions.config.loginPath) return undefined;
  const cookie = request.cookies.Authorization;
  return cookie === undefined ? undefined : bearer.exec(cookie)?.[1];
};

/**
 * Resolves the caller of every API request into `request.user` (anonymous when no token is sent). Wrapped
 * with fastify-plugin so the hook covers all routes registered next to it.
 */
export const authPlugin = (ctx: AppContext) =>
  fp(
    async (api) => {
      const keyStore = createKeyStore(ctx.db);
      const services: AuthServices = { keyStore, verifier: createTokenVerifier(ctx, keyStore) };
      api.decorate('oasisAuth', services);
      if (!api.hasRequestDecorator('user')) api.decorateRequest('user', undefined);
      api.addHook('onRequest', async (request) => {
        if (request.method === 'OPTIONS') return;
        const token = requestToken(request);
        if (token === undefined) return;
        if (!request.routeOptions.config.loginPath) {
          request.user = await withGroups(ctx.db, await services.verifier.verify(token));
          return;
        }
        // A rejected token counts as a failed login; an error that decides nothing (database, JWKS) does not.
        let rejected: HttpError | undefined;
        const guarded = await guardLogin(ctx.loginLimiter, { address: request.ip }, async () => {
          try {
            return await services.verifier.verify(token);
          } catch (error) {
            if (error instanceof HttpError && error.statusCode === 401) {
              rejected = error;
              return undefined;
            }
            throw error;
          }
        });
        if (guarded.outcome === 'limited')
          throw tooManyRequests(tooManyAttempts(guarded.retryAfter), guarded.retryAfter);
        if (guarded.outcome === 'failed') throw rejected ?? unauthorized('The token was not accepted.');
        request.user = await withGroups(ctx.db, guarded.value);
      });
    },
    { name: 'oasis-auth' },
  );
