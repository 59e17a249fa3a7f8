import type { AppContext } from '../context.ts';
import type { KeyStore } from '../auth/keys.ts';
import { guardLogin, tooManyAttempts } from '../auth/login-limiter.ts';
import { accessTokenForPassword } from '../auth/password-grant.ts';
import { tooManyRequests, unauthorized } from '../errors.ts';

const wrongCredentials = 'Failed to authenticate user. Wrong username or password.';

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
  const result = await guardLogin(ctx.loginLimiter, { login: username, address }, () =>
    accessTokenForPassword(ctx, keyStore, username, password),
  );
  if (result.outcome === 'limited')
    throw tooManyRequests(tooManyAttempts(result.retryAfter), result.retryAfter);
  if (result.outcome === 'failed') throw unauthorized(wrongCredentials);
  return result.value;
};
