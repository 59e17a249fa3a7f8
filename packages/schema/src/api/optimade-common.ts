import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * The parts every OPTIMADE v1.2 response shares (spec §5 "Responses", JSON:API 1.1): the meta object, links,
 * resource objects and the error document. MUST fields are required here; SHOULD and MAY fields are
 * optional, so a response that passes these schemas keeps the spec's obligations.
 */

/** The full version of the OPTIMADE standard served; versions are never prefixed with 'v'. */
export const OPTIMADE_API_VERSION = '1.2.0';
/** NOMAD's registered database-provider prefix: provider fields are `_nmd_<name>`. */
export const OPTIMADE_PROVIDER_PREFIX = 'nmd';

const open = { additionalProperties: true };

/** MAJOR.MINOR.PATCH with an optional pre-release part, without a leading 'v'. */
const VersionSchema = Type.String({ pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$' });

/** RFC 3339 date and time (the spec's timestamp type). */
export const OptimadeTimestampSchema = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$',
});

/** A JSON:API link: null, a URL, or a link object with `href` and optional `meta`. */
export const OptimadeLinkSchema = Type.Union([
  Type.Null(),
  Type.String(),
  Type.Object({ href: Type.String(), meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
]);

/** Top-level links: `next` is how pagination is done; the others are reserved names. */
export const OptimadeLinksSchema = Type.Object(
  {
    next: Type.Optional(OptimadeLinkSchema),
    prev: Type.Optional(OptimadeLinkSchema),
    first: Type.Optional(OptimadeLinkSchema),
    last: Type.Optional(OptimadeLinkSchema),
    self: Type.Optional(OptimadeLinkSchema),
    base_url: Type.Optional(OptimadeLinkSchema),
    describedby: Type.Optional(OptimadeLinkSchema),
  },
  { additionalProperties: OptimadeLinkSchema },
);

const ProviderSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    prefix: Type.String({ pattern: '^[a-z]([a-z]|[0-9]|_)*$' }),
    homepage: Type.Optional(OptimadeLinkSchema),
  },
  open,
);

const ImplementationSchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    version: Type.Optional(Type.String()),
    homepage: Type.Optional(OptimadeLinkSchema),
    source_url: Type.Optional(OptimadeLinkSchema),
    maintainer: Type.Optional(Type.Object({ email: Type.String() })),
    issue_tracker: Type.Optional(OptimadeLinkSchema),
  },
  open,
);

/** A warning is an error object with `type: "warning"`, a `detail`, and never a `status`. */
const WarningSchema = Type.Object(
  {
    type: Type.Literal('warning'),
    detail: Type.String(),
    id: Type.Optional(Type.String()),
    code: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    status: Type.Optional(Type.Never()),
  },
  open,
);
export type OptimadeWarning = Static<typeof WarningSchema>;

export const OptimadeMetaSchema = Type.Object(
  {
    api_version: VersionSchema,
    query: Type.Object({ representation: Type.String() }, open),
    more_data_available: Type.Boolean(),
    time_stamp: Type.Optional(OptimadeTimestampSchema),
    data_returned: Type.Optional(Type.Integer({ minimum: 0 })),
    data_available: Type.Optional(Type.Integer({ minimum: 0 })),
    last_id: Type.Optional(Type.String()),
    provider: Type.Optional(ProviderSchema),
    implementation: Type.Optional(ImplementationSchema),
    response_message: Type.Optional(Type.String()),
    request_delay: Type.Optional(Type.Number({ minimum: 0 })),
    schema: Type.Optional(OptimadeLinkSchema),
    warnings: Type.Optional(Type.Array(WarningSchema)),
  },
  open,
);
export type OptimadeMeta = Static<typeof OptimadeMetaSchema>;

/** The JSON:API object; `meta.api` names the API the document follows. */
export const JsonApiObjectSchema = Type.Object(
  {
    version: Type.String(),
    meta: Type.Optional(Type.Object({ api: Type.Literal('OPTIMADE'), 'api-version': VersionSchema }, open)),
  },
  open,
);

/** A JSON:API error object: `detail` is required, `status` is the HTTP status as a string. */
const OptimadeErrorSchema = Type.Object(
  {
    id: Type.Optional(Type.String()),
    status: Type.Optional(Type.String({ pattern: '^[1-5][0-9][0-9]$' })),
    code: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    detail: Type.String(),
    source: Type.Optional(
      Type.Object({ pointer: Type.Optional(Type.String()), parameter: Type.Optional(Type.String()) }, open),
    ),
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  open,
);

/** The error document: `errors` and `meta`, and no top-level `data` (it MUST be left out). */
export const OptimadeErrorDocumentSchema = Type.Object(
  {
    errors: Type.Array(OptimadeErrorSchema, { minItems: 1 }),
    meta: OptimadeMetaSchema,
    links: Type.Optional(OptimadeLinksSchema),
    jsonapi: Type.Optional(JsonApiObjectSchema),
  },
  { additionalProperties: false },
);
export type OptimadeErrorDocument = Static<typeof OptimadeErrorDocumentSchema>;

/** A resource object: `type`, `id` and the entry's properties under `attributes`. */
export const optimadeResource = <Kind extends string, Attributes extends TSchema>(
  kind: Kind,
  attributes: Attributes,
) =>
  Type.Object(
    {
      type: Type.Literal(kind),
      id: Type.String({ minLength: 1 }),
      attributes,
      links: Type.Optional(Type.Object({ self: Type.Optional(OptimadeLinkSchema) }, open)),
      meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      relationships: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    },
    { additionalProperties: false },
  );

/** A response document with `data` of the given shape; `meta` is required in every response. */
export const optimadeDocument = <Data extends TSchema>(data: Data) =>
  Type.Object(
    {
      jsonapi: Type.Optional(JsonApiObjectSchema),
      links: Type.Optional(OptimadeLinksSchema),
      meta: OptimadeMetaSchema,
      data,
      included: Type.Optional(Type.Array(Type.Unknown())),
    },
    { additionalProperties: false },
  );

/** Query parameters every endpoint accepts (spec §5.1, version negotiation). */
const commonQuery = {
  response_format: Type.Optional(Type.String()),
  email_address: Type.Optional(Type.String()),
  response_fields: Type.Optional(Type.String()),
  api_hint: Type.Optional(Type.String()),
};

/** Base info, entry info and links take the common parameters; others are reported, not refused. */
export const OptimadeInfoQuerySchema = Type.Object(commonQuery);

/** The single-entry endpoint's parameters (unknown ones are ignored with a warning). */
export const OptimadeEntryQuerySchema = Type.Object({
  ...commonQuery,
  include: Type.Optional(Type.String()),
});

/**
 * Entry listing parameters. `page_limit` has no maximum here: a larger limit than the server allows is a
 * 403 (spec), not a malformed request.
 */
export const OptimadeListQuerySchema = Type.Object({
  ...commonQuery,
  filter: Type.Optional(Type.String()),
  page_limit: Type.Optional(Type.Integer({ minimum: 0 })),
  page_offset: Type.Optional(Type.Integer({ minimum: 0 })),
  page_number: Type.Optional(Type.Integer({ minimum: 1 })),
  sort: Type.Optional(Type.String()),
  include: Type.Optional(Type.String()),
});
export type OptimadeListQuery = Static<typeof OptimadeListQuerySchema>;

export const OptimadeIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1 }) });
