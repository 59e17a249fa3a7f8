import { Type, type Static } from '@sinclair/typebox';
import { AggregationResponseSchema } from './aggregations.ts';
import { EntriesQueryRequestSchema, OwnerSchema, RequiredSchema } from './entries.ts';
import { PaginationResponseSchema } from './common.ts';

/**
 * POST materials/query: the entries query language over materials. Material quantities are named without
 * the `results.material.` prefix (`elements`, `symmetry.crystal_system`); entry quantities carry an
 * `entries.` prefix (`entries.results.method.simulation.program_name`).
 */
export const MaterialsQueryRequestSchema = EntriesQueryRequestSchema;
export type MaterialsQueryRequest = Static<typeof MaterialsQueryRequestSchema>;

export const MaterialsQueryResponseSchema = Type.Object(
  {
    owner: OwnerSchema,
    query: Type.Optional(Type.Unknown()),
    pagination: PaginationResponseSchema,
    required: Type.Optional(RequiredSchema),
    aggregations: Type.Optional(Type.Record(Type.String(), AggregationResponseSchema)),
    data: Type.Array(Type.Object({ material_id: Type.String() }, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
export type MaterialsQueryResponse = Static<typeof MaterialsQueryResponseSchema>;
