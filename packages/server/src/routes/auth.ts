import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  APP_TOKEN_MAX_EXPIRES_IN,
  AppTokenQuerySchema,
  AppTokenResponseSchema,
  ErrorBodySchema,
  TokenCredentialsSchema,
  TokenResponseSchema,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/current-user.ts';
import { accessTokenForPassword } from '../auth/password-grant.ts';
import { signAppToken } from '../auth/tokens.ts';
import { guardLogin, tooManyAttempts } from '../auth/login-limiter.ts';
import { findUserById, normalizeLogin } from '../store/users.ts';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../errors.ts';

const wrongCredentials = 'Failed to authenticate user. Wrong username or password.';
const appTokenFromAppToken =
  'App tokens cannot create app tokens. Authenticate with an access token (log in, or use /auth/token).';

/** NOMAD's token endpoints for scripts: a short-lived access token by password, a long-lived app token. */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const tokenFor = async (request: FastifyRequest, username: string, password: string) => {
      const result = await guardLogin(
        ctx.loginLimiter,
        { account: normalizeLogin(username), address: request.ip },
        () => accessTokenForPassword(ctx, api.oasisAuth.keyStore, username, password),
      );
      if (result.outcome === 'limited')
        throw tooManyRequests(tooManyAttempts(result.retryAfter), result.retryAfter);
      if (result.outcome === 'failed') throw unauthorized(wrongCredentials);
      return { access_token: result.value, token_type: 'bearer' };
    };
    const responses = {
      200: TokenResponseSchema,
      401: ErrorBodySchema,
      422: ErrorBodySchema,
      429: ErrorBodySchema,
    };

    api.get(
      '/auth/token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Get an access token with username and password (query parameters)',
          querystring: TokenCredentialsSchema,
          response: responses,
        },
      },
      async (request) => tokenFor(request, request.query.username, request.query.password),
    );

    api.post(
      '/auth/token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Get an access token with username and password (form fields or JSON)',
          body: TokenCredentialsSchema,
          response: responses,
        },
      },
      async (request) => tokenFor(request, request.body.username, request.body.password),
    );

    api.get(
      '/auth/app_token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Get an app token for scripts, valid for expires_in seconds',
          querystring: AppTokenQuerySchema,
          response: {
            200: AppTokenResponseSchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            422: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
        config: { loginPath: true },
      },
      async (request) => {
        const current = requireUser(request);
        // A leaked app token must not be able to prolong itself.
        if (current.appToken) throw forbidden(appTokenFromAppToken);
        const { expires_in: expiresIn } = request.query;
        if (expiresIn > APP_TOKEN_MAX_EXPIRES_IN) {
          throw new HttpError(
            422,
            `expires_in must not exceed ${APP_TOKEN_MAX_EXPIRES_IN} seconds (30 days).`,
          );
        }
        const user = await findUserById(ctx.db, current.user_id);
        if (!user) throw unauthorized('The user of this token does not exist.');
        const { signing } = await api.oasisAuth.keyStore.keys();
        return { app_token: await signAppToken(ctx.config, signing, user, expiresIn) };
      },
    );
  };
