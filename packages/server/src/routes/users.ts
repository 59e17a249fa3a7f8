import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { inviteUser } from '../services/invitations.ts';
import { findUsersFor, readOwnAccount } from '../services/users.ts';
import { userToWire } from '../services/users-wire.ts';

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;

    registerOperation(api, 'usersMe', async (request) =>
      userToWire(await readOwnAccount(ctx, request.user), { includeEmail: true }),
    );

    registerOperation(api, 'usersFind', async (request) => {
      const { users, includeEmail } = await findUsersFor(ctx, request.user, request.query);
      return { data: users.map((user) => userToWire(user, { includeEmail })) };
    });

    // The inviter typed the email, so the answer may carry it.
    registerOperation(api, 'usersInvite', async (request) => {
      const onMailError = (error: unknown) => request.log.warn({ err: error }, 'invitation mail not sent');
      return userToWire(await inviteUser(ctx, request.user, request.body, onMailError), {
        includeEmail: true,
      });
    });
  };
