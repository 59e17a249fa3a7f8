import { ConfigError } from './config-schema.ts';
import { trimmedText } from './text-value.ts';

/**
 * The installation published uploads are sent to ('Publish to central NOMAD'; `oasis.central` in
 * nomad.yaml): its API base without `/v1` (NOMAD's `central_nomad_deployment_url`, e.g.
 * https://nomad-lab.eu/prod/v1/api), and how this installation signs in there: a token of that installation
 * (an app token), or a username and password exchanged for one through its `/auth/token`.
 */
export type CentralConfig = { url: string } & ({ token: string } | { username: string; password: string });

/**
 * Reads `oasis.central`; undefined when it has no url. The secrets may come from `OASIS_CENTRAL_TOKEN` or
 * `OASIS_CENTRAL_PASSWORD` instead of the file. A url without credentials stops the start.
 */
export const readCentralConfig = (
  oasis: Record<string, unknown>,
  env: Record<string, string | undefined>,
): CentralConfig | undefined => {
  const central = oasis.central;
  if (typeof central !== 'object' || central === null) return undefined;
  const doc = central as Record<string, unknown>;
  const url = trimmedText(doc.url)?.replace(/\/+$/, '');
  if (!url) return undefined;
  const token = env.OASIS_CENTRAL_TOKEN ?? trimmedText(doc.token);
  if (token) return { url, token };
  const username = trimmedText(doc.username);
  const password = env.OASIS_CENTRAL_PASSWORD ?? trimmedText(doc.password);
  if (username && password) return { url, username, password };
  throw new ConfigError(
    'oasis.central.url is set, but neither oasis.central.token nor username and password.',
  );
};
