import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createUser, DuplicateUserError } from '../../store/users.ts';
import { authRequestParams, toParams, type AuthFlow } from './auth-request.ts';
import { CSRF_FIELD, checkCsrfToken, issueCsrfToken } from './csrf.ts';
import { finishLogin, startFlow } from './flow.ts';
import { REGISTER_TITLE, registrationBody, type RegistrationValues } from './pages.ts';
import { providerPaths } from './paths.ts';
import { registrationValues, validateRegistration } from './registration.ts';
import { sendPage } from './respond.ts';
import { startBrowserSession } from './sessions.ts';

type PageFlow = Exclude<AuthFlow, { kind: 'error-page' | 'error-redirect' }>;

/**
 * `protocol/openid-connect/registrations` (Keycloak's registration URL): self-registration with the auth
 * request's parameters; a new user is logged in and sent on through the flow.
 */
export const registrationRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { config, db } = ctx;

    const render = (
      request: FastifyRequest,
      reply: FastifyReply,
      flow: PageFlow,
      values: RegistrationValues,
      errors: string[] = [],
      status = 200,
    ) =>
      sendPage(
        config,
        reply,
        status,
        REGISTER_TITLE,
        registrationBody(
          {
            paths: providerPaths(config),
            authParams: authRequestParams(flow),
            csrfToken: issueCsrfToken(config, request, reply),
            errors,
          },
          values,
        ),
      );

    app.get('/protocol/openid-connect/registrations', async (request, reply) => {
      const started = startFlow(ctx, reply, request.query);
      if (!started) return reply;
      return render(request, reply, started.flow, {});
    });

    app.post(
      '/protocol/openid-connect/registrations',
      { bodyLimit: 64 * 1024, config: { admission: 'password' } },
      async (request, reply) => {
        const started = startFlow(ctx, reply, request.body);
        if (!started) return reply;
        const { flow } = started;
        const fields = toParams(request.body);
        const values = registrationValues(fields);
        if (!checkCsrfToken(request, fields[CSRF_FIELD])) {
          return render(
            request,
            reply,
            flow,
            values,
            ['Your registration form has expired. Please submit it again.'],
            400,
          );
        }
        const checked = validateRegistration(fields);
        if (!checked.ok) return render(request, reply, flow, values, checked.errors);
        try {
          const user = await createUser(db, checked.value);
          const sid = await startBrowserSession(config, db, reply, user.user_id);
          return await finishLogin(ctx, reply, flow, user.user_id, sid);
        } catch (error) {
          if (error instanceof DuplicateUserError)
            return render(request, reply, flow, values, [error.message]);
          throw error;
        }
      },
    );
  };
