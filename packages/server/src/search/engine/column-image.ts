import type { ColumnParts, Scalar } from './column.ts';

/** A column as a snapshot stores it: slots in order, pooled values in slot order, dictionary in use. */
export interface ColumnImage {
  values: Scalar[] | undefined;
  single: Float64Array<ArrayBuffer>;
  /** Pooled values per slot; undefined when no slot has several values. */
  counts: Uint16Array<ArrayBuffer> | undefined;
  pool: Float64Array<ArrayBuffer>;
}

/**
 * Output arrays reused from column to column while a snapshot is written (each column's image is written
 * before the next is made): allocating hundreds of megabytes anew made V8 collect garbage for a second.
 */
export class ColumnScratch {
  private single = new Float64Array(0);
  private counts = new Uint16Array(0);
  private pool = new Float64Array(0);

  take(length: number, pooled: number) {
    if (this.single.length < length) this.single = new Float64Array(length);
    if (this.counts.length < length) this.counts = new Uint16Array(length);
    if (this.pool.length < pooled) this.pool = new Float64Array(Math.max(pooled, this.pool.length * 2));
    return {
      single: this.single.subarray(0, length),
      counts: this.counts.subarray(0, length),
      pool: this.pool.subarray(0, pooled),
    };
  }
}

/**
 * Keeps only the given slots (rows of entries still present, in order; undefined: all), their pooled values
 * and the dictionary values they use, so that a restart starts as compact as a build from the database:
 * replaced pool values and values of deleted entries are dropped, dictionary codes renumbered. Plain loops
 * without callbacks: this runs between searches, once per column, up to a million rows each.
 */
export const compactColumn = (
  parts: ColumnParts,
  keep: Int32Array | undefined,
  scratch = new ColumnScratch(),
): ColumnImage => {
  const { single, counts, starts, pool, values } = parts;
  const length = keep ? keptBelow(keep, single.length) : single.length;
  let pooled = 0;
  if (counts) for (let i = 0; i < length; i++) pooled += counts[keep ? keep[i]! : i]!;
  const code = values ? usedCodes(parts, keep, length, values.length) : undefined;
  const out = scratch.take(length, pooled);
  const outCounts = pooled > 0 ? out.counts : undefined;
  let at = 0;
  for (let i = 0; i < length; i++) {
    const slot = keep ? keep[i]! : i;
    const value = single[slot]!;
    out.single[i] = code && value === value ? code[value]! : value;
    if (!outCounts) continue;
    const count = counts![slot]!;
    outCounts[i] = count;
    const start = starts![slot]!;
    for (let k = start; k < start + count; k++) {
      const pooledValue = pool[k]!;
      out.pool[at++] = code ? code[pooledValue]! : pooledValue;
    }
  }
  return {
    values: values && code ? values.filter((_, old) => code[old]! >= 0) : undefined,
    single: out.single,
    counts: outCounts,
    pool: out.pool,
  };
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
const usedCodes = (
  { single, counts, starts, pool }: ColumnParts,
  keep: Int32Array | undefined,
  length: number,
  size: number,
): Int32Array => {
  const code = new Int32Array(size).fill(-1);
  for (let i = 0; i < length; i++) {
    const slot = keep ? keep[i]! : i;
    const value = single[slot]!;
    if (value === value) code[value] = 0;
    if (!counts) continue;
    const start = starts![slot]!;
    const end = start + counts[slot]!;
    for (let k = start; k < end; k++) code[pool[k]!] = 0;
  }
  let next = 0;
  for (let old = 0; old < size; old++) if (code[old] === 0) code[old] = next++;
  return code;
};
