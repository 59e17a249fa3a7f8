import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OrderSchema, PaginationResponseSchema, Timestamp } from './common.ts';

/** A dataset: a named group of entries, possibly across uploads, that can get a DOI (spec 3 §2). */
export const DatasetSchema = Type.Object(
  {
    dataset_id: Type.String(),
    dataset_name: Type.String(),
    user_id: Type.String({ description: 'The creator' }),
    dataset_create_time: Timestamp(),
    dataset_modified_time: Type.Optional(Timestamp()),
    dataset_type: Type.Optional(Type.Union([Type.Literal('owned'), Type.Literal('foreign')])),
    doi: Type.Optional(Nullable(Type.String())),
    pid: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: true },
);
export type Dataset = Static<typeof DatasetSchema>;

export const DatasetIdParamsSchema = Type.Object({ dataset_id: Type.String() });

export const DatasetsQuerySchema = Type.Object({
  dataset_id: Type.Optional(Type.String()),
  dataset_name: Type.Optional(Type.String()),
  user_id: Type.Optional(Type.String()),
  dataset_type: Type.Optional(Type.Union([Type.Literal('owned'), Type.Literal('foreign')])),
  doi: Type.Optional(Type.String()),
  prefix: Type.Optional(Type.String({ description: 'Start of the dataset name' })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
  order_by: Type.Optional(
    Type.Union([
      Type.Literal('dataset_create_time'),
      Type.Literal('dataset_modified_time'),
      Type.Literal('dataset_name'),
    ]),
  ),
  order: Type.Optional(OrderSchema),
});
export type DatasetsQuery = Static<typeof DatasetsQuerySchema>;

export const DatasetsResponseSchema = Type.Object(
  { pagination: PaginationResponseSchema, data: Type.Array(DatasetSchema) },
  { additionalProperties: true },
);

export const DatasetResponseSchema = Type.Object(
  { dataset_id: Type.String(), data: DatasetSchema },
  { additionalProperties: true },
);

/** `POST /datasets/`: a new dataset, optionally filled with the entries a query or a list selects. */
export const DatasetCreateSchema = Type.Object(
  {
    dataset_name: Type.String({ minLength: 1, maxLength: 256 }),
    dataset_type: Type.Optional(Type.Union([Type.Literal('owned'), Type.Literal('foreign')])),
    query: Type.Optional(Type.Object({}, { additionalProperties: true })),
    entries: Type.Optional(Type.Array(Type.String(), { maxItems: 10000 })),
  },
  { additionalProperties: false },
);
export type DatasetCreate = Static<typeof DatasetCreateSchema>;
