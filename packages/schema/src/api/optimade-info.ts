import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { OptimadeLinkSchema, optimadeDocument, optimadeResource } from './optimade-common.ts';

/** The info and links endpoints of OPTIMADE v1.2 (spec §5.4 "Info Endpoints", §5.5 "Links Endpoint"). */

const open = { additionalProperties: true };

const BaseInfoAttributesSchema = Type.Object(
  {
    api_version: Type.String(),
    available_api_versions: Type.Array(Type.Object({ url: Type.String(), version: Type.String() }, open), {
      minItems: 1,
    }),
    formats: Type.Array(Type.String(), { minItems: 1 }),
    entry_types_by_format: Type.Record(Type.String(), Type.Array(Type.String())),
    available_endpoints: Type.Array(Type.String()),
    license: OptimadeLinkSchema,
    is_index: Type.Optional(Type.Boolean()),
    available_licenses: Type.Optional(Nullable(Type.Array(Type.String()))),
    available_licenses_for_entries: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  open,
);

/** GET info: one resource with `type: "info"` and `id: "/"`. */
export const OptimadeInfoResponseSchema = optimadeDocument(
  Type.Object(
    {
      type: Type.Literal('info'),
      id: Type.Literal('/'),
      attributes: BaseInfoAttributesSchema,
      relationships: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    },
    { additionalProperties: false },
  ),
);
export type OptimadeInfoResponse = Static<typeof OptimadeInfoResponseSchema>;

/** The OPTIMADE data types a property definition names (`x-optimade-type`). */
const OptimadeTypeSchema = Type.Union(
  ['string', 'integer', 'float', 'boolean', 'timestamp', 'list', 'dictionary'].map((name) =>
    Type.Literal(name),
  ),
);

const QuerySupportSchema = Type.Union(
  ['all mandatory', 'equality only', 'partial', 'none'].map((name) => Type.Literal(name)),
);

/**
 * A property definition (spec §9): at its outermost level `$id`, `$schema`, `title`, `description`,
 * `x-optimade-definition`, and at every level `type` (the JSON type, with "null" second when the value may
 * be null), `x-optimade-type` and `x-optimade-unit`. `sortable` and `unit` are also given as v1.0 and v1.1
 * clients read them.
 */
export const OptimadePropertyDefinitionSchema = Type.Object(
  {
    $id: Type.String(),
    $schema: Type.String(),
    title: Type.String(),
    description: Type.String(),
    'x-optimade-definition': Type.Object(
      {
        format: Type.Literal('1.2'),
        kind: Type.Literal('property'),
        name: Type.String(),
        label: Type.String(),
        version: Type.Optional(Type.String()),
      },
      open,
    ),
    type: Type.Array(Type.String(), { minItems: 1, maxItems: 2 }),
    'x-optimade-type': OptimadeTypeSchema,
    'x-optimade-unit': Type.String(),
    'x-optimade-unit-definitions': Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
    'x-optimade-dimensions': Type.Optional(
      Type.Object({ names: Type.Array(Type.String()), sizes: Type.Array(Nullable(Type.Integer())) }, open),
    ),
    'x-optimade-implementation': Type.Optional(
      Type.Object(
        {
          sortable: Type.Optional(Type.Boolean()),
          'query-support': Type.Optional(QuerySupportSchema),
          'response-default': Type.Optional(Type.Boolean()),
        },
        open,
      ),
    ),
    items: Type.Optional(Type.Unknown()),
    sortable: Type.Optional(Type.Boolean()),
    unit: Type.Optional(Type.String()),
  },
  open,
);
export type OptimadePropertyDefinition = Static<typeof OptimadePropertyDefinitionSchema>;

/** GET info/structures: the entry type's description, property definitions and output fields. */
export const OptimadeEntryInfoResponseSchema = optimadeDocument(
  Type.Object(
    {
      type: Type.Literal('info'),
      id: Type.String(),
      description: Type.String(),
      properties: Type.Record(Type.String(), OptimadePropertyDefinitionSchema),
      formats: Type.Array(Type.String(), { minItems: 1 }),
      output_fields_by_format: Type.Record(Type.String(), Type.Array(Type.String())),
    },
    { additionalProperties: false },
  ),
);
export type OptimadeEntryInfoResponse = Static<typeof OptimadeEntryInfoResponseSchema>;

const LinkAttributesSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    base_url: OptimadeLinkSchema,
    homepage: OptimadeLinkSchema,
    link_type: Type.Union(['child', 'root', 'external', 'providers'].map((name) => Type.Literal(name))),
    aggregate: Type.Optional(Type.Union(['ok', 'test', 'staging', 'no'].map((name) => Type.Literal(name)))),
    no_aggregate_reason: Type.Optional(Type.String()),
  },
  open,
);

/** GET links: the related implementations (for this server, only itself as the root). */
export const OptimadeLinksResponseSchema = optimadeDocument(
  Type.Array(optimadeResource('links', LinkAttributesSchema)),
);
export type OptimadeLinksResponse = Static<typeof OptimadeLinksResponseSchema>;
