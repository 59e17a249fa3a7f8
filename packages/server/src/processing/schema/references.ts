// Where a schema's section reference points: a built-in section ('nomad.datamodel.data.EntryData'), or a
// section definition of an archive file in this upload, in every notation NOMAD accepts ('Name', '#Name',
// '#/Name', '#/definitions/section_definitions/0', '#/definitions/sections/Name', and any of these after
// '../upload/raw/{path}' or a path relative to the referring file).
import { posix } from 'node:path';
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';
import { builtinSection } from './builtin-sections.ts';
import { rawSections, type RawSection } from './raw-definitions.ts';

/** A section definition of an archive file of the upload: the file's upload path and the section's. */
interface UserTarget {
  kind: 'user';
  file: string;
  section: RawSection;
}

export type SectionTarget = { kind: 'builtin'; qualifiedName: string } | UserTarget;

/** The upload's archive files' definitions, each read once per processing (undefined: none, or unreadable). */
export type DefinitionFiles = (path: string) => RawSection[] | undefined;

/** Reads the raw sections of a file's `definitions` (memoized by the caller's file reader). */
export const sectionsOfRoot = (root: JsonObject): RawSection[] =>
  isObject(root.definitions) ? rawSections(root.definitions) : [];

const UPLOAD_RAW = '../upload/raw/';

/** The upload path a reference's file part names, from the referring file; undefined when outside. */
export const referencedFile = (filePart: string, from: string): string | undefined => {
  if (/^\.\.\/uploads?\/[^/]+\/(raw|archive)\//.test(filePart) && !filePart.startsWith(UPLOAD_RAW))
    return undefined;
  const joined = filePart.startsWith(UPLOAD_RAW)
    ? filePart.slice(UPLOAD_RAW.length)
    : posix.join(posix.dirname(from), filePart);
  const path = posix.normalize(joined);
  return path.startsWith('../') || path === '..' || posix.isAbsolute(path) ? undefined : path;
};

/**
 * The section a fragment names within one file's sections: a name ('Name', '/Name'), a path of the
 * normalized package, or one with a name in place of the index ('definitions/section_definitions/Name',
 * with or without the leading '/', as NOMAD also accepts).
 */
const sectionIn = (sections: RawSection[], fragment: string): RawSection | undefined => {
  const pointer = `/${fragment.replace(/^\//, '')}`;
  const named = /^\/definitions\/(?:section_definitions|sections)\/([^/]+)$/.exec(pointer);
  if (named && !/^\d+$/.test(named[1]!)) return sections.find((section) => section.name === named[1]);
  if (pointer.startsWith('/definitions/')) return sections.find((section) => section.path === pointer);
  return sections.find((section) => section.name === pointer.slice(1));
};

/**
 * The section a reference names, seen from the file `from`; undefined when it cannot be found (the
 * caller says which definition made it).
 */
export const resolveSectionReference = (
  reference: string,
  from: string,
  files: DefinitionFiles,
): SectionTarget | undefined => {
  const hash = reference.indexOf('#');
  if (hash < 0) {
    const builtin = builtinSection(reference);
    if (builtin) return { kind: 'builtin', qualifiedName: builtin.qualifiedName };
    const own = sectionIn(files(from) ?? [], reference);
    return own ? { kind: 'user', file: from, section: own } : undefined;
  }
  const filePart = reference.slice(0, hash);
  const file = filePart === '' ? from : referencedFile(filePart, from);
  if (file === undefined) return undefined;
  const section = sectionIn(files(file) ?? [], reference.slice(hash + 1));
  return section ? { kind: 'user', file, section } : undefined;
};

/** The normalized form of a reference to `target`, as written in the file `from`. */
export const normalizedReference = (target: SectionTarget, from: string): string => {
  if (target.kind === 'builtin') return target.qualifiedName;
  return target.file === from
    ? `#${target.section.path}`
    : `${UPLOAD_RAW}${target.file}#${target.section.path}`;
};
