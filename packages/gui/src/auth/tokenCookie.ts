/** Allowance for clock differences between browser and server when the cookie expires. */
const CLOCK_SKEW_SECONDS = 10;

/**
 * The API also accepts the token as a cookie, on GET and HEAD only, so that plain links (raw file and
 * archive downloads, which the browser fetches without our Authorization header) are authorised (spec 1
 * §6): scoped to the API path, strict same-site, expiring with the token plus clock skew, and Secure on
 * https. It is set from script because the token is obtained in the browser; the API path keeps it out of
 * requests for GUI pages.
 */
export function tokenCookie(
  token: string,
  expiresAtSeconds: number,
  apiPath: string,
  secure: boolean,
): string {
  const expires = new Date((expiresAtSeconds + CLOCK_SKEW_SECONDS) * 1000).toUTCString();
  return `Authorization=Bearer ${token}; expires=${expires}; path=${apiPath}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function removedTokenCookie(apiPath: string, secure: boolean): string {
  return `Authorization=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${apiPath}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** '/nomad-oasis/api' for appBase 'http://host/nomad-oasis'. */
export function apiCookiePath(appBase: string): string {
  const pathname = new URL(appBase, 'http://localhost').pathname.replace(/\/+$/, '');
  return `${pathname}/api`;
}

/** Whether the page was loaded over https, where the cookie must not travel in clear text. */
export const isSecurePage = (): boolean => window.location.protocol === 'https:';
