import { builtinElnSchemas, ELN_CATEGORIES, type BuiltinElnSchema } from '@oasis/schema';
import { isObject, type Json } from './elnModel.ts';

/**
 * What 'Create from schema' offers (spec 3 §5) and what it writes: the built-in entry types by category,
 * the entry types of the upload's own schema files, and the new file's name and first content.
 */

/** A section of a schema file of the upload that can be an entry's data. */
export interface CustomSchema {
  /** The m_def a new entry names: '../upload/raw/{mainfile}#/definitions/section_definitions/{i}'. */
  reference: string;
  name: string;
  mainfile: string;
  entryId: string;
  /** The section's `template` annotation: what a new entry's data starts with. */
  template: Record<string, unknown>;
}

const ENTRY_DATA = new Set(['nomad.datamodel.data.EntryData', 'nomad.datamodel.EntryData']);
const BUILTIN_ENTRY_TYPES = new Set(builtinElnSchemas.map((schema) => schema.qualifiedName));

/** Built-in entry types sorted by category order, then label. */
export const builtinChoices = (): BuiltinElnSchema[] =>
  [...builtinElnSchemas].sort(
    (a, b) =>
      ELN_CATEGORIES.indexOf(a.category) - ELN_CATEGORIES.indexOf(b.category) ||
      a.label.localeCompare(b.label),
  );

/**
 * The sections of a schema file's normalized definitions that are entry types: they inherit
 * EntryData (or a built-in entry type), directly or through the file's own sections.
 */
export const entryTypesOf = (definitions: unknown, mainfile: string, entryId: string): CustomSchema[] => {
  const sections =
    isObject(definitions) && Array.isArray(definitions.section_definitions)
      ? definitions.section_definitions
      : [];
  const isEntryType = (index: number, seen: Set<number>): boolean => {
    const section: unknown = sections[index];
    if (!isObject(section) || seen.has(index)) return false;
    seen.add(index);
    const bases = Array.isArray(section.base_sections) ? section.base_sections.map(String) : [];
    return bases.some((base) => {
      if (ENTRY_DATA.has(base) || BUILTIN_ENTRY_TYPES.has(base)) return true;
      const own = /^#\/definitions\/section_definitions\/(\d+)$/.exec(base);
      return own ? isEntryType(Number(own[1]), seen) : false;
    });
  };
  return sections.flatMap((section, index): CustomSchema[] => {
    if (!isObject(section) || typeof section.name !== 'string' || !isEntryType(index, new Set())) return [];
    const annotations = isObject(section.m_annotations) ? section.m_annotations.template : undefined;
    const template: unknown = Array.isArray(annotations) ? annotations[0] : annotations;
    return [
      {
        reference: `../upload/raw/${mainfile}#/definitions/section_definitions/${index}`,
        name: section.name,
        mainfile,
        entryId,
        template: isObject(template) ? template : {},
      },
    ];
  });
};

/** The mainfile a new entry gets: spaces become underscores, '.archive.json' is added. */
export const newEntryFileName = (name: string) => `${name.trim().replace(/ /g, '_')}.archive.json`;

/** The first content of the new entry's file. */
export const newEntryArchive = (mDef: string, template: Json = {}) => ({
  data: { ...template, m_def: mDef },
});
