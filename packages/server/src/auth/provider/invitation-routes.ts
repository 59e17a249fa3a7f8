import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findOpenInvitation, redeemInvitation } from '../../store/invitations.ts';
import { guardLogin, tooManyAttempts } from '../login-limiter.ts';
import { hashPassword } from '../../security/password.ts';
import { hashSecret } from '../secrets.ts';
import { embeddedRealmPath, guiUrl } from '../urls.ts';
import { toParams } from './auth-request.ts';
import { CSRF_FIELD, checkCsrfToken, issueCsrfToken } from './csrf.ts';
import { INVITATION_PAGE } from './invitation-link.ts';
import {
  INVALID_INVITATION,
  INVITATION_TITLE,
  passwordFormBody,
  passwordSetBody,
} from './invitation-pages.ts';
import { messageBody } from './pages.ts';
import { sendPage } from './respond.ts';

/** As for registration: at least this long; longer ones only cost hashing time. */
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1024;
const tokenFormat = /^[A-Za-z0-9_-]{43}$/;

const passwordProblems = (password: string, confirm: string | undefined): string[] => {
  if (password.length < MIN_PASSWORD_LENGTH)
    return [`Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`];
  if (password.length > MAX_PASSWORD_LENGTH)
    return [`Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`];
  return password === confirm ? [] : ['Passwords do not match.'];
};

/**
 * The link of an invitation mail: a page where the invited user chooses their password (GET), and its form
 * (POST), which uses the link up. Secured as the login form: CSRF token, the pages' headers, and the login
 * back-off per client address for links that do not work (guessing is hopeless, but not free).
 */
export const invitationRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { config, db } = ctx;
    const action = `${embeddedRealmPath(config)}${INVITATION_PAGE}`;

    const invalid = (reply: FastifyReply) =>
      sendPage(config, reply, 400, INVITATION_TITLE, messageBody(INVALID_INVITATION));

    const renderForm = (
      request: FastifyRequest,
      reply: FastifyReply,
      form: { token: string; username: string; errors?: string[]; status?: number },
    ) =>
      sendPage(
        config,
        reply,
        form.status ?? 200,
        INVITATION_TITLE,
        passwordFormBody({
          action,
          token: form.token,
          username: form.username,
          csrfToken: issueCsrfToken(config, request, reply),
          errors: form.errors ?? [],
        }),
      );

    /**
     * The open invitation of the token, using nothing up; a link that does not work counts as a failed login
     * of the client's address. Answers the request itself when there is no invitation to show.
     */
    const openInvitation = async (
      reply: FastifyReply,
      request: FastifyRequest,
      token: string | undefined,
    ) => {
      const found = await guardLogin(ctx.loginLimiter, { address: request.ip }, async () =>
        token !== undefined && tokenFormat.test(token)
          ? findOpenInvitation(db, hashSecret(token), ctx.clock.now())
          : undefined,
      );
      if (found.outcome === 'ok' && token !== undefined) return { token, invitation: found.value };
      if (found.outcome === 'limited') {
        reply.header('retry-after', String(found.retryAfter));
        void sendPage(config, reply, 429, INVITATION_TITLE, messageBody(tooManyAttempts(found.retryAfter)));
      } else void invalid(reply);
      return undefined;
    };

    app.get(INVITATION_PAGE, async (request, reply) => {
      const open = await openInvitation(reply, request, toParams(request.query).token);
      if (!open) return reply;
      return renderForm(request, reply, { token: open.token, username: open.invitation.username });
    });

    app.post(
      INVITATION_PAGE,
      { bodyLimit: 64 * 1024, config: { admission: 'password' } },
      async (request, reply) => {
        const fields = toParams(request.body);
        const open = await openInvitation(reply, request, fields.token);
        if (!open) return reply;
        const { token, invitation } = open;
        if (!checkCsrfToken(request, fields[CSRF_FIELD])) {
          return renderForm(request, reply, {
            token,
            username: invitation.username,
            status: 400,
            errors: ['Your form has expired. Please submit it again.'],
          });
        }
        const password = fields.password ?? '';
        const problems = passwordProblems(password, fields.password_confirm);
        if (problems.length > 0)
          return renderForm(request, reply, { token, username: invitation.username, errors: problems });
        const hash = await hashPassword(password);
        // Single use: whichever of two concurrent posts comes second finds the invitation used.
        const redeemed = await db.transaction((tx) =>
          redeemInvitation(tx, hashSecret(token), ctx.clock.now(), hash),
        );
        if (!redeemed) return invalid(reply);
        return sendPage(
          config,
          reply,
          200,
          INVITATION_TITLE,
          passwordSetBody(redeemed.username, guiUrl(config)),
        );
      },
    );
  };
