import { DEFAULT_UNIT_SYSTEMS, type ApiLinks, type EnvConfig } from '@oasis/schema';
import { defaultApps } from './default-apps.ts';
import { defaultEntryCards } from './entry-cards.ts';
import { exampleUploadEntryPoint } from './example-uploads.ts';
import type { OasisConfig } from './config.ts';

/**
 * The APIs the GUI's installation has: this server serves its API docs at /api/v1/docs, OPTIMADE, the DCAT
 * catalogue and the resources API (which answers empty lists until nomad.yaml names databases to ask); a
 * NOMAD installation the GUI is pointed at has them all, docs under /extensions.
 */
const apiLinks = (appBase: string, nomad: boolean): ApiLinks => ({
  docs: `${appBase}/api/v1/${nomad ? 'extensions/docs' : 'docs'}`,
  openapi: `${appBase}/api/v1/openapi.json`,
  optimade: `${appBase}/optimade/v1/`,
  dcat: `${appBase}/dcat/`,
  resources: nomad ? `${appBase}/resources/extensions/docs` : `${appBase}/resources/`,
});

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
    // No encyclopedia here: the GUI's materials search shows a material's entries instead.
    encyclopediaBase: '',
    oasis: true,
    version: {
      label: config.version.label,
      isBeta: config.version.isBeta,
      usesBetaData: config.version.usesBetaData,
      ...(config.version.officialUrl ? { officialUrl: config.version.officialUrl } : {}),
    },
    globalLoginRequired: config.globalLoginRequired,
    servicesUploadLimit: config.uploadLimit,
    appTokenMaxExpiresIn: config.appTokenMaxExpiresIn,
    uploadMembersGroupSearchEnabled: true,
    ui: {
      ...ui,
      theme: ui.theme ?? { title: 'NOMAD' },
      unit_systems: ui.unit_systems ?? DEFAULT_UNIT_SYSTEMS,
      entry: ui.entry ?? defaultEntryCards(config.resources.providers.length > 0),
      apps: ui.apps ?? defaultApps,
      // NOMAD's GUI reads NORTH's switch here; nomad.yaml sets it at the top level (north.enabled).
      north: ui.north ?? { enabled: config.northEnabled },
      example_uploads: ui.example_uploads ?? {},
    },
    plugins: {
      entry_points: {
        options: Object.fromEntries(
          config.exampleUploads.map((example) => [example.id, exampleUploadEntryPoint(example)]),
        ),
      },
    },
    dataciteEnabled: config.datacite !== undefined,
    northEnabled: config.northEnabled,
    ...(config.central ? { centralNomadUrl: config.central.url } : {}),
    apis: apiLinks(appBase, config.guiAppBase !== undefined),
  };
};
