import { Type, type Static } from '@sinclair/typebox';
import { AppConfigSchema } from './apps.ts';

/** One unit per dimension, as a selectable unit system of the GUI (`ui.unit_systems`). */
export const UnitSystemSchema = Type.Object({
  label: Type.String(),
  units: Type.Record(
    Type.String(),
    Type.Object({ definition: Type.String(), locked: Type.Optional(Type.Boolean()) }),
  ),
});

export const UiConfigSchema = Type.Object(
  {
    theme: Type.Optional(Type.Object({ title: Type.String() })),
    unit_systems: Type.Optional(
      Type.Object({
        selected: Type.Optional(Type.String()),
        options: Type.Record(Type.String(), UnitSystemSchema),
      }),
    ),
    apps: Type.Optional(
      Type.Object(
        {
          options: Type.Record(Type.String(), AppConfigSchema),
          include: Type.Optional(Type.Array(Type.String())),
          exclude: Type.Optional(Type.Array(Type.String())),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);
export type UiConfig = Static<typeof UiConfigSchema>;

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
  plugins: Type.Object({}, { additionalProperties: true }),
  dataciteEnabled: Type.Boolean(),
  northEnabled: Type.Optional(Type.Boolean()),
});
export type EnvConfig = Static<typeof EnvConfigSchema>;
