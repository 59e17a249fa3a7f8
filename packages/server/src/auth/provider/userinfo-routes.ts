import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserById, fullName } from '../../store/users.ts';
import type { KeyStore } from '../keys.ts';
import { allowWebOrigin, preflight } from './cors.ts';
import { bearerToken, verifyProviderToken } from './token-check.ts';

const path = '/protocol/openid-connect/userinfo';

/** `protocol/openid-connect/userinfo`: the profile claims of the user of an access token. */
export const userinfoRoutes =
  (ctx: AppContext, keyStore: KeyStore): FastifyPluginAsync =>
  async (app) => {
    const { config } = ctx;
    const rejected = (reply: FastifyReply, description: string) =>
      reply
        .status(401)
        .header('www-authenticate', `Bearer error="invalid_token", error_description="${description}"`)
        .send({ error: 'invalid_token', error_description: description });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // Reads no cookies: any origin may ask (keycloak-js's loadUserInfo, from the GUI's origin).
      allowWebOrigin(config, request, reply, { anyOrigin: true });
      const token = bearerToken(request.headers.authorization);
      if (!token) return rejected(reply, 'Missing bearer token');
      const payload = await verifyProviderToken(config, keyStore, token, 'Bearer');
      if (!payload) return rejected(reply, 'Token verification failed');
      const user = await findUserById(ctx.db, payload.sub);
      if (!user) return rejected(reply, 'User not found');
      return reply.header('cache-control', 'no-store').send({
        sub: user.user_id,
        preferred_username: user.username,
        name: fullName(user),
        given_name: user.first_name,
        family_name: user.last_name,
        ...(user.email ? { email: user.email, email_verified: false } : {}),
      });
    };

    app.get(path, handler);
    app.post(path, handler);
    preflight(app, config, path, 'GET, POST', { anyOrigin: true });
  };
