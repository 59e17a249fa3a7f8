import type { FastifyPluginAsync } from 'fastify';
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
import { findUserById } from '../store/users.ts';
import { HttpError, unauthorized } from '../errors.ts';

const wrongCredentials = 'Failed to authenticate user. Wrong username or password.';

/** NOMAD's token endpoints for scripts: a short-lived access token by password, a long-lived app token. */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const tokenFor = async (username: string, password: string) => {
      const token = await accessTokenForPassword(ctx, api.oasisAuth.keyStore, username, password);
      if (!token) throw unauthorized(wrongCredentials);
      return { access_token: token, token_type: 'bearer' };
    };
    const responses = { 200: TokenResponseSchema, 401: ErrorBodySchema, 422: ErrorBodySchema };

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
      async (request) => tokenFor(request.query.username, request.query.password),
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
      async (request) => tokenFor(request.body.username, request.body.password),
    );

    api.get(
      '/auth/app_token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Get an app token for scripts, valid for expires_in seconds',
          querystring: AppTokenQuerySchema,
          response: { 200: AppTokenResponseSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
        },
      },
      async (request) => {
        const current = requireUser(request);
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
