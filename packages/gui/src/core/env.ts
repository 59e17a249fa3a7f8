import {
  APP_TOKEN_MAX_EXPIRES_IN,
  type ApiLinks,
  type AppConfig,
  type EnvConfig,
  type UiConfig,
} from '@oasis/schema';

declare global {
  interface Window {
    /** Written by the server's `gui/env.js` before the application starts. */
    nomadEnv?: unknown;
  }
}

/** The GUI's base path; fixed because the server mounts the built GUI there. */
export const GUI_BASE = '/nomad-oasis/gui';

interface VersionInfo {
  label?: string;
  isBeta: boolean;
  isTest: boolean;
  usesBetaData: boolean;
  officialUrl?: string;
}

/** The runtime configuration after validation, with defaults filled in and derived URLs added. */
export interface Env {
  appBase: string;
  /** `${appBase}/api/v1`, the base of every data call. */
  apiBase: string;
  northBase: string;
  keycloakBase: string;
  keycloakRealm: string;
  keycloakClientId: string;
  debug: boolean;
  encyclopediaBase: string;
  oasis: boolean;
  version: VersionInfo;
  globalLoginRequired: boolean;
  servicesUploadLimit: number;
  appTokenMaxExpiresIn: number;
  uploadMembersGroupSearchEnabled: boolean;
  dataciteEnabled: boolean;
  northEnabled: boolean;
  /** The API of the installation uploads may be published to ('Publish to central NOMAD'); unset: none. */
  centralNomadUrl: string | undefined;
  /** The installation's APIs for the APIs page; without them in the config, NOMAD's. */
  apis: ApiLinks;
  ui: UiConfig;
  plugins: EnvConfig['plugins'];
  /** The explore apps in configuration order, after include/exclude. */
  apps: AppConfig[];
  /** Title shown in the top bar (`ui.theme.title`). */
  title: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.length > 0 ? value : fallback;
const optStr = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const int = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Apps as NOMAD selects them: `include` (order and subset) if given, minus `exclude`. The server validated
 * the apps against their schema at start.
 */
function readApps(ui: UiConfig): AppConfig[] {
  const apps = ui.apps;
  if (!apps || !isObject(apps.options)) return [];
  const exclude = new Set(apps.exclude ?? []);
  const keys = (apps.include ?? Object.keys(apps.options)).filter((key) => !exclude.has(key));
  return keys.flatMap((key) => apps.options[key] ?? []);
}

const link = (value: unknown): string | undefined => {
  const url = optStr(value);
  return url && /^https?:\/\//.test(url) ? url : undefined;
};

/** The config's API links (http(s) only), or NOMAD's set when it has none: a NOMAD installation's env. */
function readApis(source: Json, appBase: string): ApiLinks {
  if (!isObject(source.apis)) {
    return {
      docs: `${appBase}/api/v1/extensions/docs`,
      openapi: `${appBase}/api/v1/openapi.json`,
      optimade: `${appBase}/optimade/v1/`,
      dcat: `${appBase}/dcat/`,
      resources: `${appBase}/resources/extensions/docs`,
    };
  }
  const apis = source.apis;
  const optional = (key: 'optimade' | 'dcat' | 'resources') => {
    const url = link(apis[key]);
    return url ? { [key]: url } : {};
  };
  return {
    docs: link(apis.docs) ?? `${appBase}/api/v1/docs`,
    openapi: link(apis.openapi) ?? `${appBase}/api/v1/openapi.json`,
    ...optional('optimade'),
    ...optional('dcat'),
    ...optional('resources'),
  };
}

/**
 * Validates the raw `window.nomadEnv` only as far as the GUI depends on it: a broken or missing config
 * must still render the shell (pointing at this origin), not a blank page.
 */
export function readEnv(raw: unknown, origin: string = window.location.origin): Env {
  const source = isObject(raw) ? raw : {};
  const appBase = withoutTrailingSlash(str(source.appBase, `${origin}/nomad-oasis`));
  const ui: UiConfig = isObject(source.ui) ? source.ui : {};
  const version: Json = isObject(source.version) ? source.version : {};
  const theme: Json = isObject(ui.theme) ? ui.theme : {};
  return {
    appBase,
    apiBase: `${appBase}/api/v1`,
    northBase: str(source.northBase, `${appBase}/north`),
    keycloakBase: withTrailingSlash(str(source.keycloakBase, `${appBase}/auth/`)),
    keycloakRealm: str(source.keycloakRealm, 'oasis'),
    keycloakClientId: str(source.keycloakClientId, 'nomad_public'),
    debug: bool(source.debug, false),
    encyclopediaBase: str(source.encyclopediaBase, ''),
    oasis: bool(source.oasis, true),
    version: {
      label: optStr(version.label),
      isBeta: bool(version.isBeta, false),
      isTest: bool(version.isTest, false),
      usesBetaData: bool(version.usesBetaData, false),
      officialUrl: optStr(version.officialUrl),
    },
    globalLoginRequired: bool(source.globalLoginRequired, false),
    servicesUploadLimit: int(source.servicesUploadLimit, 10),
    appTokenMaxExpiresIn: int(source.appTokenMaxExpiresIn, APP_TOKEN_MAX_EXPIRES_IN),
    uploadMembersGroupSearchEnabled: bool(source.uploadMembersGroupSearchEnabled, true),
    dataciteEnabled: bool(source.dataciteEnabled, false),
    northEnabled: bool(source.northEnabled, false),
    centralNomadUrl: optStr(source.centralNomadUrl),
    apis: readApis(source, appBase),
    ui,
    plugins: isObject(source.plugins) ? source.plugins : {},
    apps: readApps(ui),
    title: str(theme.title, 'NOMAD'),
  };
}
