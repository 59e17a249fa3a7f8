import type { Env } from '../app/env.ts';

/** The identity provider's realm URL (Keycloak path layout; the embedded provider uses the same). */
export const realmUrl = (env: Env) => `${env.keycloakBase}realms/${env.keycloakRealm}`;

export const accountUrl = (env: Env) => `${realmUrl(env)}/account`;

/** Marks that this tab has logged in; holds no token (those stay in memory, see userManager.ts). */
const SESSION_HINT_KEY = 'oasis.logged-in';

/**
 * Whether this tab was logged in before the page (re)loaded, answered without loading the OIDC library:
 * anonymous visitors (most visitors of the landing page) then never download it.
 */
export const hasSessionHint = (): boolean => window.sessionStorage.getItem(SESSION_HINT_KEY) !== null;

export const rememberSession = (loggedIn: boolean): void => {
  if (loggedIn) window.sessionStorage.setItem(SESSION_HINT_KEY, '1');
  else window.sessionStorage.removeItem(SESSION_HINT_KEY);
};
