import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** One record of the same material in another database (NOMAD's ResourceModel). */
export const RelatedResourceSchema = Type.Object({
  id: Type.String({ description: "The record's id in its database" }),
  url: Type.String({ description: "The record's page in its database" }),
  database_name: Type.String(),
  database_version: Type.Optional(Type.String()),
  kind: Type.Optional(Type.String()),
  comment: Type.Optional(Type.String()),
  available_data: Type.Array(Type.String(), { description: 'The fields the database gave for the record' }),
  download_time: Type.String({ description: 'When it was retrieved (ISO 8601)' }),
});
export type RelatedResource = Static<typeof RelatedResourceSchema>;

export const RelatedResourcesQuerySchema = Type.Object({
  space_group_number: Type.Optional(Type.Integer({ minimum: 1, maximum: 230 })),
  wyckoff_letters: Type.Optional(Type.Array(Type.String({ maxLength: 2 }), { maxItems: 1000 })),
  n_sites: Type.Optional(Type.Integer({ minimum: 0 })),
  chemical_formula_reduced: Type.Optional(Type.String({ maxLength: 500 })),
});
export type RelatedResourcesQuery = Static<typeof RelatedResourcesQuerySchema>;

export const RelatedResourcesResponseSchema = Type.Object({
  data: Type.Array(RelatedResourceSchema),
  is_retrieving_more: Type.Boolean({
    description: 'The databases are being asked now: ask again for what they answer.',
  }),
});
export type RelatedResourcesResponse = Static<typeof RelatedResourcesResponseSchema>;

/** Whether `body` is an answer of the resources API (the GUI calls it outside its API client). */
export const isRelatedResourcesResponse = (body: unknown): body is RelatedResourcesResponse =>
  Value.Check(RelatedResourcesResponseSchema, body);
