import { Type, type Static } from '@sinclair/typebox';
import { AggregationResponseSchema, AggregationSchema } from './aggregations.ts';
import { Nullable, OrderSchema, PaginationResponseSchema } from './common.ts';

export const OwnerSchema = Type.Union(
  [
    Type.Literal('public'),
    Type.Literal('visible'),
    Type.Literal('shared'),
    Type.Literal('user'),
    Type.Literal('staging'),
    Type.Literal('admin'),
    Type.Literal('all'),
  ],
  { default: 'visible' },
);
export type Owner = Static<typeof OwnerSchema>;

/** A person as entry metadata names them (NOMAD sends more fields for some). */
const AuthorSchema = Type.Object(
  { user_id: Type.Optional(Type.String()), name: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

const EntryDatasetSchema = Type.Object(
  { dataset_id: Type.Optional(Type.String()), dataset_name: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** Entry metadata as indexed and searched; only the fields every entry has are required. */
export const EntryMetadataSchema = Type.Object(
  {
    upload_id: Type.Optional(Type.String()),
    entry_id: Type.Optional(Type.String()),
    mainfile: Type.Optional(Type.String()),
    entry_name: Type.Optional(Type.String()),
    entry_type: Type.Optional(Type.String()),
    parser_name: Type.Optional(Type.String()),
    upload_name: Type.Optional(Nullable(Type.String())),
    upload_create_time: Type.Optional(Type.String()),
    entry_create_time: Type.Optional(Type.String()),
    last_processing_time: Type.Optional(Type.String()),
    published: Type.Optional(Type.Boolean()),
    with_embargo: Type.Optional(Type.Boolean()),
    processed: Type.Optional(Type.Boolean()),
    authors: Type.Optional(Type.Array(AuthorSchema)),
    main_author: Type.Optional(AuthorSchema),
    writers: Type.Optional(Type.Array(AuthorSchema)),
    viewers: Type.Optional(Type.Array(AuthorSchema)),
    datasets: Type.Optional(Type.Array(EntryDatasetSchema)),
    references: Type.Optional(Type.Array(Type.String())),
    comment: Type.Optional(Nullable(Type.String())),
    raw_id: Type.Optional(Nullable(Type.String())),
    external_id: Type.Optional(Nullable(Type.String())),
    nomad_version: Type.Optional(Type.String()),
    processing_errors: Type.Optional(Type.Array(Type.String())),
    results: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
export type EntryMetadata = Static<typeof EntryMetadataSchema>;

/** Other keys (NOMAD's GUI sends archive-style `{metadata: '*'}`) are accepted and ignored, as NOMAD does. */
export const RequiredSchema = Type.Object(
  {
    include: Type.Optional(Nullable(Type.Array(Type.String()))),
    exclude: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  { additionalProperties: true },
);

export const EntriesPaginationSchema = Type.Object(
  {
    page_size: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
    order_by: Type.Optional(Type.String()),
    order: Type.Optional(OrderSchema),
    page_after_value: Type.Optional(Nullable(Type.String())),
    page: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    page_offset: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  },
  { additionalProperties: true },
);

/** A query is validated in depth by the query language parser (query/), which reports NOMAD-style errors. */
export const QuerySchema = Type.Object({}, { additionalProperties: true });

export const EntriesQueryRequestSchema = Type.Object(
  {
    owner: Type.Optional(OwnerSchema),
    query: Type.Optional(Nullable(QuerySchema)),
    pagination: Type.Optional(EntriesPaginationSchema),
    required: Type.Optional(RequiredSchema),
    aggregations: Type.Optional(Type.Record(Type.String(), AggregationSchema)),
    exclude: Type.Optional(Type.Array(Type.String())),
    verify_only: Type.Optional(Type.Boolean()),
    /** An OPTIMADE filter, combined with `query` by AND (NOMAD's GUI also sends it as `query.optimade_filter`). */
    optimade_filter: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type EntriesQueryRequest = Static<typeof EntriesQueryRequestSchema>;

export const EntriesQueryResponseSchema = Type.Object(
  {
    owner: OwnerSchema,
    query: Type.Optional(Nullable(Type.Unknown())),
    pagination: PaginationResponseSchema,
    required: Type.Optional(RequiredSchema),
    aggregations: Type.Optional(Type.Record(Type.String(), AggregationResponseSchema)),
    data: Type.Array(EntryMetadataSchema),
  },
  { additionalProperties: true },
);
export type EntriesQueryResponse = Static<typeof EntriesQueryResponseSchema>;

export const EntryIdParamsSchema = Type.Object({ entry_id: Type.String() });

export const EntryResponseSchema = Type.Object(
  {
    entry_id: Type.String(),
    required: Type.Optional(Type.Object({}, { additionalProperties: true })),
    data: EntryMetadataSchema,
  },
  { additionalProperties: true },
);
export type EntryResponse = Static<typeof EntryResponseSchema>;

/** `required` of an archive query: '*' or a tree of section names to '*' (or nested trees). */
export const ArchiveRequiredSchema = Type.Union([
  Type.String(),
  Type.Object({}, { additionalProperties: true }),
]);

export const ArchiveQueryRequestSchema = Type.Object(
  { required: Type.Optional(ArchiveRequiredSchema) },
  { additionalProperties: true },
);

export const ArchiveQueryResponseSchema = Type.Object(
  {
    entry_id: Type.String(),
    required: Type.Optional(Type.Unknown()),
    data: Type.Object(
      {
        entry_id: Type.String(),
        upload_id: Type.String(),
        parser_name: Type.Optional(Type.String()),
        archive: Type.Object({}, { additionalProperties: true }),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);
export type ArchiveQueryResponse = Static<typeof ArchiveQueryResponseSchema>;

/** Archives per page at most: each may be megabytes, and a page is answered in one response. */
export const MAX_ARCHIVES_PAGE_SIZE = 100;

export const ArchivesQueryRequestSchema = Type.Object(
  {
    owner: Type.Optional(OwnerSchema),
    query: Type.Optional(Nullable(QuerySchema)),
    pagination: Type.Optional(
      Type.Composite([
        Type.Omit(EntriesPaginationSchema, ['page_size']),
        Type.Object({
          page_size: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ARCHIVES_PAGE_SIZE })),
        }),
      ]),
    ),
    required: Type.Optional(ArchiveRequiredSchema),
  },
  { additionalProperties: true },
);
export type ArchivesQueryRequest = Static<typeof ArchivesQueryRequestSchema>;

export const ArchivesQueryResponseSchema = Type.Object(
  {
    owner: OwnerSchema,
    query: Type.Optional(Nullable(Type.Unknown())),
    pagination: PaginationResponseSchema,
    required: Type.Optional(Type.Unknown()),
    data: Type.Array(ArchiveQueryResponseSchema.properties.data),
  },
  { additionalProperties: true },
);
export type ArchivesQueryResponse = Static<typeof ArchivesQueryResponseSchema>;

/** Files of an entry's folder per page at most. */
export const MAX_ENTRY_RAWDIR_PAGE_SIZE = 1000;

export const EntryRawDirQuerySchema = Type.Object({
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ENTRY_RAWDIR_PAGE_SIZE, default: 500 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
});

/** The files of an entry (those of its mainfile's folder, not sub-folders), with their sizes. */
export const EntryRawDirResponseSchema = Type.Object(
  {
    entry_id: Type.String(),
    data: Type.Object({
      upload_id: Type.String(),
      entry_id: Type.String(),
      mainfile: Type.String(),
      files: Type.Array(Type.Object({ path: Type.String(), size: Type.Integer() })),
    }),
    pagination: PaginationResponseSchema,
  },
  { additionalProperties: true },
);
export type EntryRawDirResponse = Static<typeof EntryRawDirResponseSchema>;
