import type { OasisConfig } from '../config/config.ts';
import { buildEnvConfig } from '../config/env-config.ts';

const originOf = (url: string): string | undefined => {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

/**
 * The origins of the API and of the identity provider the GUI is configured for (env.js). They are named
 * even when they are this server: the public origin may differ from the one the browser used ('self').
 */
const configuredOrigins = (config: OasisConfig) => {
  const env = buildEnvConfig(config);
  const api = originOf(env.appBase);
  const idp = originOf(env.keycloakBase);
  return { api, idp };
};

const sources = (...values: (string | undefined)[]) =>
  [...new Set(values.filter((value): value is string => value !== undefined))].join(' ');

/**
 * The Content-Security-Policy of the GUI, derived from what the built GUI does:
 * - scripts only from this server (the bundle, env.js, the route preloads; no inline script, no eval, no
 *   wasm: an HDF5 viewer on h5wasm would need 'wasm-unsafe-eval'), so an injected `<script>` or a
 *   `javascript:` URL does not run;
 * - inline styles, because MUI (emotion) and Plotly insert `<style>` elements and style attributes;
 * - images also as data: and blob: URLs (Plotly's image export);
 * - fetches to the API and the identity provider (discovery, token endpoint);
 * - frames: the hidden iframe of the silent sign-in (the provider's auth endpoint, which redirects back to
 *   the GUI's callback page); only that page may be framed, and only by the GUI itself.
 */
export const guiContentSecurityPolicy = (config: OasisConfig, options: { frameable: boolean }): string => {
  const { api, idp } = configuredOrigins(config);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${sources("'self'", api, idp)}`,
    `frame-src ${sources("'self'", idp)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${options.frameable ? "'self'" : "'none'"}`,
  ].join('; ');
};

/** Headers of every GUI response: the policy, no MIME sniffing, no full URLs in the Referer of other sites. */
const buildGuiSecurityHeaders = (config: OasisConfig, frameable: boolean): Record<string, string> => ({
  'content-security-policy': guiContentSecurityPolicy(config, { frameable }),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // For browsers without frame-ancestors.
  'x-frame-options': frameable ? 'SAMEORIGIN' : 'DENY',
});

/**
 * The GUI's headers for a response, built once per configuration rather than for every asset: keyed by
 * what the policy names, because the public origin is only known once the server listens (tests).
 */
export const guiSecurityHeaders = (config: OasisConfig) => {
  const built = new Map<string, Record<string, string>>();
  return (frameable = false): Record<string, string> => {
    const key = [config.publicOrigin, config.guiAppBase, config.keycloak.serverUrl, frameable].join('|');
    let headers = built.get(key);
    if (!headers) {
      headers = buildGuiSecurityHeaders(config, frameable);
      built.set(key, headers);
    }
    return headers;
  };
};
