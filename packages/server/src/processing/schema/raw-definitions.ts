// The section definitions of an archive file as its author wrote them, in either of NOMAD's notations
// (`sections: {Name: {...}}` with keyed quantities, or `section_definitions: [{name, ...}]` with lists),
// and where each will stand once normalized ('/definitions/section_definitions/1/inner_section_definitions/0').
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';

/** A section definition as written, with its name and the path it gets in the normalized package. */
export interface RawSection {
  name: string;
  path: string;
  body: JsonObject;
}

/** The named items of a keyed (`{name: {...}}`) or listed (`[{name, ...}]`) collection, in order. */
export const namedItems = (collection: unknown): [string, unknown][] => {
  if (isObject(collection)) return Object.entries(collection);
  if (!Array.isArray(collection)) return [];
  return collection.flatMap((item): [string, unknown][] =>
    isObject(item) && typeof item.name === 'string' ? [[item.name, item]] : [],
  );
};

/** A section's own inner definitions: `inner_section_definitions`, or NOMAD's older `section_definitions`. */
const innerDefinitions = (body: JsonObject): [string, unknown][] => [
  ...namedItems(body.inner_section_definitions),
  ...namedItems(body.section_definitions),
];

/**
 * Every section definition of a package, top-level ones first, then inner ones depth first; the paths
 * are those normalize.ts gives them. Inline sub-section definitions are not listed (they have no name
 * to be referred to by).
 */
export const rawSections = (definitions: JsonObject): RawSection[] => {
  const found: RawSection[] = [];
  const top = [...namedItems(definitions.sections), ...namedItems(definitions.section_definitions)];
  const visit = (items: [string, unknown][], prefix: string, key: string) => {
    let index = 0;
    for (const [name, body] of items) {
      if (!isObject(body)) continue;
      const path = `${prefix}/${key}/${index++}`;
      found.push({ name, path, body });
    }
  };
  visit(top, '/definitions', 'section_definitions');
  for (let at = 0; at < found.length; at++) {
    const { body, path } = found[at]!;
    visit(innerDefinitions(body), path, 'inner_section_definitions');
  }
  return found;
};

/** The inner definitions of a section, in the order rawSections numbers them. */
export const innerSectionsOf = (body: JsonObject): [string, JsonObject][] =>
  innerDefinitions(body).filter((item): item is [string, JsonObject] => isObject(item[1]));
