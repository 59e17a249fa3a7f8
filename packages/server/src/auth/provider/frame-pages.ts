import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { OasisConfig } from '../../config/config.ts';
import { redirectOrigins } from './redirect-uris.ts';
import { SESSION_STATE_COOKIE } from './sessions.ts';

/**
 * Pages that client pages load into hidden frames (keycloak-js's session checks). Each is one inline script,
 * allowed by its hash; only the origins redirect URIs may point to can frame them.
 */
export const sendFramePage = (config: OasisConfig, reply: FastifyReply, script: string) => {
  const hash = createHash('sha256').update(script).digest('base64');
  return reply
    .status(200)
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'sha256-${hash}'; connect-src 'self'; frame-ancestors ${redirectOrigins(config).join(' ')}; base-uri 'none'; form-action 'none'`,
    )
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>NOMAD oasis</title></head><body><script>${script}</script></body></html>`,
    );
};

/** The answer of the third-party cookie check: whether the frame's request carried the test cookie. */
export const cookieCheckScript = (supported: boolean) =>
  `parent.postMessage(${JSON.stringify(supported ? 'supported' : 'unsupported')}, '*');`;

/**
 * The login status iframe. keycloak-js posts `<client id> <sid of its token>`; the answer is `unchanged` when
 * that is the browser's current session (or there is none on either side), `changed` otherwise, and `error`
 * for origins the client may not use (asked once per origin at `init`), so other sites learn nothing.
 */
export const loginStatusScript = `(() => {
  const verdicts = new Map();
  const allowed = (clientId, origin) => {
    const key = clientId + ' ' + origin;
    if (!verdicts.has(key)) {
      const query = new URLSearchParams({ client_id: clientId, origin: origin });
      verdicts.set(
        key,
        fetch('login-status-iframe.html/init?' + query, { credentials: 'same-origin' }).then(
          (response) => response.status === 204,
          () => false,
        ),
      );
    }
    return verdicts.get(key);
  };
  const sessionState = () => {
    const prefix = ${JSON.stringify(`${SESSION_STATE_COOKIE}=`)};
    const cookie = document.cookie.split('; ').find((c) => c.startsWith(prefix));
    return cookie ? cookie.slice(prefix.length) : '';
  };
  addEventListener('message', async (event) => {
    if (typeof event.data !== 'string' || !event.source || event.origin === 'null') return;
    const [clientId, sid = ''] = event.data.split(' ');
    const answer = !clientId || !(await allowed(clientId, event.origin))
      ? 'error'
      : sessionState() === sid ? 'unchanged' : 'changed';
    event.source.postMessage(answer, event.origin);
  });
})();`;
