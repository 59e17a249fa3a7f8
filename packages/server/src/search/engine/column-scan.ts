import type { SearchBudget } from './budget.ts';
import { grownTo, type ColumnArrays } from './column.ts';

/**
 * Scans of one column over many rows, as plain loops over its typed arrays: the criteria and aggregations
 * of a search page request cost a few nanoseconds a row this way, where a closure per row and per value
 * cost tens. Each scan takes a chunk of the rows (from, to) so that the caller can look at its budget
 * between chunks (inChunks).
 */

/** Rows per chunk: a chunk of the slowest scan here takes well under a millisecond. */
const SCAN_CHUNK = 1 << 15;

/** Runs `scan` over chunks of `length` items, letting the budget pause the search between them. */
export const inChunks = async (
  length: number,
  budget: SearchBudget,
  scan: (from: number, to: number) => void,
): Promise<void> => {
  for (let from = 0; from < length; from += SCAN_CHUNK) {
    if (budget.due()) await budget.pause();
    scan(from, Math.min(length, from + SCAN_CHUNK));
  }
};

/** A test on a slot's stored values, as the scans below take it. */
export type ValueTest =
  | { kind: 'marked'; mask: Uint8Array }
  | { kind: 'range'; low: number; lowOpen: boolean; high: number; highOpen: boolean }
  | { kind: 'present' };

const passesMarked = (a: ColumnArrays, slot: number, mask: Uint8Array): boolean => {
  const value = a.single[slot]!;
  if (value === value) return mask[value] === 1;
  if (a.counts === undefined) return false;
  const start = a.starts![slot]!;
  const end = start + a.counts[slot]!;
  for (let i = start; i < end; i++) if (mask[a.pool[i]!] === 1) return true;
  return false;
};

const inRange = (value: number, low: number, lowOpen: boolean, high: number, highOpen: boolean) =>
  (lowOpen ? value > low : value >= low) && (highOpen ? value < high : value <= high);

const passesRange = (
  a: ColumnArrays,
  slot: number,
  low: number,
  lowOpen: boolean,
  high: number,
  highOpen: boolean,
): boolean => {
  const value = a.single[slot]!;
  if (value === value) return inRange(value, low, lowOpen, high, highOpen);
  if (a.counts === undefined) return false;
  const start = a.starts![slot]!;
  const end = start + a.counts[slot]!;
  for (let i = start; i < end; i++) if (inRange(a.pool[i]!, low, lowOpen, high, highOpen)) return true;
  return false;
};

const hasValue = (a: ColumnArrays, slot: number): boolean => {
  const value = a.single[slot]!;
  return value === value || (a.counts !== undefined && a.counts[slot]! > 0);
};

/** Whether any stored value of the slot passes the test (a slot beyond the column has none). */
export const slotPasses = (a: ColumnArrays, slot: number, test: ValueTest): boolean => {
  if (slot >= a.single.length) return false;
  switch (test.kind) {
    case 'marked':
      return passesMarked(a, slot, test.mask);
    case 'range':
      return passesRange(a, slot, test.low, test.lowOpen, test.high, test.highOpen);
    case 'present':
      return hasValue(a, slot);
  }
};

/**
 * Appends to `out` (from position `n`) the candidates from..to whose own values pass the test; returns
 * the new length. One loop per kind of test, each over local copies of the arrays: a call and a property
 * load per row made a selection three times slower than a count.
 */
export const selectPassing = (
  a: ColumnArrays,
  test: ValueTest,
  candidates: Int32Array,
  from: number,
  to: number,
  out: Int32Array,
  n: number,
): number => {
  if (test.kind === 'marked') return selectMarked(a, test.mask, candidates, from, to, out, n);
  if (test.kind === 'range') return selectInRange(a, test, candidates, from, to, out, n);
  return selectPresent(a, candidates, from, to, out, n);
};

const selectMarked = (
  a: ColumnArrays,
  mask: Uint8Array,
  candidates: Int32Array,
  from: number,
  to: number,
  out: Int32Array,
  n: number,
): number => {
  const { single, counts, starts, pool } = a;
  const length = single.length;
  let end = n;
  if (counts === undefined) {
    for (let i = from; i < to; i++) {
      const row = candidates[i]!;
      if (row < length && mask[single[row]!] === 1) out[end++] = row;
    }
    return end;
  }
  for (let i = from; i < to; i++) {
    const row = candidates[i]!;
    if (row >= length) continue;
    const value = single[row]!;
    if (value === value) {
      if (mask[value] === 1) out[end++] = row;
      continue;
    }
    const start = starts![row]!;
    const stop = start + counts[row]!;
    for (let j = start; j < stop; j++) {
      if (mask[pool[j]!] === 1) {
        out[end++] = row;
        break;
      }
    }
  }
  return end;
};

const selectInRange = (
  a: ColumnArrays,
  test: Extract<ValueTest, { kind: 'range' }>,
  candidates: Int32Array,
  from: number,
  to: number,
  out: Int32Array,
  n: number,
): number => {
  const { single, counts, starts, pool } = a;
  const { low, lowOpen, high, highOpen } = test;
  const length = single.length;
  let end = n;
  for (let i = from; i < to; i++) {
    const row = candidates[i]!;
    if (row >= length) continue;
    const value = single[row]!;
    if (value === value) {
      if (inRange(value, low, lowOpen, high, highOpen)) out[end++] = row;
      continue;
    }
    if (counts === undefined) continue;
    const start = starts![row]!;
    const stop = start + counts[row]!;
    for (let j = start; j < stop; j++) {
      if (inRange(pool[j]!, low, lowOpen, high, highOpen)) {
        out[end++] = row;
        break;
      }
    }
  }
  return end;
};

const selectPresent = (
  a: ColumnArrays,
  candidates: Int32Array,
  from: number,
  to: number,
  out: Int32Array,
  n: number,
): number => {
  const { single, counts } = a;
  const length = single.length;
  let end = n;
  for (let i = from; i < to; i++) {
    const row = candidates[i]!;
    if (row >= length) continue;
    const value = single[row]!;
    if (value === value || (counts !== undefined && counts[row]! > 0)) out[end++] = row;
  }
  return end;
};

/** Appends the candidates whose slot (`slots[row]`, an upload's) is marked in `pass`; returns the new length. */
export const selectBySlot = (
  slots: ArrayLike<number>,
  pass: Uint8Array,
  candidates: Int32Array,
  from: number,
  to: number,
  out: Int32Array,
  n: number,
): number => {
  let end = n;
  for (let i = from; i < to; i++) {
    const row = candidates[i]!;
    if (pass[slots[row]!] === 1) out[end++] = row;
  }
  return end;
};

/**
 * Counts dictionary codes over rows from..to: each row counts a code once however often it lists it
 * (`seen[code]` holds the last row that counted it). `slots` maps rows to upload slots for upload-level
 * columns. Codes at or beyond counts.length (added after the count began) are skipped.
 */
export const countCodes = (
  a: ColumnArrays,
  rows: Int32Array,
  from: number,
  to: number,
  slots: ArrayLike<number> | undefined,
  counts: Int32Array,
  seen: Int32Array,
): void => {
  const { single, counts: pooled, starts, pool } = a;
  const length = single.length;
  const size = counts.length;
  if (pooled === undefined && slots === undefined && to > from && rows[to - 1]! < length) {
    // One value or none per row (most columns), every row of the chunk within the column (rows ascend):
    // no bounds test, and NaN fails `< size`, so no test for it either.
    for (let i = from; i < to; i++) {
      const value = single[rows[i]!]!;
      if (value < size) counts[value]!++;
    }
    return;
  }
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    const slot = slots === undefined ? row : slots[row]!;
    if (slot >= length) continue;
    const value = single[slot]!;
    if (value === value) {
      if (value < size) counts[value]!++;
      continue;
    }
    if (pooled === undefined) continue;
    const start = starts![slot]!;
    const end = start + pooled[slot]!;
    for (let j = start; j < end; j++) {
      const code = pool[j]!;
      if (code < size && seen[code] !== row) {
        seen[code] = row;
        counts[code]!++;
      }
    }
  }
};

/** A column's single values and the counts of its codes, for countCodesTogether. */
export interface CodeCount {
  single: Float64Array | Float32Array;
  counts: Int32Array;
}

/**
 * Counts the codes of four columns without lists over rows from..to in one pass (an absent column: an
 * empty `single`): the rows and their cache lines are read once for all four, which at a million entries
 * took half the time of four passes.
 */
export const countCodesTogether = (
  rows: Int32Array,
  from: number,
  to: number,
  a: CodeCount,
  b: CodeCount,
  c: CodeCount,
  d: CodeCount,
): void => {
  const [sa, sb, sc, sd] = [a.single, b.single, c.single, d.single];
  const [ca, cb, cc, cd] = [a.counts, b.counts, c.counts, d.counts];
  const [na, nb, nc, nd] = [ca.length, cb.length, cc.length, cd.length];
  // Rows ascend: when the chunk's last row is within every column, no row needs a bounds test (twice as
  // fast); absent columns (empty) count nothing either way.
  const within = (s: Float64Array | Float32Array) => s.length === 0 || rows[to - 1]! < s.length;
  if (to > from && within(sa) && within(sb) && within(sc) && within(sd)) {
    const [xa, xb, xc, xd] = [sa.length > 0, sb.length > 0, sc.length > 0, sd.length > 0];
    for (let i = from; i < to; i++) {
      const row = rows[i]!;
      if (xa) {
        const x = sa[row]!;
        if (x < na) ca[x]!++;
      }
      if (xb) {
        const y = sb[row]!;
        if (y < nb) cb[y]!++;
      }
      if (xc) {
        const z = sc[row]!;
        if (z < nc) cc[z]!++;
      }
      if (xd) {
        const w = sd[row]!;
        if (w < nd) cd[w]!++;
      }
    }
    return;
  }
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    // NaN (none, or past a column's end) fails `< n`, so no test for it.
    const x = row < sa.length ? sa[row]! : NaN;
    const y = row < sb.length ? sb[row]! : NaN;
    const z = row < sc.length ? sc[row]! : NaN;
    const w = row < sd.length ? sd[row]! : NaN;
    if (x < na) ca[x]!++;
    if (y < nb) cb[y]!++;
    if (z < nc) cc[z]!++;
    if (w < nd) cd[w]!++;
  }
};

/**
 * The values of some rows gathered in plain arrays: rows with one value in `values` (no row twice), rows
 * with several in `pooled`, each with the row it belongs to (`owners`), for counting a row once per bucket.
 */
export interface GatheredValues {
  values: Float64Array;
  length: number;
  pooled: Float64Array;
  owners: Int32Array;
  pooledLength: number;
}

export const emptyGathered = (): GatheredValues => ({
  values: new Float64Array(1024),
  length: 0,
  pooled: new Float64Array(1024),
  owners: new Int32Array(1024),
  pooledLength: 0,
});

/**
 * Appends the values of rows from..to to `into` (growing its arrays when full): a histogram then reads
 * them twice (range, buckets) as plain arrays, not the rows' single values and pool twice.
 */
export const gatherValues = (
  a: ColumnArrays,
  rows: Int32Array,
  from: number,
  to: number,
  slots: ArrayLike<number> | undefined,
  into: GatheredValues,
): void => {
  const { single, counts, starts, pool } = a;
  const length = single.length;
  if (into.values.length < into.length + (to - from))
    into.values = grown(into.values, into.length + (to - from));
  const { values } = into;
  let n = into.length;
  let { pooled, owners, pooledLength: m } = into;
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    const slot = slots === undefined ? row : slots[row]!;
    if (slot >= length) continue;
    const value = single[slot]!;
    if (value === value) {
      values[n++] = value;
      continue;
    }
    if (counts === undefined) continue;
    const count = counts[slot]!;
    if (m + count > pooled.length) {
      const size = Math.max(m + count, pooled.length * 2);
      pooled = grown(pooled, size);
      owners = grown(owners, size);
    }
    const start = starts![slot]!;
    for (let j = start; j < start + count; j++) {
      pooled[m] = pool[j]!;
      owners[m++] = row;
    }
  }
  into.length = n;
  into.pooled = pooled;
  into.owners = owners;
  into.pooledLength = m;
};

/** A longer copy of a gathering array: at least `size`, and twice as long, so that growing stays rare. */
const grown = <A extends Float64Array | Int32Array>(array: A, size: number): A =>
  grownTo(array, Math.max(size, array.length * 2));

/** Widens `range` ([min, max]) by values[from..to]. */
export const widenRange = (values: Float64Array, from: number, to: number, range: Float64Array): void => {
  let min = range[0]!;
  let max = range[1]!;
  for (let i = from; i < to; i++) {
    const value = values[i]!;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  range[0] = min;
  range[1] = max;
};

/** Buckets of equal width: a value's bucket is floor((value - offset) / step) - first. */
export interface LinearBuckets {
  offset: number;
  step: number;
  first: number;
}

/**
 * Counts values[from..to] per bucket; with `owners` (rows with several values), a row with several values
 * in one bucket counts once there (`seen[bucket]` holds the last row that counted it). Values outside the
 * buckets are not counted.
 */
export const countLinearBuckets = (
  values: Float64Array,
  owners: Int32Array | undefined,
  from: number,
  to: number,
  buckets: LinearBuckets,
  counts: Int32Array,
  seen: Int32Array,
): void => {
  const { offset, step, first } = buckets;
  const n = counts.length;
  if (owners === undefined) {
    for (let i = from; i < to; i++) {
      const at = Math.floor((values[i]! - offset) / step) - first;
      if (at >= 0 && at < n) counts[at]!++;
    }
    return;
  }
  for (let i = from; i < to; i++) {
    const at = Math.floor((values[i]! - offset) / step) - first;
    const row = owners[i]!;
    if (at >= 0 && at < n && seen[at] !== row) {
      seen[at] = row;
      counts[at]!++;
    }
  }
};

/**
 * The key rows are ordered by, for rows from..to into keys[from..to]: the smallest value of the slot for
 * ascending order, the largest for descending; NaN when it has none.
 */
export const extremeKeys = (
  a: ColumnArrays,
  rows: Int32Array,
  from: number,
  to: number,
  slots: ArrayLike<number> | undefined,
  largest: boolean,
  keys: Float64Array,
): void => {
  const { single, counts, starts, pool } = a;
  const length = single.length;
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    const slot = slots === undefined ? row : slots[row]!;
    if (slot >= length) {
      keys[i] = NaN;
      continue;
    }
    const value = single[slot]!;
    if (value === value || counts === undefined || counts[slot] === 0) {
      keys[i] = value;
      continue;
    }
    const start = starts![slot]!;
    const end = start + counts[slot]!;
    let best = pool[start]!;
    for (let j = start + 1; j < end; j++) {
      const v = pool[j]!;
      if (largest ? v > best : v < best) best = v;
    }
    keys[i] = best;
  }
};

/** Number of bits set in a 32-bit word. */
export const bitCount = (word: number): number => {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
};

/**
 * Adds to keys[i] (rows from..to) the number of distinct bits the row's codes have in `bits` (bits[code]:
 * one bit per free-text word the code matches), so that a row scores one per word it matches.
 */
export const addMatchedBits = (
  a: ColumnArrays,
  rows: Int32Array,
  from: number,
  to: number,
  bits: Uint32Array,
  keys: Float64Array,
): void => {
  const { single, counts, starts, pool } = a;
  const length = single.length;
  for (let i = from; i < to; i++) {
    const row = rows[i]!;
    if (row >= length) continue;
    const value = single[row]!;
    let hit = 0;
    if (value === value) hit = bits[value]!;
    else if (counts !== undefined) {
      const start = starts![row]!;
      const end = start + counts[row]!;
      for (let j = start; j < end; j++) hit |= bits[pool[j]!]!;
    }
    if (hit !== 0) keys[i]! += bitCount(hit);
  }
};
