// Ids of users' section definitions, as NOMAD gives its definitions ids: a 40-digit SHA-1 of the
// definition's content. Equal definitions (in any file) have equal ids; any change gives a new one, so an
// id names one version of a section (a '@versionHash' in a reference, GET metainfo/{id}).
import { createHash } from 'node:crypto';
import { isObject } from '../parsers/archive-schema.ts';

/** Inner sections nest no deeper than this (a normalized schema is far shallower). */
const MAX_DEPTH = 32;

/** JSON with every object's keys in sorted order: the same definition always gives the same text. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
};

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** The id of a section definition (its inner sections included) or of a whole package. */
export const definitionId = (definition: unknown): string => sha1(canonicalJson(definition));

export interface SectionDefinitionId {
  /** The section's path in the archive ('/definitions/section_definitions/0/inner_section_definitions/1'). */
  path: string;
  definition_id: string;
}

const listAt = (section: unknown, key: string): unknown[] =>
  isObject(section) && Array.isArray(section[key]) ? section[key] : [];

/** Every section definition of a normalized package, inner ones included, with its path and id. */
export const sectionDefinitionIds = (definitions: unknown): SectionDefinitionId[] => {
  const ids: SectionDefinitionId[] = [];
  const visit = (sections: unknown[], at: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    sections.forEach((section, index) => {
      if (!isObject(section)) return;
      const path = `${at}/${index}`;
      ids.push({ path, definition_id: definitionId(section) });
      visit(listAt(section, 'inner_section_definitions'), `${path}/inner_section_definitions`, depth + 1);
    });
  };
  visit(listAt(definitions, 'section_definitions'), '/definitions/section_definitions', 0);
  return ids;
};
