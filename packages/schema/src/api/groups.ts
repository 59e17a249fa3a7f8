import { Type, type Static } from '@sinclair/typebox';

/** A user group (NOMAD's `UserGroup`): members may be given an upload's co-author or reviewer role. */
export const GroupSchema = Type.Object(
  {
    group_id: Type.String(),
    group_name: Type.String(),
    owner: Type.String({ description: 'The user id of the owner, who may edit and delete the group' }),
    members: Type.Array(Type.String(), { description: 'User ids, the owner not included' }),
  },
  { additionalProperties: true },
);
export type Group = Static<typeof GroupSchema>;

export const GroupIdParamsSchema = Type.Object({ group_id: Type.String() });

export const GroupsQuerySchema = Type.Object({
  group_id: Type.Optional(
    Type.Array(Type.String(), { maxItems: 1000, description: 'Groups by id; repeat the parameter.' }),
  ),
  user_id: Type.Optional(Type.String({ description: 'Groups this user owns or is a member of' })),
  search_terms: Type.Optional(
    Type.String({ maxLength: 256, description: 'Words the group name contains (case-insensitive)' }),
  ),
});
export type GroupsQuery = Static<typeof GroupsQuerySchema>;

export const GroupsResponseSchema = Type.Object({ data: Type.Array(GroupSchema) });

/** NOMAD's rule for group names: 3 to 32 letters, digits, spaces, '.', '_' or '-', not starting or ending with one of the last four. */
const GroupNameSchema = Type.String({
  minLength: 3,
  maxLength: 32,
  pattern: '^[a-zA-Z0-9][a-zA-Z0-9 ._\\-]+[a-zA-Z0-9]$',
});

export const GroupCreateSchema = Type.Object(
  {
    group_name: GroupNameSchema,
    members: Type.Optional(Type.Array(Type.String(), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);

export const GroupEditSchema = Type.Object(
  {
    group_name: Type.Optional(GroupNameSchema),
    members: Type.Optional(
      Type.Object(
        {
          add: Type.Optional(Type.Array(Type.String(), { maxItems: 1000 })),
          remove: Type.Optional(Type.Array(Type.String(), { maxItems: 1000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type GroupEdit = Static<typeof GroupEditSchema>;
