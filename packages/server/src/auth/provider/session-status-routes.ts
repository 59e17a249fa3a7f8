import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { setCookie } from '../cookies.ts';
import { embeddedRealmPath } from '../urls.ts';
import { toParams } from './auth-request.ts';
import { cookieCheckScript, loginStatusScript, sendFramePage } from './frame-pages.ts';
import { redirectOrigins } from './redirect-uris.ts';
import { providerCookiePath } from './sessions.ts';

const CHECK_COOKIE = 'OASIS_3P_CHECK';

/**
 * The frames keycloak-js loads at Keycloak's paths: the third-party cookie check (`3p-cookies/step1.html`,
 * which must answer with a message or keycloak-js's init times out) and the login status iframe with its
 * origin check (`login-status-iframe.html`, `.../init`).
 */
export const sessionStatusRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { config } = ctx;
    const base = '/protocol/openid-connect';
    // The test cookie has the session cookie's attributes: "supported" means that one reaches frames too.
    const checkCookie = (reply: FastifyReply, value: string, maxAge: number) =>
      setCookie(reply, CHECK_COOKIE, value, {
        path: providerCookiePath(config),
        maxAge,
        sameSite: 'Lax',
        secure: config.publicOrigin.startsWith('https:'),
      });

    app.get(`${base}/3p-cookies/step1.html`, async (_request, reply) => {
      checkCookie(reply, '1', 60);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${embeddedRealmPath(config)}${base}/3p-cookies/step2.html`, 302);
    });
    app.get(`${base}/3p-cookies/step2.html`, async (request, reply) => {
      const supported = request.cookies[CHECK_COOKIE] === '1';
      checkCookie(reply, '', 0);
      return sendFramePage(config, reply, cookieCheckScript(supported));
    });

    app.get(`${base}/login-status-iframe.html`, async (_request, reply) =>
      sendFramePage(config, reply, loginStatusScript),
    );
    app.get(`${base}/login-status-iframe.html/init`, async (request, reply) => {
      const { client_id: clientId, origin } = toParams(request.query);
      const allowed =
        clientId === config.keycloak.clientId && !!origin && redirectOrigins(config).includes(origin);
      return reply
        .header('cache-control', 'no-store')
        .status(allowed ? 204 : 403)
        .send();
    });
  };
