import { configProblems, problemLine, UiConfigSchema, withDefaults, type UiConfig } from '@oasis/schema';
import { Type } from '@sinclair/typebox';
import { NorthConfigSchema } from './north-schema.ts';

/**
 * nomad.yaml as far as this server reads it (docs/configuration.md), plus the `ui` section it passes to the
 * GUI. Keys are NOMAD's; every section accepts keys NOMAD has and this server ignores (elastic, mongo, fs,
 * plugins, ...), so a NOMAD installation's file loads. Types follow NOMAD where it differs from what this
 * server uses (`meta.beta` is NOMAD's object, or this server's flag).
 */
const open = { additionalProperties: true } as const;
const section = (properties: Parameters<typeof Type.Object>[0]) =>
  Type.Optional(Type.Object(properties, open));
const positive = Type.Optional(Type.Number({ exclusiveMinimum: 0 }));
const count = Type.Optional(Type.Integer({ minimum: 1 }));
const strings = Type.Optional(Type.Array(Type.String()));

export const NomadYamlSchema = Type.Object(
  {
    services: section({
      api_port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
      api_host_url: Type.Optional(Type.String()),
      upload_limit: Type.Optional(Type.Integer({ minimum: 0 })),
      app_token_max_expires_in: count,
      search_time_budget_ms: positive,
      json_body_limit: count,
      trust_proxy: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
      login_limits: section({
        account_failures: count,
        account_total_failures: count,
        address_failures: count,
        window: positive,
        base_delay: positive,
        max_delay: positive,
        max_entries: count,
      }),
      admission: section({
        heavy_slots: count,
        caller_slots: count,
        password_hashes: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
        queue_per_caller: count,
        queue_total: count,
        retry_after: count,
      }),
    }),
    keycloak: section({
      server_url: Type.Optional(Type.String()),
      realm_name: Type.Optional(Type.String()),
      client_id: Type.Optional(Type.String()),
      redirect_uris: strings,
    }),
    oasis: section({
      allowed_users: strings,
      // Who may import upload bundles besides admins, and where published uploads are sent (docs/publishing-to-another-nomad.md).
      allowed_importers: strings,
      central: section({
        url: Type.Optional(Type.String()),
        token: Type.Optional(Type.String()),
        username: Type.Optional(Type.String()),
        password: Type.Optional(Type.String()),
      }),
    }),
    north: NorthConfigSchema,
    meta: section({
      label: Type.Optional(Type.String()),
      // An unquoted version (1.3) reads as a number.
      version: Type.Optional(Type.Union([Type.String(), Type.Number()])),
      beta: Type.Optional(Type.Union([Type.Boolean(), Type.Object({}, open)])),
      uses_beta_data: Type.Optional(Type.Boolean()),
      official_url: Type.Optional(Type.String()),
    }),
    process: section({
      parser_memory_limit: positive,
      parser_time_limit: positive,
      max_job_attempts: count,
      max_mainfile_size: positive,
      job_lease: positive,
    }),
    uploads: section({
      max_size: positive,
      disk_reserve: Type.Optional(Type.Number({ minimum: 0 })),
      archive_max_members: count,
      archive_max_ratio: positive,
      archive_ratio_min_size: positive,
    }),
    // Outgoing mail (user invitations); NOMAD's keys, plus `secure` for TLS from the first byte.
    mail: section({
      enabled: Type.Optional(Type.Boolean()),
      host: Type.Optional(Type.String()),
      port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
      secure: Type.Optional(Type.Boolean()),
      with_login: Type.Optional(Type.Boolean()),
      user: Type.Optional(Type.String()),
      password: Type.Optional(Type.String()),
      from_address: Type.Optional(Type.String()),
      from_name: Type.Optional(Type.String()),
    }),
    // Example uploads as NOMAD's plugin entry points (config/example-uploads.ts checks their fields).
    plugins: section({
      entry_points: section({
        include: strings,
        exclude: strings,
        options: Type.Optional(Type.Record(Type.String(), Type.Object({}, open))),
      }),
    }),
    // DOIs for datasets through DataCite's REST API (config/datacite.ts); NOMAD's `mds_host` is not used.
    datacite: section({
      enabled: Type.Optional(Type.Boolean()),
      url: Type.Optional(Type.String()),
      prefix: Type.Optional(Type.String()),
      user: Type.Optional(Type.String()),
      password: Type.Optional(Type.String()),
      publisher: Type.Optional(Type.String()),
    }),
    // Other databases the resources API asks (config/resources.ts checks the providers' fields).
    resources: section({
      timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
      max_age: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
      max_materials: Type.Optional(Type.Integer({ minimum: 1 })),
      optimade_providers: Type.Optional(
        Type.Array(
          Type.Object(
            {
              name: Type.String({ minLength: 1 }),
              base_url: Type.String(),
              entry_url: Type.Optional(Type.String()),
            },
            open,
          ),
        ),
      ),
    }),
    ui: Type.Optional(UiConfigSchema),
  },
  open,
);

/** Problems past this many are counted, not listed: the first ones are enough to start fixing. */
const MAX_LINES = 10;

/** A configuration file that cannot be used; the message names the file and every problem's key path. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Checks a parsed nomad.yaml and returns its `ui` with the defaults filled in (widget scales, bins, ...).
 * Throws a ConfigError listing the problems, one line each.
 */
export function validateConfigFile(doc: unknown, file: string): { ui: UiConfig } {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new ConfigError(`Invalid configuration in ${file}: expected a mapping of keys at the top level.`);
  }
  const defaulted = withDefaults(NomadYamlSchema, doc) as { ui?: UiConfig };
  const problems = configProblems(NomadYamlSchema, defaulted, 'config');
  if (problems.length > 0) {
    const lines = problems.slice(0, MAX_LINES).map((problem) => `  ${problemLine(problem)}`);
    const more = problems.length - MAX_LINES;
    if (more > 0) lines.push(`  ... and ${more} more problem${more === 1 ? '' : 's'}`);
    throw new ConfigError(`Invalid configuration in ${file}:\n${lines.join('\n')}`);
  }
  return { ui: defaulted.ui ?? {} };
}
