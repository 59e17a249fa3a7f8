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
  group_id: Type.Optional(Type.Array(Type.String(), { description: 'Groups by id; repeat the parameter.' })),
  user_id: Type.Optional(Type.String({ description: 'Groups this user owns or is a member of' })),
  search_terms: Type.Optional(Type.String({ description: 'Words the group name contains' })),
});
export type GroupsQuery = Static<typeof GroupsQuerySchema>;

export const GroupsResponseSchema = Type.Object({ data: Type.Array(GroupSchema) });

export const GroupCreateSchema = Type.Object(
  {
    group_name: Type.String({ minLength: 3, maxLength: 32 }),
    members: Type.Optional(Type.Array(Type.String(), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);

export const GroupEditSchema = Type.Object(
  {
    group_name: Type.Optional(Type.String({ minLength: 3, maxLength: 32 })),
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
