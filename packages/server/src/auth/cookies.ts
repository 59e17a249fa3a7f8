/** Minimal cookie handling (the server has no cookie plugin): parse a Cookie header, build Set-Cookie values. */
export const parseCookies = (header: string | undefined): Map<string, string> => {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not percent-encoded after all: keep it as sent.
    }
    // The first occurrence wins, as browsers send the most specific path first.
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
};

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie; undefined makes a browser-session cookie. */
  maxAge?: number;
  sameSite: 'Lax' | 'Strict';
  secure: boolean;
  /** Default true; false only for values page scripts must read (the provider's session state). */
  httpOnly?: boolean;
}

export const serializeCookie = (name: string, value: string, options: CookieOptions): string =>
  [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    ...(options.maxAge === undefined ? [] : [`Max-Age=${options.maxAge}`]),
    ...(options.httpOnly === false ? [] : ['HttpOnly']),
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
