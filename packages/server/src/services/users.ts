import type { UsersQuery } from '@oasis/schema';
import type { OasisConfig } from '../config/config.ts';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { findUserById, type UserRecord } from '../store/users.ts';
import { findUsers, showsEmails } from '../users/find-users.ts';
import { loggedIn, type Caller } from './caller.ts';

const notAllowed = 'You are not allowed to access this NOMAD installation.';

/** In global-login mode with a list of allowed users, only those (by username or email) get in. */
const isAllowed = (config: OasisConfig, user: UserRecord): boolean => {
  const { globalLoginRequired, allowedUsers } = config;
  if (!globalLoginRequired || !allowedUsers) return true;
  const names = new Set(allowedUsers.map((name) => name.toLowerCase()));
  return (
    names.has(user.username.toLowerCase()) || (user.email !== null && names.has(user.email.toLowerCase()))
  );
};

/** GET users/me: the caller's own account, if it (still) exists and may use this installation. */
export const readOwnAccount = async (ctx: AppContext, caller: Caller): Promise<UserRecord> => {
  const current = loggedIn(caller);
  const user = await findUserById(ctx.db, current.user_id);
  if (!user) throw unauthorized('The user of this token does not exist.');
  if (!isAllowed(ctx.config, user)) throw unauthorized(notAllowed);
  return user;
};

/** GET users: users by id, name, email or prefix (users/find-users.ts), and whether emails are shown. */
export const findUsersFor = async (
  ctx: AppContext,
  caller: Caller,
  query: UsersQuery,
): Promise<{ users: UserRecord[]; includeEmail: boolean }> => ({
  users: await findUsers(ctx.db, query, caller),
  includeEmail: showsEmails(caller),
});
