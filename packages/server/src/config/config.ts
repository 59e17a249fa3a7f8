import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { APP_TOKEN_MAX_EXPIRES_IN, type UiConfig } from '@oasis/schema';
import { parse as parseYaml } from 'yaml';
import { ConfigError, validateConfigFile } from './config-schema.ts';
import { readExampleUploads, type ExampleUploadConfig } from './example-uploads.ts';
import { readNorthConfig, type NorthConfig } from './north.ts';
import { readMailConfig, type MailConfig } from './mail.ts';
import { readDataciteConfig, type DataciteConfig } from './datacite.ts';
import { readResourcesConfig, type ResourcesConfig } from './resources.ts';
import { readCentralConfig, type CentralConfig } from './central-config.ts';
import {
  readProcessingLimits,
  readUploadFileLimits,
  type ProcessingLimits,
  type UploadFileLimits,
} from './processing-limits.ts';

/** Keycloak-style identity provider settings; `serverUrl` unset means the embedded provider. */
interface KeycloakConfig {
  serverUrl?: string;
  realm: string;
  clientId: string;
}

export interface OasisConfig {
  port: number;
  host: string;
  /** Public origin the browser uses, e.g. http://localhost:8000 (no trailing slash). */
  publicOrigin: string;
  basePath: string;
  dataDir: string;
  databaseUrl?: string;
  configFile?: string;
  uploadLimit: number;
  /** The longest lifetime of an app token in seconds (`services.app_token_max_expires_in`, NOMAD's key). */
  appTokenMaxExpiresIn: number;
  /** Milliseconds one search may take before it is cancelled with 503 (`services.search_time_budget_ms`). */
  searchTimeBudgetMs: number;
  globalLoginRequired: boolean;
  /** Usernames or emails allowed in global-login mode; undefined lets every registered user in. */
  allowedUsers?: string[];
  northEnabled: boolean;
  /** The remote tools hub (`north:`): tools, idle stop, instance limits (config/north.ts). */
  north: NorthConfig;
  keycloak: KeycloakConfig;
  /** nomad.yaml's `ui` (apps, unit systems, ...), validated and with its defaults filled in; passed to the GUI. */
  ui: UiConfig;
  version: { label: string; isBeta: boolean; usesBetaData: boolean; officialUrl?: string };
  guiDistDir: string;
  /** Points the served GUI at another NOMAD installation's API (its appBase); default: this server. */
  guiAppBase?: string;
  /** Parser memory and time, job retries (`process:` in nomad.yaml; config/processing-limits.ts). */
  processing: ProcessingLimits;
  /** What an upload may hold and unpack (`uploads:` in nomad.yaml). */
  uploadFiles: UploadFileLimits;
  /** Largest JSON or form request body in bytes; file uploads stream without this limit. */
  jsonBodyLimit: number;
  /**
   * Redirect URIs the embedded provider accepts for its client, as Keycloak's "valid redirect URIs": exact, or
   * a prefix ending in `*`; a leading `/` is relative to the public origin.
   */
  redirectUris: string[];
  loginLimits: LoginLimits;
  /** Queues of heavy requests and password hashing (`services.admission`, admission/admission.ts). */
  admission: AdmissionLimits;
  /**
   * Behind a reverse proxy: trust its X-Forwarded-For for the client address (true, or the proxy's addresses
   * as a comma-separated list), so the login back-off sees clients rather than the proxy.
   */
  trustProxy: boolean | string;
  /** 'Add Example Uploads': the built-in examples and nomad.yaml's `plugins.entry_points` (example-uploads.ts). */
  exampleUploads: ExampleUploadConfig[];
  /** Outgoing mail (user invitations), `mail:` in nomad.yaml; invitations are refused while it is off. */
  mail: MailConfig;
  /** DOI registration (`datacite:` in nomad.yaml); undefined when not enabled, and DOIs are refused. */
  datacite?: DataciteConfig;
  /** The databases the resources API asks for a material (`resources:` in nomad.yaml). */
  resources: ResourcesConfig;
  /** Where 'Publish to central NOMAD' sends published uploads (`oasis.central`); undefined: not offered. */
  central?: CentralConfig;
  /** Usernames or emails (besides admins) who may import upload bundles (`oasis.allowed_importers`). */
  allowedImporters: string[];
}

/** Back-off of failed logins, per client address, per account and address, and per account (auth/login-limiter.ts). */
export interface LoginLimits {
  /** Failures of one account from one client address before further attempts from there have to wait. */
  accountFailures: number;
  /**
   * Failures of one account from all addresses before every attempt at it has to wait; each address adds at
   * most `accountFailures`, so a stranger needs this divided by that many addresses to hold the account up.
   */
  accountTotalFailures: number;
  /** Failures from one client address before further attempts have to wait. */
  addressFailures: number;
  /** Failures are forgotten this many seconds after the last one. */
  windowSeconds: number;
  /** The first wait in seconds; every further failure doubles it, up to maxDelaySeconds. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** Rows of each kind (addresses, account and address pairs, accounts) kept at most; the least recently failed go first. */
  maxEntries: number;
}

/** Admission of heavy work (docs/operations.md, "Admission of heavy requests"). */
export interface AdmissionLimits {
  /** Units of heavy work (big search pages, archives, zips) running at once; a 10,000-row page weighs 4. */
  heavySlots: number;
  /** Units of heavy work one caller holds at most (a single request always fits). */
  callerSlots: number;
  /** Password hashes (scrypt, on libuv's thread pool) computed at once. */
  passwordHashes: number;
  /** Requests of one caller (user, else address) waiting in a queue at most; more are answered 429. */
  queuePerCaller: number;
  /** Requests waiting in a queue at most, all callers together; more are answered 503. */
  queueTotal: number;
  /** Seconds the 429 and 503 answers ask clients to wait. */
  retryAfterSeconds: number;
}

type Env = Record<string, string | undefined>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const section = (doc: Record<string, unknown>, key: string): Record<string, unknown> => {
  const value = doc[key];
  return isRecord(value) ? value : {};
};

/** The file's keys, checked against its schema (config-schema.ts); a bad file stops the start. */
const readConfigFile = (file: string | undefined): { doc: Record<string, unknown>; ui: UiConfig } => {
  if (!file || !existsSync(file)) return { doc: {}, ui: {} };
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (doc === null || doc === undefined) return { doc: {}, ui: {} };
  const { ui } = validateConfigFile(doc, file);
  return { doc: doc as Record<string, unknown>, ui };
};

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asBool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const asNumber = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const admissionFrom = (doc: Record<string, unknown>): AdmissionLimits => {
  const heavySlots = asNumber(doc.heavy_slots) ?? 4;
  return {
    heavySlots,
    callerSlots: asNumber(doc.caller_slots) ?? Math.max(1, Math.floor(heavySlots / 2)),
    // At most 2 of libuv's 4 threads, which file reads and zlib need too; and a core left for the event
    // loop: on 2 cores, two hashes at once held /info up for seconds.
    passwordHashes: asNumber(doc.password_hashes) ?? Math.min(2, Math.max(1, availableParallelism() - 1)),
    queuePerCaller: asNumber(doc.queue_per_caller) ?? 8,
    queueTotal: asNumber(doc.queue_total) ?? 64,
    retryAfterSeconds: asNumber(doc.retry_after) ?? 5,
  };
};

const loginLimitsFrom = (doc: Record<string, unknown>): LoginLimits => ({
  accountFailures: asNumber(doc.account_failures) ?? 5,
  accountTotalFailures: asNumber(doc.account_total_failures) ?? 100,
  addressFailures: asNumber(doc.address_failures) ?? 20,
  windowSeconds: asNumber(doc.window) ?? 3600,
  baseDelaySeconds: asNumber(doc.base_delay) ?? 30,
  maxDelaySeconds: asNumber(doc.max_delay) ?? 900,
  maxEntries: asNumber(doc.max_entries) ?? 10_000,
});

const trustProxyFrom = (value: unknown): boolean | string =>
  value === true || value === 'true' ? true : typeof value === 'string' && value !== 'false' ? value : false;

const stringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'string') : undefined;

/**
 * Reads the configuration: environment variables override `nomad.yaml` (keys as NOMAD's), which overrides
 * the defaults. `OASIS_CONFIG` names the file; `./nomad.yaml` is used when present.
 */
export const loadConfig = (env: Env = process.env, overrides: Partial<OasisConfig> = {}): OasisConfig => {
  const configFile = env.OASIS_CONFIG ?? (existsSync('nomad.yaml') ? path.resolve('nomad.yaml') : undefined);
  if (env.OASIS_CONFIG && !existsSync(env.OASIS_CONFIG)) {
    throw new Error(`OASIS_CONFIG names ${env.OASIS_CONFIG}, which does not exist.`);
  }
  const { doc, ui } = readConfigFile(configFile);
  const services = section(doc, 'services');
  const keycloak = section(doc, 'keycloak');
  const oasis = section(doc, 'oasis');
  const north = section(doc, 'north');
  const meta = section(doc, 'meta');
  const port = Number(env.PORT ?? asNumber(services.api_port) ?? 8000);
  const host = env.HOST ?? '0.0.0.0';
  const publicOrigin = (
    env.OASIS_PUBLIC_URL ??
    asString(services.api_host_url) ??
    `http://localhost:${port}`
  ).replace(/\/$/, '');
  const dataDir = path.resolve(env.OASIS_DATA_DIR ?? './.oasis');
  const keycloakServerUrl = env.OASIS_KEYCLOAK_SERVER_URL ?? asString(keycloak.server_url);
  return {
    port,
    host,
    publicOrigin,
    basePath: '/nomad-oasis',
    dataDir,
    databaseUrl: env.OASIS_DATABASE_URL || undefined,
    configFile,
    uploadLimit: asNumber(services.upload_limit) ?? 10,
    appTokenMaxExpiresIn: asNumber(services.app_token_max_expires_in) ?? APP_TOKEN_MAX_EXPIRES_IN,
    searchTimeBudgetMs: asNumber(services.search_time_budget_ms) ?? 10_000,
    // As in NOMAD: listing `oasis.allowed_users` makes login mandatory for the whole installation.
    globalLoginRequired: env.OASIS_GLOBAL_LOGIN === 'true' || Array.isArray(oasis.allowed_users),
    allowedUsers: Array.isArray(oasis.allowed_users)
      ? oasis.allowed_users.filter((u) => typeof u === 'string')
      : undefined,
    northEnabled: asBool(north.enabled) ?? false,
    north: readNorthConfig(north),
    keycloak: {
      serverUrl: keycloakServerUrl ? keycloakServerUrl.replace(/\/?$/, '/') : undefined,
      realm: env.OASIS_KEYCLOAK_REALM ?? asString(keycloak.realm_name) ?? 'oasis',
      clientId: env.OASIS_KEYCLOAK_CLIENT_ID ?? asString(keycloak.client_id) ?? 'nomad_public',
    },
    ui,
    version: {
      label:
        asString(meta.label) ?? (meta.version === undefined ? undefined : String(meta.version)) ?? '0.1.0',
      isBeta: asBool(meta.beta) ?? false,
      usesBetaData: asBool(meta.uses_beta_data) ?? false,
      officialUrl: asString(meta.official_url),
    },
    guiDistDir: env.OASIS_GUI_DIST ?? path.join(repoRoot, 'packages/gui/dist'),
    guiAppBase: env.OASIS_GUI_APP_BASE?.replace(/\/$/, ''),
    processing: readProcessingLimits(section(doc, 'process')),
    uploadFiles: readUploadFileLimits(section(doc, 'uploads')),
    jsonBodyLimit: Number(env.OASIS_JSON_BODY_LIMIT ?? asNumber(services.json_body_limit) ?? 4 * 1024 * 1024),
    redirectUris: env.OASIS_REDIRECT_URIS?.split(',')
      .map((uri) => uri.trim())
      .filter(Boolean) ??
      stringList(keycloak.redirect_uris) ?? ['/nomad-oasis/gui/*'],
    loginLimits: loginLimitsFrom(section(services, 'login_limits')),
    admission: admissionFrom(section(services, 'admission')),
    trustProxy: trustProxyFrom(env.OASIS_TRUST_PROXY ?? services.trust_proxy),
    exampleUploads: readExampleUploads(section(doc, 'plugins'), configFile),
    mail: readMailConfig(section(doc, 'mail'), env),
    datacite: readDataciteConfig(section(doc, 'datacite'), env),
    resources: readResourcesConfig(section(doc, 'resources')),
    central: readCentralConfig(oasis, env),
    allowedImporters: stringList(oasis.allowed_importers) ?? [],
    ...overrides,
  };
};
