// Cookies through @fastify/cookie (registered on the app: `request.cookies`, `reply.setCookie`) and, for
// requests that bypass Fastify's routing (the NORTH proxy's WebSocket upgrades), the `cookie` library it
// is built on. Either way names, values and paths are encoded and checked by the library, which refuses
// an attribute that would smuggle another into the header.
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie; undefined makes a browser-session cookie. */
  maxAge?: number;
  sameSite: 'Lax' | 'Strict';
  secure: boolean;
  /** Default true; false only for values page scripts must read (the provider's session state). */
  httpOnly?: boolean;
}

const attributes = (options: CookieOptions) => ({
  path: options.path,
  ...(options.maxAge === undefined ? {} : { maxAge: options.maxAge }),
  sameSite: options.sameSite === 'Strict' ? ('strict' as const) : ('lax' as const),
  secure: options.secure,
  httpOnly: options.httpOnly !== false,
});

/** Adds a Set-Cookie header to the answer (one per name and path). */
export const setCookie = (reply: FastifyReply, name: string, value: string, options: CookieOptions): void => {
  reply.setCookie(name, value, attributes(options));
};

/** The cookies of a raw request's Cookie header by name; the first of a repeated name wins. */
export const parseCookies = (header: string | undefined): Map<string, string> =>
  new Map(
    Object.entries(parseCookie(header ?? '')).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value]],
    ),
  );

/** A Set-Cookie value for answers Fastify does not send (a raw upgrade's). */
export const serializeCookie = (name: string, value: string, options: CookieOptions): string =>
  stringifySetCookie({ name, value, ...attributes(options) });
