import type { OasisConfig } from '../../config/config.ts';

interface RedirectPattern {
  /** Normalised absolute URI, or the normalised prefix of a wildcard pattern. */
  uri: string;
  prefix: boolean;
}

/** The URL parser's serialisation: dot segments resolved, host lower-cased, default port dropped. */
const normalise = (uri: string): string | undefined => {
  try {
    return new URL(uri).href;
  } catch {
    return undefined;
  }
};

/** `config.redirectUris` as Keycloak reads "valid redirect URIs": a leading `/` is relative to the public origin. */
const redirectPatterns = (config: OasisConfig): RedirectPattern[] =>
  config.redirectUris.flatMap((pattern) => {
    const absolute = pattern.startsWith('/') ? `${config.publicOrigin}${pattern}` : pattern;
    const prefix = absolute.endsWith('*');
    const uri = prefix ? absolute.slice(0, -1) : absolute;
    // A prefix that does not parse (e.g. `https://host.example.org/app` cut in a name) is compared as written.
    const normalised = normalise(uri) ?? (prefix ? uri : undefined);
    return normalised ? [{ uri: normalised, prefix }] : [];
  });

/**
 * Whether the provider may send a browser to this URI (redirect_uri, post_logout_redirect_uri): its normalised
 * form equals a configured URI or starts with a configured prefix. Normalising first means `..` segments or
 * backslashes cannot climb out of an allowed prefix; credentials and fragments are never accepted.
 */
export const isAllowedRedirect = (config: OasisConfig, uri: string): boolean => {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.username || url.password || uri.includes('#')) return false;
  const candidate = url.href;
  return redirectPatterns(config).some((pattern) =>
    pattern.prefix ? candidate.startsWith(pattern.uri) : candidate === pattern.uri,
  );
};

/** Origins that redirects may lead to (the login form's policy lets it post there, as the redirect follows). */
export const redirectOrigins = (config: OasisConfig): string[] => [
  ...new Set([
    config.publicOrigin,
    ...redirectPatterns(config).flatMap((pattern) => {
      try {
        const { origin } = new URL(pattern.uri);
        return origin === 'null' ? [] : [origin];
      } catch {
        return [];
      }
    }),
  ]),
];
