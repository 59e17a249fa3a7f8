// 'parsers/archive': NOMAD archive files written by hand or by tools (*.archive.json/yaml/yml).
import { readFileSync } from 'node:fs';
import { posix, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { MainfileParser, ParserInput, ParserOutput } from '../types.ts';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

/** The section name an m_def names: python paths, '#/definitions/...' and '<file>#/...' refs. */
export function sectionNameFromMDef(
  mDef: string,
  archive: JsonObject,
  input?: ParserInput,
): string | undefined {
  const hash = mDef.indexOf('#');
  if (hash < 0) return mDef.split('.').pop() || undefined;
  const filePart = mDef.slice(0, hash);
  const fragment = mDef.slice(hash + 1);
  let source: unknown = archive;
  if (filePart !== '') {
    if (!input) return undefined;
    source = readReferencedArchive(filePart, input);
  }
  if (!fragment.startsWith('/')) return fragment || undefined; // 'schema.archive.yaml#Sample'
  const target = fragment
    .split('/')
    .filter((p) => p !== '')
    .reduce<unknown>(
      (node, part) => (Array.isArray(node) ? node[Number(part)] : isObject(node) ? node[part] : undefined),
      source,
    );
  return isObject(target) && typeof target.name === 'string' ? target.name : undefined;
}

/** Reads an upload-relative reference ('../upload/raw/x.archive.yaml') if it stays inside the upload. */
function readReferencedArchive(ref: string, input: ParserInput): unknown {
  const uploadPrefix = '../upload/raw/';
  const relative = ref.startsWith(uploadPrefix)
    ? ref.slice(uploadPrefix.length)
    : posix.join(posix.dirname(input.mainfile), ref);
  const absolute = resolve(input.rawRoot, relative);
  if (!absolute.startsWith(resolve(input.rawRoot) + sep)) return undefined;
  try {
    return readArchiveObject(readFileSync(absolute, 'utf8'), absolute);
  } catch {
    return undefined;
  }
}

export const archiveParser: MainfileParser = {
  name: 'parsers/archive',
  mainfileName: /(^|\/)[^/]*\.archive\.(json|ya?ml)$/i,
  parse: (input): ParserOutput => {
    const archive = readArchiveObject(input.content.toString('utf8'), input.mainfile);
    // Processing owns metadata and logs; user files only get to name the entry (as in NOMAD).
    const { metadata, processing_logs: _logs, ...sections } = archive;
    const output: ParserOutput = { sections };
    const data = sections.data;
    const definitions = sections.definitions;
    if (isObject(data)) {
      const mDef = typeof data.m_def === 'string' ? data.m_def : undefined;
      const name = mDef ? sectionNameFromMDef(mDef, archive, input) : undefined;
      if (mDef && !name)
        input.log('WARNING', `could not resolve the section definition of data (m_def '${mDef}')`);
      output.entryType = name ?? 'Unknown';
      if (typeof data.name === 'string' && data.name.trim() !== '') output.entryName = data.name;
    } else if (isObject(definitions)) {
      output.entryType = 'Schema';
      if (typeof definitions.name === 'string' && definitions.name.trim() !== '')
        output.entryName = definitions.name;
    }
    if (isObject(metadata) && typeof metadata.entry_name === 'string' && metadata.entry_name.trim() !== '') {
      output.entryName = metadata.entry_name;
    }
    return output;
  },
};
