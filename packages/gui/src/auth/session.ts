import type { Env } from '../core/env.ts';

/** The identity provider's realm URL (Keycloak path layout; the embedded provider uses the same). */
export const realmUrl = (env: Env) => `${env.keycloakBase}realms/${env.keycloakRealm}`;

export const accountUrl = (env: Env) => `${realmUrl(env)}/account`;

/**
 * Marks that this browser is logged in; holds no token (those stay in memory, see userManager.ts). In
 * local storage, so that a new tab (and a restarted browser) restores the login, and its removal tells
 * the other tabs of a logout (storage events).
 */
export const SESSION_HINT_KEY = 'oasis.logged-in';

/**
 * Whether this browser was logged in, answered without loading the OIDC library: anonymous visitors
 * (most visitors of the landing page) then never download it.
 */
export const hasSessionHint = (): boolean => window.localStorage.getItem(SESSION_HINT_KEY) !== null;

export const rememberSession = (loggedIn: boolean): void => {
  if (loggedIn) window.localStorage.setItem(SESSION_HINT_KEY, '1');
  else window.localStorage.removeItem(SESSION_HINT_KEY);
};

/**
 * Calls back when another tab of this browser logs in (true) or out (false); storage events reach only
 * the other tabs. Returns the unsubscribe.
 */
export const onOtherTabSession = (listener: (loggedIn: boolean) => void): (() => void) => {
  const handle = (event: StorageEvent) => {
    // key null: the whole storage was cleared (site data removed), which ends the login as well.
    if (event.storageArea !== window.localStorage) return;
    if (event.key === SESSION_HINT_KEY) listener(event.newValue !== null);
    else if (event.key === null) listener(false);
  };
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
};
