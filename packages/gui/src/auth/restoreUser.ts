import type { User, UserManager } from 'oidc-client-ts';
import { GUI_BASE } from '../app/env.ts';

/**
 * Inside the hidden iframe of a silent sign-in the GUI only hands the provider's answer to its parent
 * (AuthCallbackPage); it must neither restore a login nor touch the cookie the parent set.
 */
export const isSilentSignInFrame = (): boolean => window.self !== window.top;

export const onCallbackPage = () => window.location.pathname.startsWith(`${GUI_BASE}/auth/callback`);

/**
 * The user of this page: the one in memory (same page load), refreshed if expired; after a reload, when
 * this tab was logged in, a silent sign-in (prompt=none in a hidden iframe) against the provider's
 * session. Null when there is no login to restore, or the provider's session has ended.
 */
export async function restoreUser(manager: UserManager, wasLoggedIn: boolean): Promise<User | null> {
  const current = await manager.getUser();
  if (current && !current.expired) return current;
  // The callback page signs in by its own (code exchange); a second sign-in would race with it.
  if (!current && (!wasLoggedIn || onCallbackPage())) return null;
  return manager.signinSilent().catch(() => null);
}
