// Definitions named through an archive ('../upload/archive/{entry_id}#/definitions/...',
// '../uploads/{id}/archive/mainfile/{path}#/definitions/...'): an archive file's processed definitions are
// its mainfile's, so such a reference is read as the same reference to the mainfile's raw form. References
// into an archive's data ('#/data/...') are entries' data, not definitions, and stay as written.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateEntryId } from '../ids.ts';
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';

const ARCHIVE_FORM =
  /^\.\.\/(?:upload|uploads\/([A-Za-z0-9_-]+))\/archive\/(?:mainfile\/([^#]+)|([A-Za-z0-9_-]+))(#\/?definitions(?:\/.*)?)$/;

/** Archive files looked at per upload to find an entry id's mainfile. */
const MAX_LISTED_FILES = 10_000;
const ARCHIVE_FILE = /\.archive\.(json|ya?ml)$/i;
/** Strings visited per archive (a generated archive is rewritten in part, not hung on). */
const MAX_VISITED = 200_000;

/** An upload's archive files by entry id (the mainfile an entry id stands for). */
export type EntryMainfiles = (uploadId: string) => Map<string, string>;

/**
 * The archive files under an upload's raw folder by their entry ids, listed once per upload and bounded;
 * symbolic links are not followed (a processed entry's mainfile is a file of its upload).
 */
export const rawEntryMainfiles = (rawFolderOf: (uploadId: string) => string | undefined): EntryMainfiles => {
  const listed = new Map<string, Map<string, string>>();
  return (uploadId) => {
    const known = listed.get(uploadId);
    if (known) return known;
    const mainfiles = new Map<string, string>();
    const root = rawFolderOf(uploadId);
    let seen = 0;
    const walk = (folder: string, prefix: string) => {
      let names;
      try {
        names = readdirSync(join(root!, folder), { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of names) {
        if (++seen > MAX_LISTED_FILES) return;
        const path = prefix + entry.name;
        if (entry.isDirectory()) walk(path, `${path}/`);
        else if (entry.isFile() && ARCHIVE_FILE.test(entry.name))
          mainfiles.set(generateEntryId(uploadId, path), path);
      }
    };
    if (root !== undefined) walk('', '');
    listed.set(uploadId, mainfiles);
    return mainfiles;
  };
};

/**
 * The raw form of a definitions reference through an archive, seen from an upload (`ownUploadId`, the
 * upload of the file the reference is in); undefined for any other string, or an entry id that is no
 * archive file of its upload.
 */
export const rawFormOf = (
  reference: string,
  ownUploadId: string | undefined,
  mainfiles: EntryMainfiles,
): string | undefined => {
  const match = ARCHIVE_FORM.exec(reference);
  if (!match) return undefined;
  const [, otherUpload, mainfile, entryId, fragment] = match;
  const uploadId = otherUpload ?? ownUploadId;
  const path = mainfile ?? (uploadId && entryId ? mainfiles(uploadId).get(entryId) : undefined);
  if (path === undefined) return undefined;
  return otherUpload
    ? `../uploads/${otherUpload}/raw/${path}${fragment}`
    : `../upload/raw/${path}${fragment}`;
};

/** The archive with its definitions references through archives in raw form (a copy where one changed). */
export const withRawDefinitionForms = (
  archive: JsonObject,
  ownUploadId: string | undefined,
  mainfiles: EntryMainfiles,
): JsonObject => {
  let visited = 0;
  const visit = (value: unknown): unknown => {
    if (++visited > MAX_VISITED) return value;
    if (typeof value === 'string')
      return value.includes('/archive/') ? (rawFormOf(value, ownUploadId, mainfiles) ?? value) : value;
    if (Array.isArray(value)) {
      const items = value.map(visit);
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (!isObject(value)) return value;
    const entries = Object.entries(value).map(([key, item]) => [key, visit(item)] as const);
    return entries.some(([key, item]) => item !== value[key]) ? Object.fromEntries(entries) : value;
  };
  return visit(archive) as JsonObject;
};
