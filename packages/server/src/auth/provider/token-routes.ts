import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authenticateUser, findUserById } from '../../store/users.ts';
import { guardLogin, tooManyAttempts } from '../login-limiter.ts';
import type { KeyStore } from '../keys.ts';
import { ACCESS_TOKEN_LIFETIME, signAccessToken, signIdToken, signRefreshToken } from '../tokens.ts';
import { toParams, type Params } from './auth-request.ts';
import { allowWebOrigin, preflight } from './cors.ts';
import {
  redeemAuthorizationCode,
  redeemRefreshToken,
  REFRESH_LIFETIME,
  storeRefreshToken,
  type Grant,
} from './grants.ts';
import { sendOAuthError } from './respond.ts';
import { createSession } from './sessions.ts';
import { verifyProviderToken } from './token-check.ts';

/** The public client authenticates by naming itself: in the form, or as the user of HTTP Basic auth. */
const clientIdOf = (fields: Params, authorization: string | undefined): string | undefined => {
  if (fields.client_id) return fields.client_id;
  const basic = authorization && /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (!basic) return undefined;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  return decodeURIComponent(decoded.split(':')[0] ?? '');
};

/** `protocol/openid-connect/token`: authorization_code (PKCE), refresh_token (rotating) and password grants. */
export const tokenRoutes =
  (ctx: AppContext, keyStore: KeyStore): FastifyPluginAsync =>
  async (app) => {
    const { config, db } = ctx;

    const issueTokens = async (reply: FastifyReply, grant: Grant) => {
      const user = await findUserById(db, grant.userId);
      if (!user) return sendOAuthError(reply, 400, 'invalid_grant', 'User not found');
      const { signing } = await keyStore.keys();
      const sid = grant.sid ?? undefined;
      const scopes = grant.scope.split(' ');
      const accessToken = await signAccessToken(config, signing, user, {
        clientId: grant.clientId,
        scope: grant.scope,
        sid,
      });
      const idToken = scopes.includes('openid')
        ? await signIdToken(config, signing, user, { clientId: grant.clientId, sid, nonce: grant.nonce })
        : undefined;
      const refreshToken = await signRefreshToken(config, signing, user, {
        clientId: grant.clientId,
        scope: grant.scope,
        sid,
        jti: await storeRefreshToken(db, grant),
        expiresIn: REFRESH_LIFETIME,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({
          access_token: accessToken,
          expires_in: ACCESS_TOKEN_LIFETIME,
          refresh_token: refreshToken,
          refresh_expires_in: REFRESH_LIFETIME,
          token_type: 'Bearer',
          ...(idToken ? { id_token: idToken } : {}),
          'not-before-policy': 0,
          ...(sid ? { session_state: sid } : {}),
          scope: grant.scope,
        });
    };

    const limited = (reply: FastifyReply, retryAfter: number) =>
      sendOAuthError(
        reply.header('retry-after', String(retryAfter)),
        429,
        'invalid_grant',
        tooManyAttempts(retryAfter),
      );

    app.post(
      '/protocol/openid-connect/token',
      { bodyLimit: 64 * 1024, config: { admission: 'password' } },
      async (request, reply) => {
        // Called by browsers from GUIs on other origins too; no cookies are read, so any origin may.
        allowWebOrigin(config, request, reply, { anyOrigin: true });
        const fields = toParams(request.body);
        const clientId = clientIdOf(fields, request.headers.authorization);
        if (clientId !== config.keycloak.clientId)
          return sendOAuthError(reply, 401, 'invalid_client', 'Invalid client');
        switch (fields.grant_type) {
          case 'authorization_code': {
            if (!fields.code) return sendOAuthError(reply, 400, 'invalid_request', 'Missing parameter: code');
            const redeemed = await redeemAuthorizationCode(db, {
              code: fields.code,
              clientId,
              redirectUri: fields.redirect_uri,
              codeVerifier: fields.code_verifier,
            });
            if (!redeemed.ok) return sendOAuthError(reply, 400, 'invalid_grant', redeemed.reason);
            return issueTokens(reply, redeemed.grant);
          }
          case 'refresh_token': {
            if (!fields.refresh_token)
              return sendOAuthError(reply, 400, 'invalid_request', 'Missing parameter: refresh_token');
            const { refresh_token: token } = fields;
            // No account to count against: only the address, so guessing refresh tokens is slowed down.
            let reason = '';
            const result = await guardLogin(ctx.loginLimiter, { address: request.ip }, async () => {
              const claims = await verifyProviderToken(config, keyStore, token, 'Refresh');
              if (!claims?.jti) {
                reason = 'Invalid refresh token';
                return undefined;
              }
              const redeemed = await redeemRefreshToken(db, {
                jti: claims.jti,
                subject: claims.sub,
                clientId,
              });
              if (redeemed.ok) return redeemed.grant;
              reason = redeemed.reason;
              return undefined;
            });
            if (result.outcome === 'limited') return limited(reply, result.retryAfter);
            if (result.outcome === 'failed') return sendOAuthError(reply, 400, 'invalid_grant', reason);
            return issueTokens(reply, result.value);
          }
          case 'password': {
            const { username, password } = fields;
            if (!username || !password)
              return sendOAuthError(reply, 401, 'invalid_grant', 'Invalid user credentials');
            const result = await guardLogin(ctx.loginLimiter, { login: username, address: request.ip }, () =>
              authenticateUser(db, username, password),
            );
            if (result.outcome === 'limited') return limited(reply, result.retryAfter);
            if (result.outcome === 'failed')
              return sendOAuthError(reply, 401, 'invalid_grant', 'Invalid user credentials');
            const user = result.value;
            // Like Keycloak, a password login opens a session (without a cookie) that its refresh tokens belong to.
            const { sid } = await createSession(db, user.user_id);
            return issueTokens(reply, {
              userId: user.user_id,
              clientId,
              scope: fields.scope ?? 'openid profile email',
              sid,
            });
          }
          default:
            return sendOAuthError(reply, 400, 'unsupported_grant_type', 'Unsupported grant_type');
        }
      },
    );

    preflight(app, config, '/protocol/openid-connect/token', 'POST', { anyOrigin: true });
  };
