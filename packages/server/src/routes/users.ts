import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, UserSchema, UsersQuerySchema, UsersResponseSchema } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { requireUser } from '../auth/current-user.ts';
import { unauthorized } from '../errors.ts';
import { findUserById, userToWire, type UserRecord } from '../store/users.ts';
import { findUsers, showsEmails } from '../users/find-users.ts';

const notAllowed = 'You are not allowed to access this NOMAD installation.';

const isAllowed = (ctx: AppContext, user: UserRecord): boolean => {
  const { globalLoginRequired, allowedUsers } = ctx.config;
  if (!globalLoginRequired || !allowedUsers) return true;
  const names = new Set(allowedUsers.map((name) => name.toLowerCase()));
  return (
    names.has(user.username.toLowerCase()) || (user.email !== null && names.has(user.email.toLowerCase()))
  );
};

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The logged-in user (also the access check of global-login mode)',
          response: { 200: UserSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => {
        const current = requireUser(request);
        const user = await findUserById(ctx.db, current.user_id);
        if (!user) throw unauthorized('The user of this token does not exist.');
        if (!isAllowed(ctx, user)) throw unauthorized(notAllowed);
        return userToWire(user, { includeEmail: true });
      },
    );

    api.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Find users by id, username, email or a prefix of their names',
          querystring: UsersQuerySchema,
          response: { 200: UsersResponseSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
        },
      },
      async (request) => {
        const viewer: CurrentUser | undefined = request.user;
        const users = await findUsers(ctx.db, request.query, viewer);
        const includeEmail = showsEmails(viewer);
        return { data: users.map((user) => userToWire(user, { includeEmail })) };
      },
    );
  };
