import { Type, type Static } from '@sinclair/typebox';

/**
 * A user as NOMAD's API returns it. Listings of other users leave out the email; optional fields are absent
 * (not null) when unknown, as in NOMAD's responses.
 */
export const UserSchema = Type.Object(
  {
    user_id: Type.String(),
    name: Type.Optional(Type.String()),
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    username: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    affiliation: Type.Optional(Type.String()),
    affiliation_address: Type.Optional(Type.String()),
    created: Type.Optional(Type.String()),
    repo_user_id: Type.Optional(Type.String()),
    is_admin: Type.Optional(Type.Boolean()),
    is_oasis_admin: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type User = Static<typeof UserSchema>;

export const UsersQuerySchema = Type.Object({
  prefix: Type.Optional(
    Type.String({
      description: 'Start of a name or username (case-insensitive); also of an email for logged-in callers.',
    }),
  ),
  user_id: Type.Optional(Type.Array(Type.String(), { description: 'Users by id; repeat the parameter.' })),
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String({ description: 'Exact email; requires login.' })),
});
export type UsersQuery = Static<typeof UsersQuerySchema>;

export const UsersResponseSchema = Type.Object({ data: Type.Array(UserSchema) });
export type UsersResponse = Static<typeof UsersResponseSchema>;

/** `PUT /users/invite`: creates the account and mails a link to choose a password. */
export const UserInviteSchema = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    first_name: Type.String({ minLength: 1, maxLength: 128 }),
    last_name: Type.String({ minLength: 1, maxLength: 128 }),
    affiliation: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type UserInvite = Static<typeof UserInviteSchema>;
