import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OasisConfig } from '../../config/config.ts';
import { parseCookies, serializeCookie } from '../cookies.ts';
import { randomSecret, sameSecret } from '../secrets.ts';
import { providerCookiePath } from './sessions.ts';

/**
 * CSRF protection of the login and registration forms (double submit): the form carries a random token that
 * must equal the one in a short-lived, HttpOnly, SameSite=Strict cookie another site can neither read nor set.
 */
const CSRF_COOKIE = 'OASIS_CSRF';
export const CSRF_FIELD = 'csrf_token';
const lifetime = 3600;
const tokenFormat = /^[A-Za-z0-9_-]{43}$/;

/** The token for a form being rendered; an existing cookie is reused so forms open in two tabs both work. */
export const issueCsrfToken = (config: OasisConfig, request: FastifyRequest, reply: FastifyReply): string => {
  const existing = parseCookies(request.headers.cookie).get(CSRF_COOKIE);
  const token = existing && tokenFormat.test(existing) ? existing : randomSecret();
  reply.header(
    'set-cookie',
    serializeCookie(CSRF_COOKIE, token, {
      path: providerCookiePath(config),
      maxAge: lifetime,
      sameSite: 'Strict',
      secure: config.publicOrigin.startsWith('https:'),
    }),
  );
  return token;
};

export const checkCsrfToken = (request: FastifyRequest, submitted: string | undefined): boolean => {
  const cookie = parseCookies(request.headers.cookie).get(CSRF_COOKIE);
  return !!cookie && !!submitted && tokenFormat.test(cookie) && sameSecret(cookie, submitted);
};
