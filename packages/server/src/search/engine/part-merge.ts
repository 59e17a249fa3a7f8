import { FLOAT32_CODES, pooledWithRoom, storedArray, type StoredArray } from './column.ts';
import type { ColumnImage } from './column-image.ts';
import { Dictionary } from './dictionary.ts';
import type { IndexImage, NestedImage, UploadImage } from './index-image.ts';
import type { ReceivedPart } from './part-wire.ts';
import { PendingValues } from './pending-values.ts';
import { inSteps } from './turns.ts';

/**
 * Dictionary values handled between two checks for a turn of the event loop (`turn` decides, by the clock).
 * Small: 4,096 dictionary values coded or indexed at a time held the loop for 40–60 ms at a million entries
 * (a hash table of millions, each probe a cache miss).
 */
const STEP = 1 << 10;
/** Values copied as they are between two checks for a turn (4 or 8 MB). */
const COPY_SLICE = 1 << 20;

/** Slots handled between two checks in plain loops over arrays (tens of microseconds). */
const SLOT_STEP = 1 << 14;

/**
 * One dictionary for the shares' values: the first share's codes stay as they are, the others' are
 * translated through `remaps`. The merged dictionary comes indexed, so it needs no warming.
 */
const mergeDictionaries = async (shares: readonly PendingValues[], turn: () => Promise<void>) => {
  const values = new Dictionary();
  // Room for all first, while the table is empty: reserved after the first share, it was rehashed.
  values.reserve(shares.reduce((n, share) => n + share.remaining, 0));
  values.restore(shares[0]!);
  while (!values.warm(STEP)) await turn();
  const remaps: (Int32Array | undefined)[] = [undefined];
  for (const share of shares.slice(1)) {
    const remap = new Int32Array(share.remaining);
    let at = 0;
    for (let chunk = share.next(); chunk !== undefined; chunk = share.next()) {
      const list = typeof chunk === 'string' ? chunk.split('\0') : chunk;
      await inSteps(list.length, STEP, turn, (from, to) => {
        for (let i = from; i < to; i++) remap[at + i] = values.code(list[i]!);
      });
      at += list.length;
    }
    remaps.push(remap);
  }
  return { values, remaps };
};

/** Copies `from` into `to` at `at`, translating dictionary codes (NaN, no value, stays NaN). */
const copyCodes = async (
  from: StoredArray,
  to: StoredArray,
  at: number,
  remap: Int32Array | undefined,
  turn: () => Promise<void>,
) => {
  if (!remap) {
    // In slices: the first share's free-text pool (tens of MB into fresh pages) in one copy held the loop.
    for (let start = 0; start < from.length; start += COPY_SLICE) {
      to.set(from.subarray(start, start + COPY_SLICE), at + start);
      await turn();
    }
    return;
  }
  await inSteps(from.length, SLOT_STEP, turn, (start, end) => {
    for (let i = start; i < end; i++) {
      const value = from[i]!;
      to[at + i] = value === value ? remap[value | 0]! : value;
    }
  });
};

/**
 * One column of all shares, sized for `capacity` rows (a build's expected count) so that the entries
 * that come after the build do not make every column double at once.
 */
const mergeColumn = async (
  images: readonly ReceivedPart['columns'][number][],
  offsets: readonly number[],
  capacity: number,
  turn: () => Promise<void>,
): Promise<ColumnImage> => {
  const dictionary = images[0]!.values !== undefined;
  let length = 0;
  images.forEach((image, k) => {
    if (image.single.length > 0) length = offsets[k]! + image.single.length;
  });
  if (length === 0) {
    const width = dictionary ? 4 : 8;
    const empty = { single: storedArray(width, 0), counts: undefined, pool: storedArray(width, 0) };
    return { ...empty, values: dictionary ? new Dictionary() : undefined };
  }
  const merged = dictionary
    ? await mergeDictionaries(
        images.map((image) => image.values!),
        turn,
      )
    : undefined;
  // Codes in Float32Arrays while the merged dictionary's fit them (as a Column keeps them).
  const width = merged && merged.values.size <= FLOAT32_CODES ? 4 : 8;
  const size = Math.max(length, capacity);
  const single = storedArray(width, size).fill(Number.NaN);
  const counts = images.some((image) => image.counts) ? new Uint16Array(size) : undefined;
  const pool = pooledWithRoom(
    images.reduce((n, image) => n + image.pool.length, 0),
    width,
  );
  let pooled = 0;
  for (const [k, image] of images.entries()) {
    const remap = merged?.remaps[k];
    // Shares shorter than their rows keep NaN (no value) in the rest, as filled above.
    await copyCodes(image.single, single, offsets[k]!, remap, turn);
    await copyCodes(image.pool, pool, pooled, remap, turn);
    if (image.counts) counts!.set(image.counts, offsets[k]!);
    pooled += image.pool.length;
  }
  return { values: merged?.values, single, counts, pool };
};

/** What a share's merged column is replaced by, so its buffers can be collected during the merge. */
const RELEASED: ReceivedPart['columns'][number] = {
  values: undefined,
  single: new Float64Array(0),
  counts: undefined,
  pool: new Float64Array(0),
};

/** The nested sections' items of all shares, rows renumbered. */
const mergeNested = async (
  parts: readonly ReceivedPart[],
  offsets: readonly number[],
  turn: () => Promise<void>,
): Promise<NestedImage[]> => {
  const merged: NestedImage[] = [];
  for (const [s, { section }] of parts[0]!.nested.entries()) {
    const rows = new Int32Array(parts.reduce((n, part) => n + part.nested[s]!.rows.length, 0));
    const items: NestedImage['items'] = [];
    for (const [k, part] of parts.entries()) {
      const share = part.nested[s]!;
      const at = items.length;
      await inSteps(share.rows.length, SLOT_STEP, turn, (from, to) => {
        for (let i = from; i < to; i++) {
          rows[at + i] = share.rows[i]! + offsets[k]!;
          items.push(share.items[i]!);
        }
      });
    }
    merged.push({ section, rows, items });
  }
  return merged;
};

/**
 * The shares of a parallel build as one index image: rows one share after another, upload slots by
 * upload id (their access facts and documents come from the main thread's read of the uploads), and each
 * column's dictionary merged. Works in steps, giving the event loop turns through `turn`; each share's
 * columns are let go as soon as they are merged.
 */
export const mergeParts = async (
  parts: ReceivedPart[],
  capacity: number,
  turn: () => Promise<void>,
): Promise<{ image: IndexImage; seqs: Float64Array }> => {
  const offsets: number[] = [];
  let rows = 0;
  for (const part of parts) {
    offsets.push(rows);
    rows += part.entryIds.remaining;
  }
  const slotOf = new Map<string, number>();
  const uploads: UploadImage[] = [];
  const slotMaps = parts.map((part) =>
    Int32Array.from(part.uploadIds, (uploadId) => {
      let slot = slotOf.get(uploadId);
      if (slot === undefined) {
        slot = uploads.length;
        slotOf.set(uploadId, slot);
        uploads.push({ upload_id: uploadId, access: null, doc: null });
      }
      return slot;
    }),
  );
  const seqs = new Float64Array(rows);
  const searchable = new Uint8Array(rows);
  const uploadOf = new Int32Array(rows);
  for (const [k, part] of parts.entries()) {
    const offset = offsets[k]!;
    seqs.set(part.seqs, offset);
    searchable.set(part.searchable, offset);
    const slotMap = slotMaps[k]!;
    await inSteps(part.uploadOf.length, SLOT_STEP, turn, (from, to) => {
      for (let i = from; i < to; i++) uploadOf[offset + i] = slotMap[part.uploadOf[i]!]!;
    });
  }
  const columns: ColumnImage[] = [];
  const count = parts[0]?.columns.length ?? 0;
  for (let i = 0; i < count; i++) {
    columns.push(
      await mergeColumn(
        parts.map((part) => part.columns[i]!),
        offsets,
        capacity,
        turn,
      ),
    );
    for (const part of parts) part.columns[i] = RELEASED;
    await turn();
  }
  const entryIds = PendingValues.concat(parts.map((part) => part.entryIds));
  const nested = await mergeNested(parts, offsets, turn);
  const image: IndexImage = { entryIds, searchable, uploadOf, uploads, nested, columns };
  return { image, seqs };
};
