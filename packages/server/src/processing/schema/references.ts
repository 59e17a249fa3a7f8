// Where a schema's section reference points: a built-in section ('nomad.datamodel.data.EntryData'), or a
// section definition of an archive file in this upload, in every notation NOMAD accepts ('Name', '#Name',
// '#/Name', '#/definitions/section_definitions/0', '#/definitions/sections/Name', and any of these after
// '../upload/raw/{path}', a path relative to the referring file, or another upload's
// '../uploads/{id}/raw/{path}').
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
const OTHER_UPLOAD_RAW_PATTERN = String.raw`\.\./uploads/([A-Za-z0-9_-]+)/raw/`;
const OTHER_UPLOAD_RAW = new RegExp(`^${OTHER_UPLOAD_RAW_PATTERN}`);

/** The ids of the other uploads whose raw files a text names ('../uploads/{id}/raw/...'). */
export const otherUploadsIn = (text: string): Set<string> =>
  new Set([...text.matchAll(new RegExp(OTHER_UPLOAD_RAW_PATTERN, 'g'))].map((match) => match[1]!));

/**
 * Files of this upload are keyed by their upload path; files of another upload by
 * '../uploads/{upload_id}/raw/{path}', as NOMAD refers to them. The key's upload part and path.
 */
export const splitFileKey = (key: string): { prefix: string; path: string; uploadId?: string } => {
  const other = OTHER_UPLOAD_RAW.exec(key);
  return other
    ? { prefix: other[0], path: key.slice(other[0].length), uploadId: other[1]! }
    : { prefix: '', path: key };
};

/** A path inside an upload's raw folder, or undefined when it would leave it. */
const inside = (path: string) => {
  const normalized = posix.normalize(path);
  return normalized.startsWith('../') || normalized === '..' || posix.isAbsolute(normalized)
    ? undefined
    : normalized;
};

/**
 * The file key a reference's file part names, from the referring file: in the referring file's upload
 * ('../upload/raw/{path}', or a path relative to the referring file) or in another upload
 * ('../uploads/{id}/raw/{path}'); undefined when it leaves its upload or names an archive.
 */
export const referencedFile = (filePart: string, from: string): string | undefined => {
  const other = OTHER_UPLOAD_RAW.exec(filePart);
  if (other) {
    const path = inside(filePart.slice(other[0].length));
    return path === undefined ? undefined : `${other[0]}${path}`;
  }
  if (/^\.\.\/uploads?\/[^/]+\/(raw|archive)\//.test(filePart) && !filePart.startsWith(UPLOAD_RAW))
    return undefined;
  const referring = splitFileKey(from);
  const path = inside(
    filePart.startsWith(UPLOAD_RAW)
      ? filePart.slice(UPLOAD_RAW.length)
      : posix.join(posix.dirname(referring.path), filePart),
  );
  return path === undefined ? undefined : `${referring.prefix}${path}`;
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

/**
 * How the section at `path` of the file `file` is referred to from the file `from`: '#{path}' in the same
 * file, '../upload/raw/{file}#{path}' in the same upload, '../uploads/{id}/raw/{file}#{path}' in another.
 */
export const sectionReference = (file: string, path: string, from: string): string => {
  if (file === from) return `#${path}`;
  const target = splitFileKey(file);
  return target.prefix !== '' && target.prefix !== splitFileKey(from).prefix
    ? `${file}#${path}`
    : `${UPLOAD_RAW}${target.path}#${path}`;
};

/** The normalized form of a reference to `target`, as written in the file `from`. */
export const normalizedReference = (target: SectionTarget, from: string): string =>
  target.kind === 'builtin' ? target.qualifiedName : sectionReference(target.file, target.section.path, from);
