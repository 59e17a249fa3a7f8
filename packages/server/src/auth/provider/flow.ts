import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { realmIssuer } from '../urls.ts';
import { authResponseUrl, parseAuthRequest, toParams, type AuthFlow } from './auth-request.ts';
import { createAuthorizationCode } from './grants.ts';
import { messageBody } from './pages.ts';
import { providerPaths } from './paths.ts';
import { sendPage } from './respond.ts';

/**
 * Parses the auth request of a page request (query for GET, form fields for POST). Requests that end here
 * (an error page, or an error sent back to the client) are answered; the others come back for the page.
 */
export const startFlow = (
  ctx: AppContext,
  reply: FastifyReply,
  source: unknown,
):
  | {
      flow: Exclude<AuthFlow, { kind: 'error-page' | 'error-redirect' }>;
      params: Record<string, string | undefined>;
    }
  | undefined => {
  const params = toParams(source);
  const flow = parseAuthRequest(ctx.config, params);
  if (flow.kind === 'error-page') {
    // Never redirect here: the target is not trusted (open redirect).
    void sendPage(ctx.config, reply, 400, 'We are sorry...', messageBody(flow.message));
    return undefined;
  }
  if (flow.kind === 'error-redirect') {
    void reply.redirect(flow.url, 302);
    return undefined;
  }
  return { flow, params };
};

/** After a login or registration: the code goes to the client, or the user to the account page. */
export const finishLogin = async (
  ctx: AppContext,
  reply: FastifyReply,
  flow: Exclude<AuthFlow, { kind: 'error-page' | 'error-redirect' }>,
  userId: string,
  sid: string,
) => {
  if (flow.kind === 'account') return reply.redirect(providerPaths(ctx.config).account, 302);
  const { request } = flow;
  const code = await createAuthorizationCode(ctx.db, request, userId, sid);
  // Keycloak's order, state first (keycloak-js takes any order, other clients' parsers may not).
  return reply.redirect(
    authResponseUrl(request.redirectUri, request.responseMode, {
      state: request.state,
      session_state: sid,
      iss: realmIssuer(ctx.config),
      code,
    }),
    302,
  );
};
