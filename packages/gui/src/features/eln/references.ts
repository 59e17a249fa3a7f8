import { parseNomadUrl } from '@oasis/schema';

/**
 * Reference values as NOMAD's reference editor writes them: the data of an entry of any upload,
 * '../uploads/{upload_id}/archive/{entry_id}#/data'; values of the same upload may also be written
 * '../upload/archive/{entry_id}#...'.
 */
export const entryReference = (uploadId: string, entryId: string) =>
  `../uploads/${uploadId}/archive/${entryId}#/data`;

/** The entry a reference value points to: by id, or by its upload and mainfile (NOMAD's other spelling). */
export type ReferencedEntry = { entryId: string } | { uploadId: string; mainfile: string };

/**
 * The entry a reference value points to, `ownUploadId` standing for the referring upload
 * ('../upload/archive/mainfile/sample.archive.yaml#data'); undefined when it names none.
 */
export const referencedEntry = (value: unknown, ownUploadId: string): ReferencedEntry | undefined => {
  try {
    const url = parseNomadUrl(value);
    if (url.kind !== 'archive') return undefined;
    if (url.entryId !== undefined) return { entryId: url.entryId };
    return url.mainfile !== undefined
      ? { uploadId: url.uploadId ?? ownUploadId, mainfile: url.mainfile }
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The m_def a new entry of a section names, written in its own upload: a built-in qualified name, or the
 * schema file of that upload ('{file}#{path}' keys, as the definitions call name sections).
 */
export const mDefOfSection = (key: string): string => {
  const hash = key.indexOf('#');
  // Built-in, or a schema of another upload ('../uploads/{id}/raw/...'), named as it is.
  if (hash < 0 || key.startsWith('../uploads/')) return key;
  return `../upload/raw/${key.slice(0, hash)}#${key.slice(hash + 1)}`;
};

/**
 * The m_def of a new entry of a section in `targetUploadId`, the section's key as the definitions of an
 * entry of `schemaUploadId` name it: in the same upload as mDefOfSection writes it, elsewhere through
 * the schema's upload ('../uploads/{id}/raw/{file}#...').
 */
export const mDefOfSectionIn = (key: string, schemaUploadId: string, targetUploadId: string): string => {
  const own = mDefOfSection(key);
  return targetUploadId === schemaUploadId || !own.startsWith('../upload/raw/')
    ? own
    : `../uploads/${schemaUploadId}/raw/${own.slice('../upload/raw/'.length)}`;
};
