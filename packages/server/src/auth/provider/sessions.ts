import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OasisConfig } from '../../config/config.ts';
import type { Queryable } from '../../db/database.ts';
import { setCookie } from '../cookies.ts';
import { hashSecret, randomSecret } from '../secrets.ts';
import type { Columns } from '../../db/rows.ts';

/**
 * Single sign-on sessions. The browser holds a random secret in an HttpOnly cookie scoped to the provider's
 * path; the database keeps only its hash, which doubles as the session id (`sid`) in tokens. Refresh tokens
 * of a session die with it (logout).
 */
const SSO_COOKIE = 'OASIS_SSO_SESSION';
/**
 * The session id again, readable by scripts: the login status iframe compares it with the `sid` of a
 * client's token, as Keycloak's KEYCLOAK_SESSION cookie. The sid is no credential (tokens carry it too).
 */
export const SESSION_STATE_COOKIE = 'OASIS_SESSION_STATE';
const SESSION_LIFETIME = 30 * 24 * 3600;

export const providerCookiePath = (config: OasisConfig) => `${config.basePath}/keycloak`;

const cookieOptions = (config: OasisConfig, maxAge: number) => ({
  path: providerCookiePath(config),
  maxAge,
  sameSite: 'Lax' as const,
  secure: config.publicOrigin.startsWith('https:'),
});

/** (Re)sets the readable session state; also on single sign-on, for sessions begun before it existed. */
export const setSessionStateCookie = (config: OasisConfig, reply: FastifyReply, sid: string) => {
  setCookie(reply, SESSION_STATE_COOKIE, sid, {
    ...cookieOptions(config, SESSION_LIFETIME),
    httpOnly: false,
  });
};

/** Creates a session row; returns the secret (for the cookie) and the session id. */
export const createSession = async (db: Queryable, userId: string) => {
  const secret = randomSecret();
  const sid = hashSecret(secret);
  // Logins are rare enough to tidy up here: expired sessions and refresh tokens are of no use to anyone.
  await db.query('DELETE FROM oidc_refresh_tokens WHERE expires_at < now()');
  await db.query('DELETE FROM oidc_sessions WHERE expires_at < now()');
  await db.query(
    `INSERT INTO oidc_sessions (session_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [sid, userId, SESSION_LIFETIME],
  );
  return { secret, sid };
};

export const startBrowserSession = async (
  config: OasisConfig,
  db: Queryable,
  reply: FastifyReply,
  userId: string,
) => {
  const { secret, sid } = await createSession(db, userId);
  setCookie(reply, SSO_COOKIE, secret, cookieOptions(config, SESSION_LIFETIME));
  setSessionStateCookie(config, reply, sid);
  return sid;
};

/** The live session of the browser's cookie: its id and user. */
export const currentSession = async (
  db: Queryable,
  request: FastifyRequest,
): Promise<{ sid: string; userId: string } | undefined> => {
  const secret = request.cookies[SSO_COOKIE];
  if (!secret) return undefined;
  const sid = hashSecret(secret);
  const { rows } = await db.query<Columns<'oidc_sessions', 'user_id'>>(
    'SELECT user_id FROM oidc_sessions WHERE session_hash = $1 AND expires_at > now()',
    [sid],
  );
  return rows[0] ? { sid, userId: rows[0].user_id } : undefined;
};

export const endSession = async (db: Queryable, sid: string): Promise<void> => {
  await db.query('UPDATE oidc_refresh_tokens SET revoked = true WHERE session_id = $1', [sid]);
  await db.query('DELETE FROM oidc_sessions WHERE session_hash = $1', [sid]);
};

export const clearSessionCookie = (config: OasisConfig, reply: FastifyReply) => {
  setCookie(reply, SSO_COOKIE, '', cookieOptions(config, 0));
  setCookie(reply, SESSION_STATE_COOKIE, '', { ...cookieOptions(config, 0), httpOnly: false });
};
