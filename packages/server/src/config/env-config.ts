import type { EnvConfig } from '@oasis/schema';
import { defaultApps } from './default-apps.ts';
import type { OasisConfig } from './config.ts';

const defaultUnitSystems = {
  selected: 'Custom',
  options: {
    Custom: {
      label: 'Custom',
      units: {
        angle: { definition: '°', locked: false },
        energy: { definition: 'eV', locked: false },
        length: { definition: 'Å', locked: false },
        pressure: { definition: 'GPa', locked: false },
        time: { definition: 'fs', locked: false },
        temperature: { definition: 'K', locked: false },
      },
    },
    SI: {
      label: 'SI',
      units: {
        angle: { definition: 'rad', locked: true },
        energy: { definition: 'J', locked: true },
        length: { definition: 'm', locked: true },
        pressure: { definition: 'Pa', locked: true },
        time: { definition: 's', locked: true },
        temperature: { definition: 'K', locked: true },
      },
    },
  },
};

/** The GUI's runtime configuration (`window.nomadEnv`), derived from the server configuration. */
export const buildEnvConfig = (config: OasisConfig): EnvConfig => {
  const ownBase = `${config.publicOrigin}${config.basePath}`;
  const appBase = config.guiAppBase ?? ownBase;
  const ui = config.ui as EnvConfig['ui'];
  return {
    appBase,
    northBase: `${appBase}/north`,
    keycloakBase: config.keycloak.serverUrl ?? `${ownBase}/keycloak/auth/`,
    keycloakRealm: config.keycloak.realm,
    keycloakClientId: config.keycloak.clientId,
    debug: false,
    encyclopediaBase: `${appBase}/encyclopedia/#`,
    oasis: true,
    version: {
      label: config.version.label,
      isBeta: config.version.isBeta,
      usesBetaData: config.version.usesBetaData,
      ...(config.version.officialUrl ? { officialUrl: config.version.officialUrl } : {}),
    },
    globalLoginRequired: config.globalLoginRequired,
    servicesUploadLimit: config.uploadLimit,
    appTokenMaxExpiresIn: 2592000,
    uploadMembersGroupSearchEnabled: false,
    ui: {
      ...ui,
      theme: ui.theme ?? { title: 'NOMAD' },
      unit_systems: ui.unit_systems ?? defaultUnitSystems,
      apps: ui.apps ?? defaultApps,
    },
    plugins: {},
    dataciteEnabled: false,
    northEnabled: config.northEnabled,
  };
};
