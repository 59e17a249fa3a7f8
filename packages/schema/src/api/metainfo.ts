import { Type, type Static } from '@sinclair/typebox';

/**
 * The metainfo API: the definitions this installation knows, built-in packages and users' schema files,
 * by qualified name or by the definition id (versionHash) of a user's section definition.
 */

/** At most this many schema files are listed per request (the newest the caller may see). */
export const METAINFO_MAX_SCHEMA_PACKAGES = 100;
export const METAINFO_DEFAULT_SCHEMA_PACKAGES = 20;

export const MetainfoPackagesQuerySchema = Type.Object({
  /** How many users' schema files to list, newest first; 0 lists the built-in packages only. */
  page_size: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: METAINFO_MAX_SCHEMA_PACKAGES,
      default: METAINFO_DEFAULT_SCHEMA_PACKAGES,
    }),
  ),
});

export const MetainfoPackageSchema = Type.Object({
  name: Type.String(),
  /** 'builtin': part of this server's metainfo; 'schema': a user's schema file (an entry). */
  kind: Type.Union([Type.Literal('builtin'), Type.Literal('schema')]),
  /** Top-level section definitions of a built-in package. */
  section_count: Type.Optional(Type.Integer()),
  entry_id: Type.Optional(Type.String()),
  upload_id: Type.Optional(Type.String()),
  mainfile: Type.Optional(Type.String()),
});
export type MetainfoPackage = Static<typeof MetainfoPackageSchema>;

export const MetainfoPackagesResponseSchema = Type.Object({
  data: Type.Array(MetainfoPackageSchema),
});
export type MetainfoPackagesResponse = Static<typeof MetainfoPackagesResponseSchema>;

/** A 40-digit hexadecimal definition id, as NOMAD's section definition ids are written. */
export const DEFINITION_ID_PATTERN = '^[0-9a-f]{40}$';

export const MetainfoDefinitionParamsSchema = Type.Object({
  /** A qualified name ('nomad.datamodel.results.Material.elements') or a definition id. */
  definition: Type.String({ minLength: 1, maxLength: 1000 }),
});

export const MetainfoDefinitionResponseSchema = Type.Object(
  {
    /** What was asked for, as given. */
    definition: Type.String(),
    kind: Type.Union([
      Type.Literal('package'),
      Type.Literal('section'),
      Type.Literal('quantity'),
      Type.Literal('sub_section'),
    ]),
    /** For a user's section (by definition id): the schema file's entry and upload. */
    entry_id: Type.Optional(Type.String()),
    upload_id: Type.Optional(Type.String()),
    /** NOMAD's names: the id of the package as a whole, the section asked for, and all its sections'. */
    snapshot_package_id: Type.Optional(Type.String()),
    snapshot_section_id: Type.Optional(Type.String()),
    snapshot_section_ids: Type.Optional(Type.Array(Type.String())),
    /**
     * The definition in NOMAD's serialized form: for a qualified name the definition itself, for a
     * definition id (as NOMAD answers) the whole package that contains the section.
     */
    data: Type.Unknown(),
  },
  { additionalProperties: false },
);
export type MetainfoDefinitionResponse = Static<typeof MetainfoDefinitionResponseSchema>;
