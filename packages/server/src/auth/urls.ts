import type { OasisConfig } from '../config/config.ts';

/**
 * Where the identity provider lives. The embedded one uses Keycloak's path layout under the base path, so
 * clients written for Keycloak (the GUI, NOMAD's scripts) only need a different base URL. Computed per call:
 * the public origin may only be known once the server listens (ephemeral test ports).
 */
const keycloakBase = (config: OasisConfig): string =>
  config.keycloak.serverUrl ?? `${config.publicOrigin}${config.basePath}/keycloak/auth/`;

/** The token issuer, e.g. http://localhost:8000/nomad-oasis/keycloak/auth/realms/oasis */
export const realmIssuer = (config: OasisConfig): string =>
  `${keycloakBase(config)}realms/${config.keycloak.realm}`;

/** The embedded provider's route prefix (path only). */
export const embeddedRealmPath = (config: OasisConfig): string =>
  `${config.basePath}/keycloak/auth/realms/${config.keycloak.realm}`;

export const oidcEndpoint = (
  config: OasisConfig,
  name: 'auth' | 'token' | 'certs' | 'userinfo' | 'logout' | 'registrations' | 'login-status-iframe.html',
) => `${realmIssuer(config)}/protocol/openid-connect/${name}`;

/** Issuer of app tokens: always this server, also when users log in with an external Keycloak. */
export const appTokenIssuer = (config: OasisConfig): string =>
  `${config.publicOrigin}${config.basePath}/api/v1`;

export const guiUrl = (config: OasisConfig): string => `${config.publicOrigin}${config.basePath}/gui/`;
