import type { AppConfig, EnvConfig, UiConfig } from '@oasis/schema';

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

const isAppConfig = (value: unknown): value is AppConfig =>
  isObject(value) &&
  typeof value.label === 'string' &&
  typeof value.path === 'string' &&
  (value.resource === 'entries' || value.resource === 'materials');

/** Apps as NOMAD selects them: `include` (order and subset) if given, minus `exclude`. */
function readApps(ui: Json): AppConfig[] {
  const apps = ui.apps;
  if (!isObject(apps) || !isObject(apps.options)) return [];
  const options = apps.options;
  const include = Array.isArray(apps.include) ? apps.include.filter((k) => typeof k === 'string') : undefined;
  const exclude = new Set(Array.isArray(apps.exclude) ? apps.exclude : []);
  const keys = (include ?? Object.keys(options)).filter((key) => !exclude.has(key));
  return keys.map((key) => options[key]).filter(isAppConfig);
}

/**
 * Validates the raw `window.nomadEnv` only as far as the GUI depends on it: a broken or missing config
 * must still render the shell (pointing at this origin), not a blank page.
 */
export function readEnv(raw: unknown, origin: string = window.location.origin): Env {
  const source = isObject(raw) ? raw : {};
  const appBase = withoutTrailingSlash(str(source.appBase, `${origin}/nomad-oasis`));
  const ui: Json = isObject(source.ui) ? source.ui : {};
  const version: Json = isObject(source.version) ? source.version : {};
  const theme = isObject(ui.theme) ? ui.theme : {};
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
    appTokenMaxExpiresIn: int(source.appTokenMaxExpiresIn, 2592000),
    uploadMembersGroupSearchEnabled: bool(source.uploadMembersGroupSearchEnabled, true),
    dataciteEnabled: bool(source.dataciteEnabled, false),
    northEnabled: bool(source.northEnabled, false),
    ui: ui as UiConfig,
    plugins: isObject(source.plugins) ? source.plugins : {},
    apps: readApps(ui),
    title: str(theme.title, 'NOMAD'),
  };
}
