import { Tokens } from '@fastify/csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OasisConfig } from '../../config/config.ts';
import { setCookie } from '../cookies.ts';
import { providerCookiePath } from './sessions.ts';

/**
 * CSRF protection of the login, registration, invitation and logout forms (@fastify/csrf, double submit): a
 * secret in a short-lived, HttpOnly, SameSite=Strict cookie another site can neither read nor set, and in
 * each form a token made from it with a fresh salt. The page never shows the secret itself, and the token
 * differs on every render, so a compressed page cannot leak it a byte at a time (BREACH).
 */
const CSRF_COOKIE = 'OASIS_CSRF';
export const CSRF_FIELD = 'csrf_token';
const LIFETIME_S = 3600;
const tokens = new Tokens({ secretLength: 32, validity: LIFETIME_S * 1000 });

/** The token for a form being rendered; an existing secret is kept, so forms open in two tabs both work. */
export const issueCsrfToken = (config: OasisConfig, request: FastifyRequest, reply: FastifyReply): string => {
  const existing = request.cookies[CSRF_COOKIE];
  const secret = existing || tokens.secretSync();
  setCookie(reply, CSRF_COOKIE, secret, {
    path: providerCookiePath(config),
    maxAge: LIFETIME_S,
    sameSite: 'Strict',
    secure: config.publicOrigin.startsWith('https:'),
  });
  return tokens.create(secret);
};

export const checkCsrfToken = (request: FastifyRequest, submitted: string | undefined): boolean => {
  const secret = request.cookies[CSRF_COOKIE];
  return !!secret && !!submitted && tokens.verify(secret, submitted);
};
