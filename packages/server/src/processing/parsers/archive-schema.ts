// Reading archive files (NOMAD's *.archive.json|yaml), and what their `data` is an instance of.
import { parse as parseYaml } from 'yaml';
import type { ResolvedSection } from '../schema/resolve.ts';

/** The parser of NOMAD archive files: the only one whose entries define sections or use schemas. */
export const ARCHIVE_PARSER = 'parsers/archive';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The section definition an archive's data is an instance of. */
export interface DataDefinition {
  /** The section's name ('Sample'). */
  name: string;
  /** Qualified name when the m_def is a Python path ('nomad.datamodel.metainfo.eln.ElnBaseSection'). */
  qualifiedName?: string;
  /** The section, when it is one of the upload's schemas or a built-in one (its data was checked). */
  section?: ResolvedSection;
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
