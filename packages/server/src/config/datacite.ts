import { ConfigError } from './config-schema.ts';

/** Where and as whom DOIs are registered (`datacite:` in nomad.yaml; docs/configuration.md). */
export interface DataciteConfig {
  /** DataCite's REST API, e.g. https://api.test.datacite.org (no trailing slash). */
  url: string;
  /** The DOI prefix of the repository account, e.g. 10.17172. */
  prefix: string;
  user: string;
  password: string;
  /** Named as the publisher of every DOI. */
  publisher: string;
}

const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Reads the `datacite` section: undefined unless `enabled` (DOIs are then refused with 503).
 * `OASIS_DATACITE_PASSWORD` overrides the password, so the secret need not be in the file. An enabled
 * section without its url, prefix, user or password stops the start with the missing keys.
 */
export const readDataciteConfig = (
  doc: Record<string, unknown>,
  env: Record<string, string | undefined>,
): DataciteConfig | undefined => {
  if (doc.enabled !== true) return undefined;
  const values = {
    url: asString(doc.url)?.replace(/\/+$/, ''),
    prefix: asString(doc.prefix),
    user: asString(doc.user),
    password: env.OASIS_DATACITE_PASSWORD ?? asString(doc.password),
  };
  const missing = Object.entries(values).flatMap(([key, value]) => (value ? [] : [`datacite.${key}`]));
  if (missing.length > 0)
    throw new ConfigError(
      `DataCite is enabled, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set.`,
    );
  return {
    url: values.url!,
    prefix: values.prefix!,
    user: values.user!,
    password: values.password!,
    publisher: asString(doc.publisher) ?? 'NOMAD Repository',
  };
};
