import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { hashSecret, randomSecret, sameSecret } from '../secrets.ts';
import type { AuthRequest } from './auth-request.ts';
import type { Columns } from '../../db/rows.ts';

/** Authorization codes live 60 s and work once; only their hash is stored. */
const CODE_LIFETIME = 60;
/** Refresh tokens live 30 days, rotate at every use and die with their SSO session. */
export const REFRESH_LIFETIME = 30 * 24 * 3600;

export const createAuthorizationCode = async (
  db: Queryable,
  request: AuthRequest,
  userId: string,
  sid: string,
): Promise<string> => {
  const code = randomSecret();
  await db.query(
    `INSERT INTO oidc_codes (code_hash, client_id, redirect_uri, user_id, scope, nonce, code_challenge,
                             code_challenge_method, session_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'S256', $8, now() + make_interval(secs => $9))`,
    [
      hashSecret(code),
      request.clientId,
      request.redirectUri,
      userId,
      request.scope,
      request.nonce ?? null,
      request.codeChallenge,
      sid,
      CODE_LIFETIME,
    ],
  );
  return code;
};

export interface Grant {
  userId: string;
  clientId: string;
  scope: string;
  sid: string | null;
  nonce?: string;
}

export type CodeRedemption = { ok: true; grant: Grant } | { ok: false; reason: string };

/**
 * Redeems a code: it is deleted in the same statement that reads it, so a second use (or a concurrent one)
 * finds nothing, whether or not the first exchange passed its checks.
 */
export const redeemAuthorizationCode = async (
  db: Queryable,
  input: {
    code: string;
    clientId: string;
    redirectUri: string | undefined;
    codeVerifier: string | undefined;
  },
): Promise<CodeRedemption> => {
  const { rows } = await db.query<
    Columns<
      'oidc_codes',
      'client_id' | 'redirect_uri' | 'user_id' | 'scope' | 'nonce' | 'code_challenge' | 'session_id'
    > & {
      live: boolean;
    }
  >(
    `DELETE FROM oidc_codes WHERE code_hash = $1
     RETURNING client_id, redirect_uri, user_id, scope, nonce, code_challenge, session_id, expires_at > now() AS live`,
    [hashSecret(input.code)],
  );
  // Expired codes are cleaned up by the way.
  await db.query('DELETE FROM oidc_codes WHERE expires_at < now()');
  const row = rows[0];
  if (!row || !row.live) return { ok: false, reason: 'Code not valid' };
  if (row.client_id !== input.clientId) return { ok: false, reason: 'Code was issued to another client' };
  if (row.redirect_uri !== input.redirectUri) return { ok: false, reason: 'Incorrect redirect_uri' };
  if (!row.code_challenge || !input.codeVerifier)
    return { ok: false, reason: 'PKCE verification failed: code_verifier missing' };
  const challenge = createHash('sha256').update(input.codeVerifier).digest('base64url');
  if (!sameSecret(challenge, row.code_challenge))
    return { ok: false, reason: 'PKCE verification failed: code_verifier does not match' };
  return {
    ok: true,
    grant: {
      userId: row.user_id,
      clientId: row.client_id,
      scope: row.scope,
      sid: row.session_id,
      ...(row.nonce ? { nonce: row.nonce } : {}),
    },
  };
};

/**
 * Stores the row of a new refresh token and returns its `jti`; the caller signs the token (a JWT) around it.
 * Only the jti's hash is stored: the row key, by which rotation and logout revoke the token.
 */
export const storeRefreshToken = async (db: Queryable, grant: Grant): Promise<string> => {
  const jti = randomSecret();
  await db.query(
    `INSERT INTO oidc_refresh_tokens (token_hash, user_id, client_id, scope, session_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [hashSecret(jti), grant.userId, grant.clientId, grant.scope, grant.sid, REFRESH_LIFETIME],
  );
  return jti;
};

export type RefreshRedemption = { ok: true; grant: Grant } | { ok: false; reason: string };

/**
 * Rotation: the row of a (signature-checked) refresh token is revoked by the statement that accepts it, so
 * each refresh token works once; the caller issues a new one. Tokens of an ended SSO session are refused.
 */
export const redeemRefreshToken = async (
  db: Queryable,
  input: { jti: string; subject: string; clientId: string },
): Promise<RefreshRedemption> => {
  const { rows } = await db.query<
    Columns<'oidc_refresh_tokens', 'user_id' | 'client_id' | 'scope' | 'session_id'>
  >(
    `UPDATE oidc_refresh_tokens t SET revoked = true
      WHERE token_hash = $1 AND user_id = $2 AND NOT revoked AND expires_at > now()
        AND (session_id IS NULL OR EXISTS (
              SELECT 1 FROM oidc_sessions s WHERE s.session_hash = t.session_id AND s.expires_at > now()))
      RETURNING user_id, client_id, scope, session_id`,
    [hashSecret(input.jti), input.subject],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'Token is not active' };
  if (row.client_id !== input.clientId) return { ok: false, reason: 'Token was issued to another client' };
  return {
    ok: true,
    grant: { userId: row.user_id, clientId: row.client_id, scope: row.scope, sid: row.session_id },
  };
};
