import { createHash } from 'node:crypto';
import type { ColumnParts } from './column.ts';
import type { ColumnImage } from './column-image.ts';
import { FREE_TEXT, FREE_TEXT_SOURCES } from './free-text.ts';
import { UPLOAD_KEYS, type SearchIndex, type UploadAccess } from './search-index.ts';

/** What a snapshot keeps of an upload slot: its id, access facts and its part of the search document. */
export interface UploadImage {
  upload_id: string;
  access: (Omit<UploadAccess, 'members'> & { members: string[] }) | null;
  doc: Record<string, unknown> | null;
}

/** The index's state at one moment, copied so that syncs may go on while it is written. */
export interface IndexCapture {
  entryIds: readonly string[];
  /** Rows of entries still present (deleted entries keep their row until a rebuild), ascending. */
  live: Int32Array;
  searchable: Uint8Array;
  uploadOf: Int32Array;
  uploads: UploadImage[];
  /** In the order of index.quantities, with the number of slots of their scope. */
  columns: { parts: ColumnParts; scope: 'entry' | 'upload' }[];
}

/** The index as a snapshot holds it: only present entries, rows renumbered in order. */
export interface IndexImage {
  entryIds: string[];
  searchable: Uint8Array;
  uploadOf: Int32Array;
  uploads: UploadImage[];
  columns: ColumnImage[];
}

/**
 * What decides how documents become columns: the quantities with their paths and scope, and the free-text
 * sources. A snapshot written under another layout cannot be read into this index.
 */
export const layoutFingerprint = (index: SearchIndex): string => {
  const layout = {
    quantities: [...index.quantities.values()].map(({ quantity, path, scope }) => [
      quantity.name,
      quantity.type,
      path.join('.'),
      scope,
    ]),
    freeText: [FREE_TEXT, ...[...FREE_TEXT_SOURCES].sort()],
    uploadKeys: [...UPLOAD_KEYS].sort(),
  };
  return createHash('sha256').update(JSON.stringify(layout)).digest('hex');
};

/** Synchronous, so no sync pass interleaves; copies typed arrays (memcpy) and array shells only. */
export const captureIndex = (index: SearchIndex): IndexCapture => {
  const rows = index.rowCount;
  const present = new Uint8Array(rows);
  for (const row of index.rowOf.values()) present[row] = 1;
  const live = new Int32Array(index.rowOf.size);
  let n = 0;
  for (let row = 0; row < rows; row++) if (present[row]) live[n++] = row;
  const uploadIds: string[] = [];
  for (const [uploadId, slot] of index.uploadSlotOf) uploadIds[slot] = uploadId;
  const slots = index.uploads.length;
  return {
    entryIds: index.entryIds.slice(),
    live,
    searchable: index.searchable.slice(0, rows),
    uploadOf: Int32Array.from(index.uploadOf),
    uploads: uploadIds.map((upload_id, slot) => {
      const access = index.uploads[slot];
      return {
        upload_id,
        access: access ? { ...access, members: [...access.members] } : null,
        doc: index.uploadDocs[slot] ?? null,
      };
    }),
    columns: [...index.quantities.values()].map(({ column, scope }) => ({
      parts: column.capture(scope === 'entry' ? rows : slots),
      scope,
    })),
  };
};

/** Fills an empty index from a validated snapshot image. */
export const restoreIndex = (index: SearchIndex, image: IndexImage): void => {
  if (index.rowCount > 0 || index.uploads.length > 0) throw new Error('restoreIndex needs an empty index');
  image.uploads.forEach(({ upload_id, access, doc }, slot) => {
    index.uploadSlotOf.set(upload_id, slot);
    index.uploads.push(access ? { ...access, members: new Set(access.members) } : undefined);
    index.uploadDocs.push(doc ?? undefined);
  });
  const rows = image.entryIds.length;
  index.searchable = new Uint8Array(Math.max(1024, rows));
  index.searchable.set(image.searchable);
  for (let row = 0; row < rows; row++) {
    const entryId = image.entryIds[row]!;
    index.entryIds.push(entryId);
    index.rowOf.set(entryId, row);
    index.uploadOf.push(image.uploadOf[row]!);
  }
  [...index.quantities.values()].forEach(({ column }, i) => {
    const { values, single, counts, pool } = image.columns[i]!;
    column.restore(values, single, counts, pool);
  });
};

/** The entry-level arrays of the rows still present, renumbered in order. */
export const compactRows = ({ entryIds, live, searchable, uploadOf }: IndexCapture) => ({
  entryIds: Array.from(live, (row) => entryIds[row]!),
  searchable: Uint8Array.from(live, (row) => searchable[row]!),
  uploadOf: Int32Array.from(live, (row) => uploadOf[row]!),
});
