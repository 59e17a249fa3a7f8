import { ConfigError } from './config-schema.ts';
import { trimmedText } from './text-value.ts';

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
    url: trimmedText(doc.url)?.replace(/\/+$/, ''),
    prefix: trimmedText(doc.prefix),
    user: trimmedText(doc.user),
    password: env.OASIS_DATACITE_PASSWORD ?? trimmedText(doc.password),
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
    publisher: trimmedText(doc.publisher) ?? 'NOMAD Repository',
  };
};
