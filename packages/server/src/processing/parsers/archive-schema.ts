// Section definitions that archive files write themselves (NOMAD's YAML/JSON schemas): finding the one
// an `m_def` names, and reading its quantities and sub-sections in either of NOMAD's two notations
// (`sections: {Name: {...}}` with keyed quantities, or `section_definitions: [{name, ...}]` with lists).
import { readFileSync } from 'node:fs';
import { posix, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ParserInput } from '../types.ts';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The section definition an archive's data is an instance of. */
export interface DataDefinition {
  /** The section's name ('Sample'). */
  name: string;
  /** Qualified name when the m_def is a Python path ('nomad.datamodel.metainfo.eln.ElnBaseSection'). */
  qualifiedName?: string;
  /** Upload path of the archive file whose definitions hold the section (the mainfile for inline ones). */
  definedIn?: string;
  /** The definition as written, and the archive it is written in (to resolve its own references). */
  section?: JsonObject;
  schemaRoot?: JsonObject;
}

/** Parses archive text as JSON or YAML (by file name) into a plain object. */
export function readArchiveObject(text: string, fileName: string): JsonObject {
  const yaml = /\.ya?ml$/i.test(fileName);
  let root: unknown;
  try {
    root = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`archive file is not valid ${yaml ? 'YAML' : 'JSON'}: ${reason}`);
  }
  if (!isObject(root)) {
    const kind = root === null ? 'null' : Array.isArray(root) ? 'a list' : `a ${typeof root}`;
    throw new Error(`archive file must contain an object (a mapping of section names), found ${kind}`);
  }
  return root;
}

/** The section definitions of an archive by name, in both notations. */
const sectionsByName = (root: JsonObject): Map<string, JsonObject> => {
  const found = new Map<string, JsonObject>();
  const definitions = root.definitions;
  if (!isObject(definitions)) return found;
  if (isObject(definitions.sections)) {
    for (const [name, section] of Object.entries(definitions.sections))
      if (isObject(section)) found.set(name, section);
  }
  if (Array.isArray(definitions.section_definitions)) {
    for (const section of definitions.section_definitions)
      if (isObject(section) && typeof section.name === 'string') found.set(section.name, section);
  }
  return found;
};

/** A '#/definitions/...' pointer or a bare section name, within one archive. */
const sectionIn = (
  root: JsonObject,
  reference: string,
): { name: string; section: JsonObject } | undefined => {
  if (!reference.startsWith('/')) {
    const section = sectionsByName(root).get(reference);
    return section ? { name: reference, section } : undefined;
  }
  const parts = reference.split('/').filter((part) => part !== '');
  let node: unknown = root;
  for (const part of parts)
    node = Array.isArray(node) ? node[Number(part)] : isObject(node) ? node[part] : undefined;
  if (!isObject(node)) return undefined;
  // In the keyed notation the pointer ends at the section's key, which is its name.
  const name = typeof node.name === 'string' ? node.name : parts.at(-1);
  return name ? { name, section: node } : undefined;
};

/** Reads an upload-relative reference ('../upload/raw/x.archive.yaml') if it stays inside the upload. */
const readReferencedArchive = (
  reference: string,
  input: ParserInput,
): { path: string; root: JsonObject } | undefined => {
  const uploadPrefix = '../upload/raw/';
  const relative = reference.startsWith(uploadPrefix)
    ? reference.slice(uploadPrefix.length)
    : posix.join(posix.dirname(input.mainfile), reference);
  const absolute = resolve(input.rawRoot, relative);
  if (!absolute.startsWith(resolve(input.rawRoot) + sep)) return undefined;
  try {
    return {
      path: posix.normalize(relative),
      root: readArchiveObject(readFileSync(absolute, 'utf8'), absolute),
    };
  } catch {
    return undefined;
  }
};

/**
 * The definition an m_def names: Python paths, names of sections this archive defines, '#/definitions/...'
 * pointers and '<file>#...' references to other archive files of the upload.
 */
export function resolveSectionDefinition(
  mDef: string,
  archive: JsonObject,
  input?: ParserInput,
): DataDefinition | undefined {
  const hash = mDef.indexOf('#');
  if (hash < 0) {
    const inline = sectionIn(archive, mDef);
    if (inline) return { ...inline, definedIn: input?.mainfile, schemaRoot: archive };
    const name = mDef.split('.').pop();
    if (!name) return undefined;
    return mDef.includes('.') ? { name, qualifiedName: mDef } : { name };
  }
  const filePart = mDef.slice(0, hash);
  const fragment = mDef.slice(hash + 1);
  let root = archive;
  let definedIn = input?.mainfile;
  if (filePart !== '') {
    const referenced = input ? readReferencedArchive(filePart, input) : undefined;
    if (!referenced) return undefined;
    ({ root, path: definedIn } = referenced);
  }
  const found = fragment === '' ? undefined : sectionIn(root, fragment);
  return found ? { ...found, definedIn, schemaRoot: root } : undefined;
}

/** The section name an m_def names, if it can be found. */
export const sectionNameFromMDef = (mDef: string, archive: JsonObject, input?: ParserInput) =>
  resolveSectionDefinition(mDef, archive, input)?.name;

/** The declared type of each quantity of a section definition (as written: 'str', 'np.float64', ...). */
export const quantityTypes = (section: JsonObject): Map<string, unknown> => {
  const types = new Map<string, unknown>();
  const { quantities } = section;
  if (isObject(quantities)) {
    for (const [name, quantity] of Object.entries(quantities))
      types.set(name, isObject(quantity) ? quantity.type : undefined);
  } else if (Array.isArray(quantities)) {
    for (const quantity of quantities)
      if (isObject(quantity) && typeof quantity.name === 'string') types.set(quantity.name, quantity.type);
  }
  return types;
};

/** The section definition of a sub-section, resolved within the archive that defines its parent. */
export const subSectionDefinition = (
  section: JsonObject,
  name: string,
  schemaRoot: JsonObject,
): { name?: string; section: JsonObject } | undefined => {
  const { sub_sections: subSections } = section;
  let declared: unknown;
  if (isObject(subSections)) declared = subSections[name];
  else if (Array.isArray(subSections))
    declared = subSections.find((sub) => isObject(sub) && sub.name === name);
  if (!isObject(declared)) return undefined;
  const target = declared.section ?? declared.sub_section;
  if (isObject(target))
    return { name: typeof target.name === 'string' ? target.name : undefined, section: target };
  if (typeof target !== 'string') return undefined;
  const local = target.startsWith('#') ? target.slice(1) : target;
  return sectionIn(schemaRoot, local);
};
