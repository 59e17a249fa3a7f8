import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../store/users.ts';
import { guardLogin, tooManyAttempts } from '../login-limiter.ts';
import { authRequestParams, authResponseUrl, toParams, type AuthFlow } from './auth-request.ts';
import { CSRF_FIELD, checkCsrfToken, issueCsrfToken } from './csrf.ts';
import { finishLogin, startFlow } from './flow.ts';
import { LOGIN_TITLE, loginBody } from './pages.ts';
import { providerPaths } from './paths.ts';
import { sendPage } from './respond.ts';
import { currentSession, setSessionStateCookie, startBrowserSession } from './sessions.ts';

type PageFlow = Exclude<AuthFlow, { kind: 'error-page' | 'error-redirect' }>;

/** `protocol/openid-connect/auth`: the login page (GET) and its form (POST), with single sign-on. */
export const loginRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { config, db } = ctx;

    const renderLogin = (
      request: FastifyRequest,
      reply: FastifyReply,
      flow: PageFlow,
      options: { username?: string; errors?: string[]; status?: number } = {},
    ) =>
      sendPage(
        config,
        reply,
        options.status ?? 200,
        LOGIN_TITLE,
        loginBody(
          {
            paths: providerPaths(config),
            authParams: authRequestParams(flow),
            csrfToken: issueCsrfToken(config, request, reply),
            errors: options.errors ?? [],
          },
          options.username,
        ),
      );

    app.get('/protocol/openid-connect/auth', async (request, reply) => {
      const started = startFlow(ctx, reply, request.query);
      if (!started) return reply;
      const { flow } = started;
      const prompt = flow.kind === 'client' ? flow.request.prompt : undefined;
      const session = await currentSession(db, request);
      // Single sign-on: a live session skips the form, unless the client asks to log in again.
      if (session && prompt !== 'login') {
        setSessionStateCookie(config, reply, session.sid);
        return finishLogin(ctx, reply, flow, session.userId, session.sid);
      }
      // keycloak-js's check-sso: no session is an answer to the client, not a page.
      if (flow.kind === 'client' && prompt === 'none') {
        const { request: auth } = flow;
        return reply.redirect(
          authResponseUrl(auth.redirectUri, auth.responseMode, {
            error: 'login_required',
            state: auth.state,
          }),
          302,
        );
      }
      return renderLogin(request, reply, flow);
    });

    app.post(
      '/protocol/openid-connect/auth',
      { bodyLimit: 64 * 1024, config: { admission: 'password' } },
      async (request, reply) => {
        const started = startFlow(ctx, reply, request.body);
        if (!started) return reply;
        const { flow } = started;
        const fields = toParams(request.body);
        const username = fields.username ?? '';
        if (!checkCsrfToken(request, fields[CSRF_FIELD])) {
          return renderLogin(request, reply, flow, {
            username,
            status: 400,
            errors: ['Your login form has expired. Please log in again.'],
          });
        }
        const { password } = fields;
        if (!username || !password)
          return renderLogin(request, reply, flow, { username, errors: ['Invalid username or password.'] });
        const result = await guardLogin(ctx.loginLimiter, { login: username, address: request.ip }, () =>
          authenticateUser(db, username, password),
        );
        if (result.outcome === 'limited') {
          reply.header('retry-after', String(result.retryAfter));
          return renderLogin(request, reply, flow, {
            username,
            status: 429,
            errors: [tooManyAttempts(result.retryAfter)],
          });
        }
        if (result.outcome === 'failed')
          return renderLogin(request, reply, flow, { username, errors: ['Invalid username or password.'] });
        const user = result.value;
        const sid = await startBrowserSession(config, db, reply, user.user_id);
        return finishLogin(ctx, reply, flow, user.user_id, sid);
      },
    );
  };
