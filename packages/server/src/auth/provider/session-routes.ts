import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserById } from '../../store/users.ts';
import type { KeyStore } from '../keys.ts';
import { guiUrl } from '../urls.ts';
import { toParams, type Params } from './auth-request.ts';
import { accountProfile } from './account-profile.ts';
import { allowWebOrigin, preflight } from './cors.ts';
import { CSRF_FIELD, checkCsrfToken, issueCsrfToken } from './csrf.ts';
import { verifyIdTokenHint } from './id-token-hint.ts';
import { accountBody, logoutConfirmBody, messageBody, type LogoutForm } from './pages.ts';
import { providerPaths } from './paths.ts';
import { isAllowedRedirect } from './redirect-uris.ts';
import { sendPage } from './respond.ts';
import { clearSessionCookie, currentSession, endSession } from './sessions.ts';

/**
 * `protocol/openid-connect/logout` and the `account` page. As in Keycloak, a logout happens only with a valid
 * `id_token_hint` (what clients send, GET or POST) or as the POST of the provider's own confirmation form; a
 * plain link gets that form instead, so no other page can log a user out.
 */
export const sessionRoutes =
  (ctx: AppContext, keyStore: KeyStore): FastifyPluginAsync =>
  async (app) => {
    const { config, db } = ctx;
    const paths = providerPaths(config);

    const logoutForm = (
      request: FastifyRequest,
      reply: FastifyReply,
      fields: Record<string, string | undefined>,
    ): LogoutForm => ({
      action: paths.logout,
      fields: { ...fields, [CSRF_FIELD]: issueCsrfToken(config, request, reply) },
    });

    const loggedOut = (reply: FastifyReply, params: Params) => {
      const target = params.post_logout_redirect_uri;
      // Only where redirect URIs may point; anything else would make the endpoint an open redirect.
      if (target && isAllowedRedirect(config, target)) {
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

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      // keycloak-js may log out by fetch from the GUI's origin (logoutMethod POST).
      allowWebOrigin(config, request, reply, { anyOrigin: false });
      const sent: Params = { ...toParams(request.query), ...toParams(request.body) };
      // Older adapters name the target `redirect_uri`; it is checked like post_logout_redirect_uri.
      const params: Params = {
        ...sent,
        post_logout_redirect_uri: sent.post_logout_redirect_uri ?? sent.redirect_uri,
      };
      const session = await currentSession(db, request);
      const hint = params.id_token_hint
        ? await verifyIdTokenHint(config, keyStore, params.id_token_hint)
        : undefined;
      if (params.id_token_hint && !hint) {
        return sendPage(
          config,
          reply,
          400,
          'We are sorry...',
          messageBody('Invalid parameter: id_token_hint.'),
        );
      }
      const confirmed = request.method === 'POST' && checkCsrfToken(request, params[CSRF_FIELD]);
      if (session && !hint && !confirmed) {
        const form = logoutForm(request, reply, {
          post_logout_redirect_uri: params.post_logout_redirect_uri,
          state: params.state,
          client_id: params.client_id,
        });
        return sendPage(config, reply, 200, 'Logging out', logoutConfirmBody(form));
      }
      // A hint ends its own session, and the browser's only when that belongs to the same user.
      if (hint?.sid && hint.sid !== session?.sid) await endSession(db, hint.sid);
      if (!session || confirmed || session.userId === hint?.sub) {
        if (session) await endSession(db, session.sid);
        clearSessionCookie(config, reply);
      }
      return loggedOut(reply, params);
    };
    app.get('/protocol/openid-connect/logout', logout);
    app.post('/protocol/openid-connect/logout', { bodyLimit: 64 * 1024 }, logout);
    preflight(app, config, '/protocol/openid-connect/logout', 'GET, POST', { anyOrigin: false });

    const account = async (request: FastifyRequest, reply: FastifyReply) => {
      // keycloak-js's loadUserProfile asks for JSON with an access token (from the GUI's origin).
      if (request.headers.authorization !== undefined) {
        allowWebOrigin(config, request, reply, { anyOrigin: false });
        return accountProfile(ctx, keyStore, request, reply);
      }
      const session = await currentSession(db, request);
      const user = session && (await findUserById(db, session.userId));
      // Without a session the login form comes first; without client parameters it leads back here.
      if (!user) return reply.redirect(paths.auth, 302);
      // keycloak-js's createAccountUrl names the page to go back to; only where redirects may go.
      const { referrer, referrer_uri: referrerUri } = toParams(request.query);
      const back =
        referrer === config.keycloak.clientId && referrerUri && isAllowedRedirect(config, referrerUri)
          ? referrerUri
          : guiUrl(config);
      const logout = logoutForm(request, reply, { post_logout_redirect_uri: guiUrl(config) });
      return sendPage(config, reply, 200, 'Your account', accountBody(user, { gui: back, logout }));
    };
    app.get('/account', account);
    app.get('/account/*', account);
    preflight(app, config, '/account', 'GET', { anyOrigin: false });
  };
