import type { Queryable } from '../db/database.ts';
import { groupIdsOfUser } from '../store/groups.ts';
import { fullName, type UserRecord } from '../store/users.ts';
import type { CurrentUser } from './current-user.ts';

/** Groups of one user read per request at most; far more than one account can join in practice. */
const MAX_GROUPS_OF_USER = 10_000;

/** The API's view of a user account. */
export const toCurrentUser = (user: UserRecord, options: { appToken?: true } = {}): CurrentUser => ({
  user_id: user.user_id,
  username: user.username,
  name: fullName(user),
  ...(user.email ? { email: user.email } : {}),
  is_admin: user.is_admin,
  ...options,
});

/** The user with the groups they own or are a member of (upload roles through co-author and reviewer groups). */
export const withGroups = async (db: Queryable, user: CurrentUser): Promise<CurrentUser> => ({
  ...user,
  group_ids: await groupIdsOfUser(db, user.user_id, MAX_GROUPS_OF_USER),
});
