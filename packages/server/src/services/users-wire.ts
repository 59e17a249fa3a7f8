import type { User } from '@oasis/schema';
import { fullName, type UserRecord } from '../store/users.ts';

/**
 * The NOMAD wire form. The email is personal data: only the user themself and admins see it.
 */
export const userToWire = (user: UserRecord, options: { includeEmail: boolean }): User => ({
  user_id: user.user_id,
  name: fullName(user),
  first_name: user.first_name,
  last_name: user.last_name,
  username: user.username,
  ...(options.includeEmail && user.email ? { email: user.email } : {}),
  ...(user.affiliation ? { affiliation: user.affiliation } : {}),
  ...(user.affiliation_address ? { affiliation_address: user.affiliation_address } : {}),
  created: user.created,
  is_admin: user.is_admin,
  is_oasis_admin: user.is_admin,
});
