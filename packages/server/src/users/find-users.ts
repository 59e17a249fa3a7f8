import type { UsersQuery } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Queryable } from '../db/database.ts';
import { unauthorized } from '../errors.ts';
import {
  findUserByEmail,
  findUsersByIds,
  findUserByUsername,
  listUsers,
  searchUsers,
  type UserRecord,
} from '../store/users.ts';

const EMAIL_LOOKUP_NEEDS_LOGIN = 'Finding users by email requires login.';
const LISTING_NEEDS_LOGIN =
  'Listing users requires login; find users by the start of their name with the prefix parameter.';

/**
 * The filters of GET /users, applied in NOMAD's order of precedence. Emails are personal data: anonymous
 * callers can neither look users up by email nor match emails by prefix, nor list every user.
 */
export const findUsers = async (
  db: Queryable,
  query: UsersQuery,
  viewer: CurrentUser | undefined,
): Promise<UserRecord[]> => {
  if (query.user_id?.length) return findUsersByIds(db, query.user_id);
  if (query.username) return [await findUserByUsername(db, query.username)].flatMap((u) => u ?? []);
  if (query.email) {
    if (!viewer) throw unauthorized(EMAIL_LOOKUP_NEEDS_LOGIN);
    return [await findUserByEmail(db, query.email)].flatMap((u) => u ?? []);
  }
  const prefix = query.prefix?.trim();
  if (!prefix && !viewer) throw unauthorized(LISTING_NEEDS_LOGIN);
  if (query.prefix !== undefined) return searchUsers(db, query.prefix, { matchEmail: viewer !== undefined });
  return listUsers(db, 100);
};

/** As in NOMAD's recorded answers, listings carry no emails; admins see them. */
export const showsEmails = (viewer: CurrentUser | undefined): boolean => viewer?.is_admin === true;
