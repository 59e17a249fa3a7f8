import { Type, type Static } from '@sinclair/typebox';

export const InfoResponseSchema = Type.Object(
  {
    version: Type.String(),
    deployment: Type.String(),
    oasis: Type.Boolean(),
    parsers: Type.Array(Type.String()),
    codes: Type.Array(Type.Object({ code_name: Type.String(), code_homepage: Type.Optional(Type.String()) })),
    normalizers: Type.Array(Type.String()),
    statistics: Type.Object(
      {
        n_entries: Type.Integer(),
        n_uploads: Type.Integer(),
        n_users: Type.Integer(),
        n_materials: Type.Integer(),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);
export type InfoResponse = Static<typeof InfoResponseSchema>;
