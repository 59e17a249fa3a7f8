import type { CurrentUser } from '../auth/current-user.ts';
import { unauthorized } from '../errors.ts';

/** Who calls a service: the authenticated user, or undefined for an anonymous request. */
export type Caller = CurrentUser | undefined;

/** The caller of an operation that needs a login; anonymous callers get a 401 with `detail`. */
export const loggedIn = (caller: Caller, detail = 'Authentication required.'): CurrentUser => {
  if (!caller) throw unauthorized(detail);
  return caller;
};
