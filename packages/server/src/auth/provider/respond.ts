import type { FastifyReply } from 'fastify';
import type { OasisConfig } from '../../config/config.ts';
import { guiUrl } from '../urls.ts';
import { page, PAGE_STYLE_HASH, type Html } from './html.ts';
import { redirectOrigins } from './redirect-uris.ts';

/**
 * Sends a provider page. The policy allows the pages' one style element (by its hash) and no scripts, keeps
 * the pages out of frames (clickjacking of the login form; silent renewal in a frame only ever gets redirects,
 * never a page) and lets forms post only to this installation and the redirects that follow them go only to
 * where redirect URIs may point.
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
      `default-src 'none'; style-src ${PAGE_STYLE_HASH}; img-src 'self' data:; form-action 'self' ${redirectOrigins(config).join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
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
