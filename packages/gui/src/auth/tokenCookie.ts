/** Allowance for clock differences between browser and server when the cookie expires. */
export const CLOCK_SKEW_SECONDS = 10;

/**
 * The API also accepts the token as a cookie so that plain links (raw file downloads) are authorised
 * (spec 1 §6): scoped to the API path, strict same-site, expiring with the token.
 */
export function tokenCookie(token: string, expiresAtSeconds: number, apiPath: string): string {
  const expires = new Date((expiresAtSeconds + CLOCK_SKEW_SECONDS) * 1000).toUTCString();
  return `Authorization=Bearer ${token}; expires=${expires}; path=${apiPath}; SameSite=Strict`;
}

export function removedTokenCookie(apiPath: string): string {
  return `Authorization=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${apiPath}; SameSite=Strict`;
}

/** '/nomad-oasis/api' for appBase 'http://host/nomad-oasis'. */
export function apiCookiePath(appBase: string): string {
  const pathname = new URL(appBase, 'http://localhost').pathname.replace(/\/+$/, '');
  return `${pathname}/api`;
}
