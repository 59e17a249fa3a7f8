import type { FastifyInstance } from 'fastify';
import type { OasisConfig } from '../config/config.ts';

/** JSON and other data answers: nothing in them may load, run or be framed. */
const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The Swagger UI page loads its scripts, styles and the OpenAPI document from this server only. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `nosniff` and a Content-Security-Policy on every answer of the API, OPTIMADE and the identity provider. A route that
 * sets its own policy keeps it (the provider's HTML pages, raw files); the GUI's paths are not touched here.
 */
export const registerApiSecurityHeaders = (app: FastifyInstance, config: OasisConfig) => {
  const api = `${config.basePath}/api/`;
  const docs = `${config.basePath}/api/v1/docs`;
  const provider = `${config.basePath}/keycloak/`;
  const optimade = `${config.basePath}/optimade`;
  app.addHook('onSend', async (request, reply, payload) => {
    const { url } = request;
    if (!url.startsWith(api) && !url.startsWith(provider) && !url.startsWith(optimade)) return payload;
    reply.header('x-content-type-options', 'nosniff');
    // A redirect shows nothing; the GUI's silent sign-in frames the provider's redirect back to the GUI.
    const redirect = reply.statusCode >= 300 && reply.statusCode < 400;
    if (!redirect && !reply.hasHeader('content-security-policy')) {
      const isDocs = url === docs || url.startsWith(`${docs}/`) || url.startsWith(`${docs}?`);
      reply.header('content-security-policy', isDocs ? DOCS_CSP : DATA_CSP);
    }
    return payload;
  });
};
