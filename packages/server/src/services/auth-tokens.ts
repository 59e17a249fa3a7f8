import { APP_TOKEN_MAX_EXPIRES_IN } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import type { KeyStore } from '../auth/keys.ts';
import { guardLogin, tooManyAttempts } from '../auth/login-limiter.ts';
import { accessTokenForPassword } from '../auth/password-grant.ts';
import { signAppToken } from '../auth/tokens.ts';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../errors.ts';
import { findUserById, normalizeLogin } from '../store/users.ts';
import { loggedIn, type Caller } from './caller.ts';

const wrongCredentials = 'Failed to authenticate user. Wrong username or password.';
const appTokenFromAppToken =
  'App tokens cannot create app tokens. Authenticate with an access token (log in, or use /auth/token).';

/**
 * NOMAD's /auth/token for scripts: a short-lived access token for a username and password. Failures count
 * per account and per client address (`address`); past the limits the answer is 429 with Retry-After.
 */
export const accessTokenByPassword = async (
  ctx: AppContext,
  keyStore: KeyStore,
  credentials: { username: string; password: string; address: string },
): Promise<string> => {
  const { username, password, address } = credentials;
  const result = await guardLogin(ctx.loginLimiter, { account: normalizeLogin(username), address }, () =>
    accessTokenForPassword(ctx, keyStore, username, password),
  );
  if (result.outcome === 'limited')
    throw tooManyRequests(tooManyAttempts(result.retryAfter), result.retryAfter);
  if (result.outcome === 'failed') throw unauthorized(wrongCredentials);
  return result.value;
};

/** A long-lived app token of the caller, for at most 30 days; never from an app token itself. */
export const createAppToken = async (
  ctx: AppContext,
  keyStore: KeyStore,
  caller: Caller,
  expiresIn: number,
): Promise<string> => {
  const current = loggedIn(caller);
  // A leaked app token must not be able to prolong itself.
  if (current.appToken) throw forbidden(appTokenFromAppToken);
  if (expiresIn > APP_TOKEN_MAX_EXPIRES_IN) {
    throw new HttpError(422, `expires_in must not exceed ${APP_TOKEN_MAX_EXPIRES_IN} seconds (30 days).`);
  }
  const user = await findUserById(ctx.db, current.user_id);
  if (!user) throw unauthorized('The user of this token does not exist.');
  const { signing } = await keyStore.keys();
  return signAppToken(ctx.config, signing, user, expiresIn);
};
