import { Type, type Static } from '@sinclair/typebox';

/**
 * An entry's data definitions as its editor needs them: each section with every quantity and sub-section
 * it has, inherited ones included, in NOMAD's normalized schema form (type as {type_kind, type_data},
 * annotations as lists), sections keyed by a key of their own (a built-in qualified name, or
 * '{schema file}#{path}').
 */
const AnnotationsSchema = Type.Record(Type.String(), Type.Unknown());

export const ResolvedQuantitySchema = Type.Object(
  {
    name: Type.String(),
    description: Type.Optional(Type.String()),
    type: Type.Optional(Type.Object({ type_kind: Type.String(), type_data: Type.Unknown() })),
    shape: Type.Optional(Type.Array(Type.Union([Type.Integer(), Type.String()]))),
    unit: Type.Optional(Type.String()),
    default: Type.Optional(Type.Unknown()),
    m_annotations: Type.Optional(AnnotationsSchema),
    /** Key of the section that defines it (this one or a base section). */
    defined_by: Type.String(),
    /** For references: the key of the section referenced, and the name search knows it by. */
    target_section: Type.Optional(Type.String()),
    target_search_name: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type ResolvedQuantityDefinition = Static<typeof ResolvedQuantitySchema>;

export const ResolvedSubSectionSchema = Type.Object({
  name: Type.String(),
  repeats: Type.Boolean(),
  /** Key of the sub-section's section. */
  section: Type.String(),
  description: Type.Optional(Type.String()),
  m_annotations: Type.Optional(AnnotationsSchema),
});
export type ResolvedSubSectionDefinition = Static<typeof ResolvedSubSectionSchema>;

export const ResolvedSectionSchema = Type.Object({
  name: Type.String(),
  /** The name search knows it by (section_defs.definition_qualified_name). */
  search_name: Type.String(),
  description: Type.Optional(Type.String()),
  /** Keys of the sections it inherits from, directly. */
  base_sections: Type.Array(Type.String()),
  quantities: Type.Array(ResolvedQuantitySchema),
  sub_sections: Type.Array(ResolvedSubSectionSchema),
  m_annotations: Type.Optional(AnnotationsSchema),
});
export type ResolvedSectionDefinition = Static<typeof ResolvedSectionSchema>;

export const EntryDefinitionsResponseSchema = Type.Object({
  entry_id: Type.String(),
  data: Type.Object({
    /** Key of the data section's definition (a schema file without data: its first section's). */
    root: Type.String(),
    /** The root and every section its sub-sections reach, and those the data chooses with m_def. */
    sections: Type.Record(Type.String(), ResolvedSectionSchema),
    /** For an entry with definitions of its own (a schema file): its package's name and sections. */
    package: Type.Optional(
      Type.Object({ name: Type.Optional(Type.String()), sections: Type.Array(Type.String()) }),
    ),
  }),
});
export type EntryDefinitionsResponse = Static<typeof EntryDefinitionsResponseSchema>;
