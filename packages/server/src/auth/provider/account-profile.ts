import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserById } from '../../store/users.ts';
import type { KeyStore } from '../keys.ts';
import { sendOAuthError } from './respond.ts';
import { bearerToken, verifyProviderToken } from './token-check.ts';

/**
 * The account as JSON for the user of an access token, in the field names of Keycloak's account service
 * (what keycloak-js's loadUserProfile reads).
 */
export const accountProfile = async (
  ctx: AppContext,
  keyStore: KeyStore,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const token = bearerToken(request.headers.authorization);
  const payload = token && (await verifyProviderToken(ctx.config, keyStore, token, 'Bearer'));
  const user = payload ? await findUserById(ctx.db, payload.sub) : undefined;
  if (!user) return sendOAuthError(reply, 401, 'invalid_token', 'Token verification failed');
  return reply.header('cache-control', 'no-store').send({
    id: user.user_id,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    ...(user.email ? { email: user.email } : {}),
    emailVerified: false,
    attributes: user.affiliation ? { affiliation: [user.affiliation] } : {},
  });
};
