import type { Env } from '../app/env.ts';

/** The identity provider's realm URL (Keycloak path layout; the embedded provider uses the same). */
export const realmUrl = (env: Env) => `${env.keycloakBase}realms/${env.keycloakRealm}`;

export const accountUrl = (env: Env) => `${realmUrl(env)}/account`;

/** Where oidc-client-ts keeps the session (its default prefix 'oidc.' plus 'user:authority:client'). */
export const sessionKey = (env: Env) => `oidc.user:${realmUrl(env)}:${env.keycloakClientId}`;

/**
 * Whether a session may exist, answered without loading the OIDC library: anonymous visitors (most
 * visitors of the landing page) then never download it.
 */
export const hasStoredSession = (env: Env) => window.sessionStorage.getItem(sessionKey(env)) !== null;
