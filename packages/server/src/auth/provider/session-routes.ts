import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserById } from '../../store/users.ts';
import { guiUrl, isOnPublicOrigin } from '../urls.ts';
import { toParams } from './auth-request.ts';
import { accountBody, messageBody } from './pages.ts';
import { providerPaths } from './paths.ts';
import { sendPage } from './respond.ts';
import { clearSessionCookie, currentSession, endSession } from './sessions.ts';

/** `protocol/openid-connect/logout` and the `account` page. */
export const sessionRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { config, db } = ctx;

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = { ...toParams(request.query), ...toParams(request.body) };
      const session = await currentSession(db, request);
      if (session) await endSession(db, session.sid);
      clearSessionCookie(config, reply);
      const target = params.post_logout_redirect_uri;
      // Only back into this installation; anything else would make the endpoint an open redirect.
      if (target && isOnPublicOrigin(config, target)) {
        const url = new URL(target);
        if (params.state) url.searchParams.set('state', params.state);
        return reply.redirect(url.toString(), 302);
      }
      return sendPage(
        config,
        reply,
        200,
        'Logged out',
        messageBody('You are logged out.', { href: guiUrl(config), label: 'Back to NOMAD oasis' }),
      );
    };
    app.get('/protocol/openid-connect/logout', logout);
    app.post('/protocol/openid-connect/logout', { bodyLimit: 64 * 1024 }, logout);

    const account = async (request: FastifyRequest, reply: FastifyReply) => {
      const paths = providerPaths(config);
      const session = await currentSession(db, request);
      const user = session && (await findUserById(db, session.userId));
      // Without a session the login form comes first; without client parameters it leads back here.
      if (!user) return reply.redirect(paths.auth, 302);
      const logoutUrl = `${paths.logout}?${new URLSearchParams({ post_logout_redirect_uri: guiUrl(config) }).toString()}`;
      return sendPage(
        config,
        reply,
        200,
        'Your account',
        accountBody(user, { gui: guiUrl(config), logout: logoutUrl }),
      );
    };
    app.get('/account', account);
    app.get('/account/*', account);
  };
