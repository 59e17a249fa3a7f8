import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { AppContext } from '../../context.ts';
import { findUserById, fullName } from '../../store/users.ts';
import { SIGNING_ALG, type KeyStore } from '../keys.ts';
import { realmIssuer } from '../urls.ts';

/** `protocol/openid-connect/userinfo`: the profile claims of the user of an access token. */
export const userinfoRoutes =
  (ctx: AppContext, keyStore: KeyStore): FastifyPluginAsync =>
  async (app) => {
    const rejected = (reply: FastifyReply, description: string) =>
      reply
        .status(401)
        .header('www-authenticate', `Bearer error="invalid_token", error_description="${description}"`)
        .send({ error: 'invalid_token', error_description: description });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('access-control-allow-origin', '*');
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return rejected(reply, 'Missing bearer token');
      const { jwks } = await keyStore.keys();
      const payload = await jwtVerify(token, createLocalJWKSet(jwks), {
        issuer: realmIssuer(ctx.config),
        algorithms: [SIGNING_ALG],
      }).then(
        (result) => result.payload,
        () => undefined,
      );
      if (!payload || payload.typ !== 'Bearer' || !payload.sub)
        return rejected(reply, 'Token verification failed');
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

    app.get('/protocol/openid-connect/userinfo', handler);
    app.post('/protocol/openid-connect/userinfo', handler);
  };
