import { randomUUID } from 'node:crypto';
import { appTokenLimitMessage } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import type { KeyStore } from '../auth/keys.ts';
import { signAppToken } from '../auth/tokens.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { forbidden, HttpError, notFound, unauthorized, validationError } from '../errors.ts';
import {
  countAppTokens,
  deleteAppToken,
  deleteAppTokens,
  deleteExpiredAppTokens,
  insertAppToken,
  listAppTokens,
  type AppTokenRow,
} from '../store/app-tokens.ts';
import { findUserById, lockUser } from '../store/users.ts';
import { loggedIn, type Caller } from './caller.ts';

/** Unexpired app tokens one user may hold: each is a row the verifier reads, so their number is bounded. */
const MAX_APP_TOKENS_PER_USER = 1000;

const withAccessToken = (caller: Caller, action: string): CurrentUser => {
  const current = loggedIn(caller);
  // A leaked app token must neither prolong itself nor lock its owner's other scripts out.
  if (current.appToken) {
    throw forbidden(
      `App tokens cannot ${action} app tokens. Authenticate with an access token (log in, or use /auth/token).`,
    );
  }
  return current;
};

/** FastAPI's answer to `expires_in` over the limit (NOMAD's GUI reads `ctx.limit_value`), in words. */
const tooLong = (maxExpiresIn: number, now: Date) =>
  validationError([
    {
      loc: ['query', 'expires_in'],
      msg: appTokenLimitMessage(maxExpiresIn, now),
      type: 'value_error.number.not_le',
      ctx: { limit_value: maxExpiresIn },
    },
  ]);

/**
 * A long-lived app token of the caller for `expiresIn` seconds, at most `appTokenMaxExpiresIn`; never
 * from an app token itself. Its id is recorded, so that the user can revoke it.
 */
export const createAppToken = async (
  ctx: AppContext,
  keyStore: KeyStore,
  caller: Caller,
  expiresIn: number,
): Promise<string> => {
  const current = withAccessToken(caller, 'create');
  const now = ctx.clock.now();
  const max = ctx.config.appTokenMaxExpiresIn;
  if (expiresIn > max) throw tooLong(max, now);
  const user = await findUserById(ctx.db, current.user_id);
  if (!user) throw unauthorized('The user of this token does not exist.');
  const tokenId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    // Locked so that concurrent requests of one user count each other's tokens.
    await lockUser(tx, user.user_id);
    await deleteExpiredAppTokens(tx, user.user_id, now);
    if ((await countAppTokens(tx, user.user_id, now)) >= MAX_APP_TOKENS_PER_USER) {
      throw new HttpError(
        422,
        `You have ${MAX_APP_TOKENS_PER_USER} app tokens that have not expired; revoke some before creating more.`,
      );
    }
    const expiresAt = new Date(now.getTime() + expiresIn * 1000);
    await insertAppToken(tx, {
      token_id: tokenId,
      user_id: user.user_id,
      created: now,
      expires_at: expiresAt,
    });
  });
  const { signing } = await keyStore.keys();
  return signAppToken(ctx.config, signing, user, { tokenId, expiresIn });
};

/** The caller's app tokens that have not expired, newest first. */
export const listOwnAppTokens = (ctx: AppContext, caller: Caller): Promise<AppTokenRow[]> =>
  listAppTokens(ctx.db, withAccessToken(caller, 'list').user_id, ctx.clock.now());

/** Revokes one of the caller's app tokens; another user's token id is as unknown as a made-up one. */
export const revokeAppToken = async (
  ctx: AppContext,
  caller: Caller,
  tokenId: string,
): Promise<AppTokenRow> => {
  const current = withAccessToken(caller, 'revoke');
  const revoked = await deleteAppToken(ctx.db, current.user_id, tokenId);
  if (!revoked) throw notFound(`The app token with id ${tokenId} does not exist.`);
  return revoked;
};

/** Revokes all of the caller's app tokens; answers those that had not expired yet. */
export const revokeAllAppTokens = (ctx: AppContext, caller: Caller): Promise<AppTokenRow[]> =>
  deleteAppTokens(ctx.db, withAccessToken(caller, 'revoke').user_id, ctx.clock.now());
