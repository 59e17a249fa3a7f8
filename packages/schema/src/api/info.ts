import { Type, type Static } from '@sinclair/typebox';

const open = { additionalProperties: true };

/** A plugin entry point as NOMAD lists it (its non-confidential fields): parsers, example uploads, ... */
const PluginEntryPointSchema = Type.Object(
  {
    id: Type.String(),
    entry_point_type: Type.String(),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    plugin_package: Type.Optional(Type.String()),
  },
  open,
);

/** An installed plugin package with the ids of its entry points. */
const PluginPackageSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.Optional(Type.String()),
    version: Type.Optional(Type.String()),
    homepage: Type.Optional(Type.String()),
    documentation: Type.Optional(Type.String()),
    repository: Type.Optional(Type.String()),
    entry_points: Type.Array(Type.String()),
  },
  open,
);

export const InfoResponseSchema = Type.Object(
  {
    version: Type.String(),
    deployment: Type.String(),
    oasis: Type.Boolean(),
    parsers: Type.Array(Type.String()),
    metainfo_packages: Type.Array(Type.String()),
    codes: Type.Array(Type.Object({ code_name: Type.String(), code_homepage: Type.Optional(Type.String()) })),
    normalizers: Type.Array(Type.String()),
    plugin_entry_points: Type.Array(PluginEntryPointSchema),
    plugin_packages: Type.Array(PluginPackageSchema),
    statistics: Type.Object(
      {
        n_entries: Type.Integer(),
        n_uploads: Type.Integer(),
        n_users: Type.Integer(),
        n_materials: Type.Integer(),
      },
      open,
    ),
    /** Every search quantity by name; `many` when it holds several values per entry. */
    search_quantities: Type.Record(
      Type.String(),
      Type.Object({ name: Type.String(), description: Type.Optional(Type.String()), many: Type.Boolean() }),
    ),
    /** Always empty: NOMAD keeps it for older GUIs. */
    git: Type.Object({}, open),
  },
  open,
);
export type InfoResponse = Static<typeof InfoResponseSchema>;
