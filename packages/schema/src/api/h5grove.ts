import { Type, type Static } from '@sinclair/typebox';

// The h5grove API (silx-kit/h5grove, as NOMAD mounts it at `<base>/h5grove`): what h5web's H5GroveProvider
// sends and reads. Field names and shapes follow h5grove's wire format.

/** Which file of which upload, and which HDF5 object in it ('/' when absent). */
const FileQueryProperties = {
  file: Type.String({ description: 'Path of the HDF5 file inside the upload' }),
  upload_id: Type.String(),
  path: Type.Optional(Type.String({ description: "Path of an object inside the HDF5 file; '/' by default" })),
  source: Type.Optional(Type.Literal('raw', { description: "The upload's raw files (the only source)" })),
};

export const H5groveMetaQuerySchema = Type.Object(FileQueryProperties);

export const H5groveAttrQuerySchema = Type.Object({
  ...FileQueryProperties,
  attr_keys: Type.Optional(Type.Array(Type.String(), { description: 'Only these attributes' })),
});

/** NumPy-style indexing, e.g. `0, 2:5` or `::2`. */
const Selection = Type.Optional(Type.String({ description: "NumPy-style selection, e.g. '0, 2:10:2'" }));

export const H5grovePayloadFormatSchema = Type.Union([
  Type.Literal('json'),
  Type.Literal('npy'),
  Type.Literal('bin'),
]);
export type H5grovePayloadFormat = Static<typeof H5grovePayloadFormatSchema>;

export const H5groveDataQuerySchema = Type.Object({
  ...FileQueryProperties,
  selection: Selection,
  format: Type.Optional(H5grovePayloadFormatSchema),
  flatten: Type.Optional(Type.Boolean()),
  dtype: Type.Optional(Type.Union([Type.Literal('origin'), Type.Literal('safe')])),
});

export const H5groveStatsQuerySchema = Type.Object({ ...FileQueryProperties, selection: Selection });

/**
 * h5grove's type metadata: `class` is the HDF5 type class code, `dtype` NumPy's type string (an object of
 * field names for compound types); the other fields exist for the classes they describe. Compound members
 * and array, enum and vlen bases are type metadata again.
 */
export const H5groveTypeSchema = Type.Object({
  class: Type.Integer(),
  dtype: Type.Unknown(),
  size: Type.Integer(),
  name: Type.Optional(Type.String()),
  order: Type.Optional(Type.Integer()),
  sign: Type.Optional(Type.Integer()),
  cset: Type.Optional(Type.Integer()),
  strpad: Type.Optional(Type.Integer()),
  vlen: Type.Optional(Type.Boolean()),
  tag: Type.Optional(Type.String()),
  dims: Type.Optional(Type.Array(Type.Integer())),
  members: Type.Optional(Type.Unknown()),
  base: Type.Optional(Type.Unknown()),
});
export type H5groveType = Static<typeof H5groveTypeSchema> & {
  members?: Array<H5groveType & { name: string }> | Record<string, number>;
  base?: H5groveType;
};

export const H5groveAttributeSchema = Type.Object({
  name: Type.String(),
  shape: Type.Array(Type.Integer()),
  type: H5groveTypeSchema,
});

const EntityProperties = {
  name: Type.String(),
  kind: Type.Union([
    Type.Literal('group'),
    Type.Literal('dataset'),
    Type.Literal('datatype'),
    Type.Literal('soft_link'),
    Type.Literal('external_link'),
    Type.Literal('other'),
  ]),
  attributes: Type.Optional(Type.Array(H5groveAttributeSchema)),
  // Datasets
  shape: Type.Optional(Type.Array(Type.Integer())),
  chunks: Type.Optional(Type.Union([Type.Array(Type.Integer()), Type.Null()])),
  filters: Type.Optional(
    Type.Union([Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })), Type.Null()]),
  ),
  // Datasets and datatypes
  type: Type.Optional(H5groveTypeSchema),
  // Links that are not followed
  target_path: Type.Optional(Type.String()),
  target_file: Type.Optional(Type.String()),
};

/** A child of a group: the same fields as its parent's answer, without children of its own. */
export const H5groveChildSchema = Type.Object(EntityProperties);

/** GET meta: a group (with its children), a dataset, a datatype or a link that is not followed. */
export const H5groveMetaResponseSchema = Type.Object({
  ...EntityProperties,
  children: Type.Optional(Type.Array(H5groveChildSchema)),
});
export type H5groveMeta = Static<typeof H5groveMetaResponseSchema>;

/** GET attr: attribute values by name. */
export const H5groveAttrResponseSchema = Type.Record(Type.String(), Type.Unknown());

/** GET data: JSON values, a `.npy` file or the raw little-endian bytes, by `format`. */
export const H5groveDataResponseSchema = Type.Unknown({
  description: 'JSON (format=json), NumPy .npy (format=npy) or raw little-endian bytes (format=bin)',
});

const StatValue = Type.Union([Type.Number(), Type.Null()]);

/** GET stats: of the finite values of a numeric selection; all null when it is empty. */
export const H5groveStatsResponseSchema = Type.Object({
  strict_positive_min: StatValue,
  positive_min: StatValue,
  min: StatValue,
  max: StatValue,
  mean: StatValue,
  std: StatValue,
});
export type H5groveStats = Static<typeof H5groveStatsResponseSchema>;

export const H5grovePathsQuerySchema = Type.Object(FileQueryProperties);

/** GET paths: the path of the group asked for, then of every object below it (links listed, not followed). */
export const H5grovePathsResponseSchema = Type.Array(Type.String());
