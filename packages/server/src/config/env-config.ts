import { DEFAULT_UNIT_SYSTEMS, type EnvConfig, type ExampleUpload } from '@oasis/schema';
import { defaultApps } from './default-apps.ts';
import type { OasisConfig } from './config.ts';

/** The example uploads as NOMAD's env lists them (entry points); their server paths stay out. */
const exampleUploadOptions = (config: OasisConfig): Record<string, ExampleUpload> =>
  Object.fromEntries(
    config.exampleUploads.map(({ id, title, description, category }) => [
      id,
      { id, entry_point_type: 'example_upload' as const, title, description, category },
    ]),
  );

/** The GUI's runtime configuration (`window.nomadEnv`), derived from the server configuration. */
export const buildEnvConfig = (config: OasisConfig): EnvConfig => {
  const ownBase = `${config.publicOrigin}${config.basePath}`;
  const appBase = config.guiAppBase ?? ownBase;
  const ui = config.ui;
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
    uploadMembersGroupSearchEnabled: true,
    ui: {
      ...ui,
      theme: ui.theme ?? { title: 'NOMAD' },
      unit_systems: ui.unit_systems ?? DEFAULT_UNIT_SYSTEMS,
      apps: ui.apps ?? defaultApps,
    },
    plugins: { entry_points: { options: exampleUploadOptions(config) } },
    dataciteEnabled: config.datacite !== undefined,
    northEnabled: config.northEnabled,
  };
};
