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
 * Keeps only the given slots (rows of entries still present, in order; undefined: all), their pooled values
 * and the dictionary values they use, so that a restart starts as compact as a build from the database:
 * replaced pool values and values of deleted entries are dropped, dictionary codes renumbered.
 */
export const compactColumn = (parts: ColumnParts, keep: Int32Array | undefined): ColumnImage => {
  const { single, counts, starts, pool, values } = parts;
  let length = single.length;
  // Kept slots are ascending: those the column has room for form a prefix.
  if (keep) {
    length = 0;
    while (length < keep.length && keep[length]! < single.length) length++;
  }
  const slotAt = keep ? (i: number) => keep[i]! : (i: number) => i;
  let pooled = 0;
  if (counts) for (let i = 0; i < length; i++) pooled += counts[slotAt(i)]!;
  const code = values ? usedCodes(parts, slotAt, length, values.length) : undefined;
  const map = code
    ? (stored: number) => (stored === stored ? code[stored]! : stored)
    : (stored: number) => stored;
  const outSingle = new Float64Array(length);
  const outCounts = pooled > 0 ? new Uint16Array(length) : undefined;
  const outPool = new Float64Array(pooled);
  let at = 0;
  for (let i = 0; i < length; i++) {
    const slot = slotAt(i);
    outSingle[i] = map(single[slot]!);
    const count = counts?.[slot] ?? 0;
    if (count === 0 || !outCounts) continue;
    outCounts[i] = count;
    const start = starts![slot]!;
    for (let k = start; k < start + count; k++) outPool[at++] = map(pool[k]!);
  }
  return {
    values: values && code ? values.filter((_, old) => code[old]! >= 0) : values,
    single: outSingle,
    counts: outCounts,
    pool: outPool,
  };
};

/** New codes of the dictionary values the kept slots use (-1 for values no longer used), in old order. */
const usedCodes = (
  { single, counts, starts, pool }: ColumnParts,
  slotAt: (i: number) => number,
  length: number,
  size: number,
): Int32Array => {
  const code = new Int32Array(size).fill(-1);
  const mark = (stored: number) => {
    if (stored === stored) code[stored] = 0;
  };
  for (let i = 0; i < length; i++) {
    const slot = slotAt(i);
    mark(single[slot]!);
    const count = counts?.[slot] ?? 0;
    const start = starts?.[slot] ?? 0;
    for (let k = start; k < start + count; k++) mark(pool[k]!);
  }
  let next = 0;
  for (let old = 0; old < size; old++) if (code[old] === 0) code[old] = next++;
  return code;
};
