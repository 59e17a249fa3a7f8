import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createKeyStore } from '../keys.ts';
import { embeddedRealmPath } from '../urls.ts';
import { discoveryRoutes } from './discovery-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { loginRoutes } from './login-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { sessionStatusRoutes } from './session-status-routes.ts';
import { tokenRoutes } from './token-routes.ts';
import { userinfoRoutes } from './userinfo-routes.ts';

/**
 * The embedded OpenID Connect provider under `{basePath}/keycloak/auth/realms/{realm}/`, Keycloak's layout.
 * Not registered when an external Keycloak is configured: then that one is the only issuer. The routes
 * carry no tags, so the OpenAPI document of the NOMAD API leaves them out.
 */
export const registerIdentityProvider =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    if (ctx.config.keycloak.serverUrl) return;
    const keyStore = createKeyStore(ctx.db);
    await app.register(
      async (realm) => {
        await realm.register(discoveryRoutes(ctx, keyStore));
        await realm.register(loginRoutes(ctx));
        await realm.register(registrationRoutes(ctx));
        await realm.register(invitationRoutes(ctx));
        await realm.register(tokenRoutes(ctx, keyStore));
        await realm.register(userinfoRoutes(ctx, keyStore));
        await realm.register(sessionRoutes(ctx, keyStore));
        await realm.register(sessionStatusRoutes(ctx));
      },
      { prefix: embeddedRealmPath(ctx.config) },
    );
  };
