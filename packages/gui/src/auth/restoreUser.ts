import type { User, UserManager } from 'oidc-client-ts';
import { GUI_BASE } from '../core/env.ts';

/**
 * Inside the hidden iframe of a silent sign-in the GUI only hands the provider's answer to its parent
 * (AuthCallbackPage); it must neither restore a login nor touch the cookie the parent set.
 */
export const isSilentSignInFrame = (): boolean => window.self !== window.top;

export const onCallbackPage = () => window.location.pathname.startsWith(`${GUI_BASE}/auth/callback`);

/**
 * Whether the provider itself refused (login_required, invalid_grant: its session has ended), as opposed
 * to a timeout or an unreachable provider. Duck-typed on oidc-client-ts's ErrorResponse (an `error` code)
 * so that this module does not pull the library into the main bundle.
 */
export const isProviderRefusal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && typeof (error as { error?: unknown }).error === 'string';

/**
 * The user of this page: the one in memory (same page load), refreshed if expired; on a new page load,
 * when this browser was logged in, a silent sign-in (prompt=none in a hidden iframe, as keycloak-js
 * check-sso) against the provider's session. Null when there is no login to restore, or the provider's
 * session has ended; rejects when the provider could not answer (the login may still be alive).
 */
export async function restoreUser(manager: UserManager, wasLoggedIn: boolean): Promise<User | null> {
  const current = await manager.getUser();
  if (current && !current.expired) return current;
  // The callback page signs in by its own (code exchange); a second sign-in would race with it.
  if (!current && (!wasLoggedIn || onCallbackPage())) return null;
  try {
    return await manager.signinSilent();
  } catch (error) {
    if (isProviderRefusal(error)) return null;
    throw error;
  }
}
