import { createHash } from 'node:crypto';
import type { ColumnImage } from './column-image.ts';
import { startsOf } from './column.ts';
import { TextsBuilder } from './list-text.ts';
import { PendingValues } from './pending-values.ts';
import { FREE_TEXT, FREE_TEXT_SOURCES } from './free-text.ts';
import type { NestedItem } from './nested.ts';
import { ROW, UPLOAD_KEYS, type SearchIndex, type UploadAccess } from './search-index.ts';
import { inSteps } from './turns.ts';
import type { ValueList } from './value-list.ts';

/** What a snapshot keeps of an upload slot: its id, access facts and its part of the search document. */
export interface UploadImage {
  upload_id: string;
  access: (Omit<UploadAccess, 'members'> & { members: string[] }) | null;
  doc: Record<string, unknown> | null;
}

/**
 * The entries and uploads of the index at one moment (a sync position), copied; the columns are read
 * later, one at a time while syncs go on (see writeSnapshotFile).
 */
export interface IndexCapture {
  /** The index's own list: it only grows, so the rows captured keep their ids. */
  entryIds: ValueList<string>;
  /** Rows of entries still present (deleted entries keep their row until a rebuild), ascending. */
  live: Int32Array;
  searchable: Uint8Array;
  uploadOf: Int32Array;
  uploads: UploadImage[];
  /** The items of nested sections per row (arrays that are replaced, never changed, so shared). */
  nested: Map<string, readonly (NestedItem[] | undefined)[]>;
  /** Entry rows and upload slots then: columns are read up to these. */
  rows: number;
  slots: number;
}

/** A nested section's items, for the rows that have any (ascending). */
export interface NestedImage {
  section: string;
  rows: Int32Array;
  items: NestedItem[][];
}

/** The index as a snapshot holds it: only present entries, rows renumbered in order. */
export interface IndexImage {
  entryIds: PendingValues;
  searchable: Uint8Array;
  uploadOf: Int32Array;
  uploads: UploadImage[];
  nested: NestedImage[];
  columns: ColumnImage[];
}

/**
 * The access facts a snapshot keeps of each upload. Part of the fingerprint: a snapshot written before
 * group roles and 'all' were kept would hide group members' and everyone's uploads, so it is not loaded.
 */
const ACCESS_FACTS = ['members', 'writer_groups', 'viewer_groups', 'visible_to_all'];

/**
 * What decides how documents become columns: the quantities with their paths and scope, and the free-text
 * sources; also what is kept of uploads' access. A snapshot written under another layout cannot be read
 * into this index.
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
    nested: [...index.nestedItems.keys()],
    access: ACCESS_FACTS,
  };
  return createHash('sha256').update(JSON.stringify(layout)).digest('hex');
};

/** Synchronous, so that no sync pass interleaves; copies no column. */
export const captureRows = (index: SearchIndex): IndexCapture => {
  const rows = index.rowCount;
  const { searchable } = index;
  const present = new Int32Array(rows);
  let n = 0;
  for (let row = 0; row < rows; row++) if (searchable[row] !== ROW.dropped) present[n++] = row;
  const live = present.subarray(0, n);
  const uploadIds: string[] = [];
  for (const [uploadId, slot] of index.uploadSlotOf) uploadIds[slot] = uploadId;
  return {
    entryIds: index.entryIds,
    live,
    searchable: index.searchable.slice(0, rows),
    uploadOf: index.uploadOf.slice(0, rows),
    uploads: uploadIds.map((upload_id, slot) => {
      const access = index.uploads[slot];
      return {
        upload_id,
        access: access ? { ...access, members: [...access.members] } : null,
        doc: index.uploadDocs[slot] ?? null,
      };
    }),
    nested: new Map([...index.nestedItems].map(([section, items]) => [section, items.slice(0, rows)])),
    rows,
    slots: index.uploads.length,
  };
};

/** Rows restored between two checks for a turn of the event loop. */
const ROWS_PER_STEP = 1 << 10;
/** Rows restored between two checks while a load restores (a row indexes its id: 1,024 took 10-15 ms). */
const TURN_CHECK = 1 << 8;

/** Where each slot's values start in a pool (see startsOf), in steps with turns between them. */
const startsInSteps = async (counts: Uint16Array, turn: () => Promise<void>) => {
  const starts = new Int32Array(counts.length);
  let start = 0;
  await inSteps(counts.length, ROWS_PER_STEP * 64, turn, (from, to) => {
    startsOf(counts, from, to, starts, start);
    start = starts[to - 1]! + counts[to - 1]!;
  });
  return starts;
};

/**
 * Fills an empty index from an image (a validated snapshot's, or a parallel build's merged shares),
 * giving the event loop turns through `turn`. Returns the entry ids more than one row holds (a parallel
 * build can read an entry that changed meanwhile twice): each is looked up at its last row for now.
 */
export const restoreIndex = async (
  index: SearchIndex,
  image: IndexImage,
  turn: () => Promise<void> = () => Promise.resolve(),
): Promise<string[]> => {
  if (index.rowCount > 0 || index.uploads.length > 0) throw new Error('restoreIndex needs an empty index');
  for (const [slot, { upload_id, access, doc }] of image.uploads.entries()) {
    index.uploadSlotOf.set(upload_id, slot);
    index.uploads.push(access ? { ...access, members: new Set(access.members) } : undefined);
    index.uploadDocs.push(doc ?? undefined);
    if ((slot & (TURN_CHECK - 1)) === 0) await turn();
  }
  const rows = image.entryIds.remaining;
  // Arrays sized once, copied in one call each: grown by doubling as rows came, ten million rows' copies
  // held the loop for 200 ms.
  const capacity = Math.max(1024, rows);
  index.searchable = new Uint8Array(capacity);
  index.searchable.set(image.searchable);
  await turn();
  index.uploadOf = new Int32Array(capacity);
  index.uploadOf.set(image.uploadOf);
  await turn();
  const repeated: string[] = [];
  index.rowOf.reserve(rows);
  await turn();
  index.entryIds.reserve(rows);
  for (let chunk = image.entryIds.next(); chunk !== undefined; chunk = image.entryIds.next()) {
    const from = index.entryIds.length;
    if (typeof chunk === 'string') index.entryIds.pushText(chunk);
    else for (const entryId of chunk) index.entryIds.push(String(entryId));
    for (let row = from; row < index.entryIds.length; row++) {
      if (!index.rowOf.add(row)) repeated.push(index.entryIds.at(row));
      if ((row & (TURN_CHECK - 1)) === 0) await turn();
    }
  }
  for (const { section, rows: at, items } of image.nested) {
    const target = index.nestedItems.get(section)!;
    for (let i = 0; i < at.length; i++) {
      target[at[i]!] = items[i];
      if ((i & (TURN_CHECK - 1)) === 0) await turn();
    }
  }
  let i = 0;
  for (const { column } of index.quantities.values()) {
    const { values, hashes, single, counts, pool } = image.columns[i++]!;
    column.restore(
      Array.isArray(values) ? new PendingValues(values.length, [values]) : values,
      single,
      counts,
      pool,
      hashes,
      counts && (await startsInSteps(counts, turn)),
    );
    await turn();
  }
  return repeated;
};

/** The entry-level arrays of the rows still present, renumbered in order; gives turns through `turn`. */
export const compactRows = async (
  { entryIds, live, searchable, uploadOf, nested }: IndexCapture,
  turn: () => Promise<void> = () => Promise.resolve(),
) => {
  const n = live.length;
  const ids = new TextsBuilder();
  const keptSearchable = new Uint8Array(n);
  const keptUploadOf = new Int32Array(n);
  for (let from = 0; from < n; from += ROWS_PER_STEP) {
    for (let i = from; i < Math.min(n, from + ROWS_PER_STEP); i++) {
      const row = live[i]!;
      ids.push(entryIds.at(row));
      keptSearchable[i] = searchable[row]!;
      keptUploadOf[i] = uploadOf[row]!;
    }
    await turn();
  }
  const images: NestedImage[] = [];
  for (const [section, byRow] of nested) {
    const rows: number[] = [];
    const items: NestedItem[][] = [];
    for (let i = 0; i < n; i++) {
      const found = byRow[live[i]!];
      if (found) {
        rows.push(i);
        items.push(found);
      }
      if ((i & (ROWS_PER_STEP - 1)) === 0) await turn();
    }
    images.push({ section, rows: Int32Array.from(rows), items });
  }
  return { entryIds: ids.finish(), searchable: keptSearchable, uploadOf: keptUploadOf, nested: images };
};
