import { widthOf, type ColumnParts, type Scalar, type StoredWidth } from './column.ts';
import type { Dictionary } from './dictionary.ts';
import { TextsBuilder, type ValueTexts } from './list-text.ts';
import type { PendingValues } from './pending-values.ts';
import { inSteps } from './turns.ts';

/** A column as a snapshot stores it: slots in order, pooled values in slot order, dictionary in use. */
export interface ColumnImage {
  /**
   * The dictionary's values in code order (undefined: no dictionary): a list (a compaction's), values not
   * taken in yet (a snapshot's, a build share's), or a build's merged dictionary.
   */
  values: Scalar[] | PendingValues | Dictionary | undefined;
  /** The hashes of the values (hashScalar), by code, when known (a snapshot keeps them). */
  hashes?: Int32Array<ArrayBuffer>;
  /** Float32Array: dictionary codes that fit one (column.ts FLOAT32_CODES). */
  single: Float64Array<ArrayBuffer> | Float32Array<ArrayBuffer>;
  /** Pooled values per slot; undefined when no slot has several values. */
  counts: Uint16Array<ArrayBuffer> | undefined;
  pool: Float64Array<ArrayBuffer> | Float32Array<ArrayBuffer>;
}

/** A column with its dictionary's values as texts: what a compaction makes. */
export type ListedColumn = Omit<ColumnImage, 'values'> & { values: ValueTexts | undefined };

/**
 * Output arrays reused from column to column while a snapshot is written (each column's image is written
 * before the next is made): allocating hundreds of megabytes anew made V8 collect garbage for a second.
 */
export class ColumnScratch {
  /** Bytes viewed as the column's element width (Float32Array or Float64Array). */
  private single = new ArrayBuffer(0);
  private counts = new Uint16Array(0);
  private pool = new ArrayBuffer(0);

  take(length: number, pooled: number, singleWidth: StoredWidth, poolWidth: StoredWidth) {
    if (this.single.byteLength < length * singleWidth) this.single = new ArrayBuffer(length * singleWidth);
    if (this.counts.length < length) this.counts = new Uint16Array(length);
    if (this.pool.byteLength < pooled * poolWidth)
      this.pool = new ArrayBuffer(Math.max(pooled * poolWidth, this.pool.byteLength * 2));
    return {
      single: view(this.single, singleWidth, length),
      counts: this.counts.subarray(0, length),
      pool: view(this.pool, poolWidth, pooled),
    };
  }
}

const view = (buffer: ArrayBuffer, width: StoredWidth, length: number) =>
  width === 4 ? new Float32Array(buffer, 0, length) : new Float64Array(buffer, 0, length);

/**
 * Work per step of a compaction (slots and their pooled values), and dictionary values, between two checks
 * for a pause (`pause` decides, by the clock). Steps of 4,096 slots over the free-text words of a million
 * entries (hundreds of pooled codes a slot, written at random into a code map of a million) held the event
 * loop for 30–160 ms; columns without pools take as many slots per step, each slot being one value.
 */
const WORK_PER_STEP = 1 << 14;
const VALUES_PER_STEP = 1 << 11;

/** Slots per step for a column: fewer the more values its slots pool on average. */
const slotsPerStep = ({ single, pool }: ColumnParts) =>
  Math.max(1 << 6, Math.floor(WORK_PER_STEP / (1 + pool.length / Math.max(1, single.length))));

/**
 * Keeps only the given slots (rows of entries still present, in order; undefined: all), their pooled values
 * and the dictionary values they use, so that a restart starts as compact as a build from the database:
 * replaced pool values and values of deleted entries are dropped, dictionary codes renumbered. `parts`
 * must not change meanwhile (Column.copy), since this pauses every few milliseconds for searches (the
 * free-text words of a million entries take half a second). Plain loops, codes indexed as integers
 * (`| 0`): this is the bulk of a snapshot's work.
 */
export const compactColumn = async (
  parts: ColumnParts,
  keep: Int32Array | undefined,
  scratch = new ColumnScratch(),
  pause: () => Promise<unknown> = () => Promise.resolve(),
): Promise<ListedColumn> => {
  const { single, counts, starts, pool, values, known } = parts;
  const length = keep ? keptBelow(keep, single.length) : single.length;
  let pooled = 0;
  if (counts)
    await inSteps(length, WORK_PER_STEP, pause, (from, to) => {
      for (let i = from; i < to; i++) pooled += counts[keep ? keep[i]! : i]!;
    });
  const step = slotsPerStep(parts);
  const code = values ? await usedCodes(parts, keep, length, known, step, pause) : undefined;
  // Codes are renumbered downwards only: they fit the arrays' widths as before.
  const out = scratch.take(length, pooled, widthOf(single), widthOf(pool));
  const outCounts = pooled > 0 ? out.counts : undefined;
  let at = 0;
  await inSteps(length, step, pause, (from, to) => {
    for (let i = from; i < to; i++) {
      const slot = keep ? keep[i]! : i;
      const value = single[slot]!;
      out.single[i] = code && value === value ? code[value | 0]! : value;
      if (!outCounts) continue;
      const count = counts![slot]!;
      outCounts[i] = count;
      const start = starts![slot]!;
      for (let k = start; k < start + count; k++) {
        const pooledValue = pool[k]!;
        out.pool[at++] = code ? code[pooledValue | 0]! : pooledValue;
      }
    }
  });
  let kept: ValueTexts | undefined;
  let hashes: Int32Array<ArrayBuffer> | undefined;
  if (values && code) {
    const texts = new TextsBuilder();
    const keptHashes = new Int32Array(known);
    let n = 0;
    await inSteps(known, VALUES_PER_STEP, pause, (from, to) => {
      for (let old = from; old < to; old++) {
        if (code[old]! < 0) continue;
        texts.push(values.value(old));
        keptHashes[n++] = values.hashOf(old);
      }
    });
    kept = texts.finish();
    hashes = keptHashes.slice(0, n);
  }
  return { values: kept, hashes, single: out.single, counts: outCounts, pool: out.pool };
};

/** How many of the ascending slots are below `limit` (the column has no room for the others). */
const keptBelow = (keep: Int32Array, limit: number): number => {
  let low = 0;
  let high = keep.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keep[middle]! < limit) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** New codes of the dictionary values the kept slots use (-1 for values no longer used), in old order. */
const usedCodes = async (
  { single, counts, starts, pool }: ColumnParts,
  keep: Int32Array | undefined,
  length: number,
  size: number,
  step: number,
  pause: () => Promise<unknown>,
): Promise<Int32Array> => {
  const code = new Int32Array(size).fill(-1);
  await inSteps(length, step, pause, (from, to) => {
    for (let i = from; i < to; i++) {
      const slot = keep ? keep[i]! : i;
      const value = single[slot]!;
      if (value === value) code[value | 0] = 0;
      if (!counts) continue;
      const start = starts![slot]!;
      const end = start + counts[slot]!;
      for (let k = start; k < end; k++) code[pool[k]! | 0] = 0;
    }
  });
  let next = 0;
  await inSteps(size, WORK_PER_STEP, pause, (from, to) => {
    for (let old = from; old < to; old++) if (code[old] === 0) code[old] = next++;
  });
  return code;
};
