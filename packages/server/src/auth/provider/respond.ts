import type { FastifyReply } from 'fastify';
import type { OasisConfig } from '../../config/config.ts';
import { guiUrl } from '../urls.ts';
import { page, type Html } from './html.ts';

/**
 * Sends a provider page. The policy allows inline styles only and no scripts, keeps the pages out of frames
 * (clickjacking of the login form) and lets forms post only to this installation.
 */
export const sendPage = (
  config: OasisConfig,
  reply: FastifyReply,
  status: number,
  title: string,
  body: Html,
) =>
  reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${config.publicOrigin}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body, guiUrl(config)));

/** OAuth error bodies of the token and userinfo endpoints ({error, error_description}). */
export const sendOAuthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });
