import { Type, type Static } from '@sinclair/typebox';
import { AppConfigSchema } from './apps.ts';
import { open } from './fields.ts';

/** One unit per dimension, as a selectable unit system of the GUI (`ui.unit_systems`). */
export const UnitSystemSchema = Type.Object(
  {
    label: Type.String(),
    units: Type.Record(
      Type.String(),
      Type.Object({ definition: Type.String({ minLength: 1 }), locked: Type.Optional(Type.Boolean()) }, open),
    ),
  },
  open,
);

/** NOMAD's way of choosing among configured options: `include` (a subset, in order), minus `exclude`. */
const selection = {
  include: Type.Optional(Type.Array(Type.String())),
  exclude: Type.Optional(Type.Array(Type.String())),
};

/**
 * The `ui` section of nomad.yaml, as NOMAD's env.json carries it: apps (apps.ts, widgets.ts), unit systems,
 * entry page cards, theme, NORTH and example uploads. The server validates it at start and passes it to
 * the GUI with the defaults filled in.
 */
export const UiConfigSchema = Type.Object(
  {
    app_base: Type.Optional(Type.String()),
    north_base: Type.Optional(Type.String()),
    theme: Type.Optional(Type.Object({ title: Type.String() }, open)),
    unit_systems: Type.Optional(
      Type.Object(
        {
          selected: Type.Optional(Type.String()),
          options: Type.Record(Type.String(), UnitSystemSchema),
          ...selection,
        },
        open,
      ),
    ),
    entry: Type.Optional(
      Type.Object(
        {
          cards: Type.Optional(
            Type.Object(
              {
                options: Type.Optional(
                  Type.Record(Type.String(), Type.Object({ error: Type.Optional(Type.String()) }, open)),
                ),
                ...selection,
              },
              open,
            ),
          ),
        },
        open,
      ),
    ),
    apps: Type.Optional(
      Type.Object({ options: Type.Record(Type.String(), AppConfigSchema), ...selection }, open),
    ),
    north: Type.Optional(Type.Object({ enabled: Type.Optional(Type.Boolean()) }, open)),
    example_uploads: Type.Optional(
      Type.Object(
        { options: Type.Optional(Type.Record(Type.String(), Type.Object({}, open))), ...selection },
        open,
      ),
    ),
  },
  open,
);
export type UiConfig = Static<typeof UiConfigSchema>;

/** An example upload offered by 'Add Example Uploads' (NOMAD's `example_upload` entry point). */
export const ExampleUploadSchema = Type.Object(
  {
    id: Type.String(),
    entry_point_type: Type.Literal('example_upload'),
    title: Type.String(),
    description: Type.String(),
    category: Type.String(),
    local_path: Type.Optional(
      Type.String({ description: 'Zip file or folder, relative to the examples folder' }),
    ),
  },
  open,
);
export type ExampleUpload = Static<typeof ExampleUploadSchema>;

/** Entry points of plugins as env.json carries them; the oasis's own examples appear as example uploads. */
export const PluginsEnvSchema = Type.Object(
  {
    entry_points: Type.Optional(
      Type.Object(
        {
          options: Type.Optional(
            Type.Record(Type.String(), Type.Union([ExampleUploadSchema, Type.Object({}, open)])),
          ),
        },
        open,
      ),
    ),
  },
  open,
);

/**
 * The installation's APIs, for the APIs page (spec 1 §2.2); an API it does not have is left out. Not in
 * NOMAD's env, whose GUI assumes NOMAD's own set.
 */
export const ApiLinksSchema = Type.Object({
  docs: Type.String({ description: "The NOMAD API's interactive documentation page" }),
  openapi: Type.String({ description: "The NOMAD API's OpenAPI document" }),
  optimade: Type.Optional(Type.String({ description: 'Base URL of the OPTIMADE API (versioned, with /)' })),
  dcat: Type.Optional(Type.String({ description: 'Base URL of the DCAT catalogue-vocabulary API' })),
  resources: Type.Optional(Type.String({ description: 'Docs page of the resources-links API' })),
});
export type ApiLinks = Static<typeof ApiLinksSchema>;

/**
 * The runtime configuration the GUI reads from the server (`window.nomadEnv`, served as `gui/env.js`),
 * field names as NOMAD's so one GUI build serves any installation.
 */
export const EnvConfigSchema = Type.Object({
  appBase: Type.String({ description: 'Origin plus base path, e.g. http://localhost:8000/nomad-oasis' }),
  northBase: Type.String(),
  keycloakBase: Type.String({ description: 'Identity provider base URL, ending with a slash' }),
  keycloakRealm: Type.String(),
  keycloakClientId: Type.String(),
  debug: Type.Boolean(),
  encyclopediaBase: Type.String(),
  oasis: Type.Boolean(),
  version: Type.Object(
    {
      label: Type.Optional(Type.String()),
      isBeta: Type.Optional(Type.Boolean()),
      isTest: Type.Optional(Type.Boolean()),
      usesBetaData: Type.Optional(Type.Boolean()),
      officialUrl: Type.Optional(Type.String()),
    },
    { additionalProperties: true },
  ),
  globalLoginRequired: Type.Boolean(),
  servicesUploadLimit: Type.Integer(),
  appTokenMaxExpiresIn: Type.Integer(),
  uploadMembersGroupSearchEnabled: Type.Boolean(),
  ui: UiConfigSchema,
  plugins: PluginsEnvSchema,
  dataciteEnabled: Type.Boolean(),
  northEnabled: Type.Optional(Type.Boolean()),
  /** The API of the installation uploads can be published to ('Publish to central NOMAD'), when configured. */
  centralNomadUrl: Type.Optional(Type.String()),
  apis: Type.Optional(ApiLinksSchema),
});
export type EnvConfig = Static<typeof EnvConfigSchema>;
