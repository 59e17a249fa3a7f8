import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import {
  createAppToken,
  listOwnAppTokens,
  revokeAllAppTokens,
  revokeAppToken,
} from '../services/app-tokens.ts';
import { appTokenToWire } from '../services/app-tokens-wire.ts';
import { accessTokenByPassword } from '../services/auth-tokens.ts';

/**
 * NOMAD's token endpoints for scripts: a short-lived access token by password, a long-lived app token; and
 * the oasis's list and revocation of app tokens.
 */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;
    const tokenFor = async (request: Pick<FastifyRequest, 'ip'>, username: string, password: string) => {
      const accessToken = await accessTokenByPassword(ctx, api.oasisAuth.keyStore, {
        username,
        password,
        address: request.ip,
      });
      return { access_token: accessToken, token_type: 'bearer' };
    };
    registerOperation(api, 'authToken', async (request) =>
      tokenFor(request, request.query.username, request.query.password),
    );
    registerOperation(api, 'authTokenByForm', async (request) =>
      tokenFor(request, request.body.username, request.body.password),
    );

    registerOperation(
      api,
      'authAppToken',
      async (request) => ({
        app_token: await createAppToken(ctx, api.oasisAuth.keyStore, request.user, request.query.expires_in),
      }),
      { config: { loginPath: true } },
    );
    registerOperation(api, 'authAppTokens', async (request) => ({
      data: (await listOwnAppTokens(ctx, request.user)).map(appTokenToWire),
    }));
    registerOperation(api, 'authAppTokenRevoke', async (request) =>
      appTokenToWire(await revokeAppToken(ctx, request.user, request.params.token_id)),
    );
    registerOperation(api, 'authAppTokensRevokeAll', async (request) => ({
      data: (await revokeAllAppTokens(ctx, request.user)).map(appTokenToWire),
    }));
  };
