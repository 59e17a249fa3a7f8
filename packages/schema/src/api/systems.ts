import { Type, type Static } from '@sinclair/typebox';

/** The file formats GET systems/{entry_id} writes (NOMAD's FormatFeature). */
export const SYSTEM_FORMATS = ['cif', 'xyz', 'pdb'] as const;
export type SystemFormat = (typeof SYSTEM_FORMATS)[number];

/** original: positions as stored; wrap: into the cell; unwrap: molecules kept whole across the cell. */
export const WRAP_MODES = ['original', 'wrap', 'unwrap'] as const;
export type WrapMode = (typeof WRAP_MODES)[number];

/** Longest archive path accepted (a few section names and indices; bounds the work of resolving it). */
export const SYSTEM_PATH_MAX_LENGTH = 256;

export const SystemQuerySchema = Type.Object({
  path: Type.String({
    minLength: 1,
    maxLength: SYSTEM_PATH_MAX_LENGTH,
    description: 'Archive path of a system: results/material/topology/{index} or run/{index}/system/{index}',
  }),
  format: Type.Optional(
    Type.Union(
      SYSTEM_FORMATS.map((f) => Type.Literal(f)),
      { default: 'pdb', description: 'File format of the structure' },
    ),
  ),
  wrap_mode: Type.Optional(
    Type.Union(
      WRAP_MODES.map((m) => Type.Literal(m)),
      { default: 'original', description: 'How positions relate to the cell' },
    ),
  ),
});
export type SystemQuery = Static<typeof SystemQuerySchema>;
