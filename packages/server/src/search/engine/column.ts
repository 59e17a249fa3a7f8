import type { QuantityType } from '../quantities.ts';
import { Dictionary } from './dictionary.ts';
import type { PendingValues } from './pending-values.ts';

export type Scalar = string | number | boolean;

const MISSING = Number.NaN;

/**
 * Dictionary codes below this are exact in a Float32Array, so a dictionary-coded column keeps its codes
 * there (half the memory of a Float64Array; NaN still means none) until its dictionary grows past it.
 */
export const FLOAT32_CODES = 1 << 24;

/** The stored numbers of a column: dictionary codes in Float32Array while they fit (FLOAT32_CODES). */
export type StoredArray = Float64Array | Float32Array;
/** Bytes per stored number. */
export type StoredWidth = 4 | 8;

export const widthOf = (array: StoredArray): StoredWidth => (array instanceof Float32Array ? 4 : 8);

/** An array of `length` stored numbers of `width` bytes each. */
export const storedArray = (
  width: StoredWidth,
  length: number,
): Float64Array<ArrayBuffer> | Float32Array<ArrayBuffer> =>
  width === 4 ? new Float32Array(length) : new Float64Array(length);

/**
 * A column's contents for a snapshot: per slot (up to the last one the column has room for) its single
 * value and how many pooled values it has, the pool, and the dictionary's first `known` values (the ones
 * the arrays can refer to). `counts` and `starts` are absent when no slot has pooled values.
 */
export interface ColumnParts {
  /** Read below `known` only: values below it never change. */
  values: Dictionary | undefined;
  known: number;
  single: StoredArray;
  counts: Uint16Array | undefined;
  starts: Int32Array | undefined;
  pool: StoredArray;
}

/**
 * One search quantity over all rows: a single value per row in a typed array (NaN = none); rows with
 * several values (lists, repeated sections) keep them in a shared pool of values, addressed by the row's
 * start and count, so that no scan looks anything up in a map. A row stored again with several values
 * takes new pool space; the old values stay unused until the index is rebuilt.
 */
/** Columns shorter than this grow when a row needs it: copying them takes no time worth spreading. */
const GROW_AHEAD_FROM = 1 << 16;
/**
 * A dictionary this close to FLOAT32_CODES (a fraction of it) has its column's arrays widened ahead, in
 * growAhead and growPoolAhead, so that the code past it finds them wide: widening a pool of a hundred
 * million codes at once would hold the event loop for seconds.
 */
const WIDEN_AHEAD_AT = 0.9;
/** Pool values copied per step of growPoolAhead (2 MB: writing fresh pages costs more than the copy, 15–20 ms for 8 MB). */
const POOL_SLICE = 1 << 18;

/**
 * A pool of `length` values in a buffer with a quarter more room (Column.restore takes the whole buffer):
 * a restored or merged pool is full, and the first entry stored again would double it in one go.
 */
export const pooledWithRoom = (
  length: number,
  width: StoredWidth = 8,
): Float64Array<ArrayBuffer> | Float32Array<ArrayBuffer> => {
  const buffer = new ArrayBuffer(Math.ceil(length * 1.25) * width);
  return width === 4 ? new Float32Array(buffer, 0, length) : new Float64Array(buffer, 0, length);
};

/**
 * A column's arrays as they are at one moment, for scans over many rows (column-scan.ts): a row's single
 * value (NaN: none or several), and, when some row has several, its count and start in the pool. Valid
 * until the next write to the column.
 */
export interface ColumnArrays {
  single: Float64Array | Float32Array;
  counts: Uint16Array | undefined;
  starts: Int32Array | undefined;
  pool: Float64Array | Float32Array;
}

export class Column {
  private dictionaryOf: Dictionary | undefined;
  /** Whether `single` or `pool` is a Float32Array (stored codes must stay below `float32Below`). */
  private narrow: boolean;
  private single: StoredArray;
  /**
   * Number of pooled values of a row (0 for rows with one value or none), and where they start; both
   * undefined until a row has several values: most columns never do (6 bytes a row saved).
   */
  private counts: Uint16Array | undefined;
  private starts: Int32Array | undefined;
  private pool: StoredArray;
  private pooled = 0;
  /** A larger pool being filled a slice at a time (growPoolAhead), and how much of the pool it holds. */
  private nextPool: StoredArray | undefined;
  private nextCopied = 0;

  constructor(
    readonly type: QuantityType,
    /** Dictionary sizes up to this keep codes in Float32Arrays (a parameter for tests). */
    private readonly float32Below = FLOAT32_CODES,
  ) {
    this.dictionaryOf = type === 'string' || type === 'boolean' ? new Dictionary() : undefined;
    this.narrow = this.dictionaryOf !== undefined;
    this.single = storedArray(this.narrow ? 4 : 8, 0);
    this.pool = storedArray(this.narrow ? 4 : 8, 0);
  }

  /** Strings and booleans are dictionary-coded, so that equality tests and terms counts work on small integers. */
  get dictionary(): Dictionary | undefined {
    return this.dictionaryOf;
  }

  /** Stored numbers of raw values: codes for dictionary types, epoch ms for timestamps. */
  encode(value: Scalar): number {
    if (this.dictionary) return this.dictionary.code(value);
    if (this.type === 'timestamp') return typeof value === 'number' ? value : Date.parse(String(value));
    return typeof value === 'number' ? value : Number(value);
  }

  /** The stored number of a query value, or NaN when no row can hold it. */
  lookup(value: Scalar): number {
    if (this.dictionary) {
      const code = this.dictionary.find(value);
      return code < 0 ? MISSING : code;
    }
    return this.encode(value);
  }

  decode(stored: number): Scalar {
    return this.dictionary ? this.dictionary.value(stored) : stored;
  }

  set(row: number, values: readonly Scalar[]): void {
    this.ensure(row + 1);
    if (this.counts) this.counts[row] = 0;
    if (values.length === 1) {
      // The common case, without the intermediate array below.
      const stored = this.encode(values[0]!);
      if (this.narrow && stored >= this.float32Below) this.widen();
      this.single[row] = stored;
      return;
    }
    const stored = values.map((value) => this.encode(value)).filter((value) => !Number.isNaN(value));
    if (this.narrow && this.dictionaryOf!.size > this.float32Below) this.widen();
    if (stored.length <= 1) {
      this.single[row] = stored[0] ?? MISSING;
      return;
    }
    this.single[row] = MISSING;
    if (this.pooled + stored.length > this.pool.length) {
      if (this.nextPool && this.nextPool.length >= this.pooled + stored.length) this.switchPool();
      else {
        const length = Math.max(this.pool.length * 2, this.pooled + stored.length, 4096);
        const pool = storedArray(widthOf(this.pool), length);
        pool.set(this.pool.subarray(0, this.pooled));
        this.pool = pool;
        this.nextPool = undefined;
      }
    }
    this.pool.set(stored, this.pooled);
    if (!this.counts || !this.starts) {
      // The column's first row with several values.
      this.counts = new Uint16Array(this.single.length);
      this.starts = new Int32Array(this.single.length);
    }
    this.starts[row] = this.pooled;
    this.counts[row] = Math.min(stored.length, 0xffff);
    this.pooled += stored.length;
  }

  clear(row: number): void {
    if (row < this.single.length) {
      this.single[row] = MISSING;
      if (this.counts) this.counts[row] = 0;
    }
  }

  /** The arrays scans read (see ColumnArrays). */
  arrays(): ColumnArrays {
    return { single: this.single, counts: this.counts, starts: this.starts, pool: this.pool };
  }

  /** Calls `visit` for each stored value of the row; returns how many there were. */
  forEach(row: number, visit: (stored: number) => void): number {
    if (row >= this.single.length) return 0;
    const value = this.single[row]!;
    if (value === value) {
      visit(value);
      return 1;
    }
    if (!this.counts) return 0;
    const count = this.counts[row]!;
    const start = this.starts![row]!;
    for (let i = start; i < start + count; i++) visit(this.pool[i]!);
    return count;
  }

  /** Whether any stored value of the row passes `test`. */
  some(row: number, test: (stored: number) => boolean): boolean {
    if (row >= this.single.length) return false;
    const value = this.single[row]!;
    if (value === value) return test(value);
    if (!this.counts) return false;
    const count = this.counts[row]!;
    const start = this.starts![row]!;
    for (let i = start; i < start + count; i++) if (test(this.pool[i]!)) return true;
    return false;
  }

  /** The smallest (or largest) stored value of a row, NaN when it has none; no intermediate arrays. */
  extreme(row: number, largest: boolean): number {
    if (row >= this.single.length) return MISSING;
    const value = this.single[row]!;
    if (value === value || !this.counts) return value;
    const count = this.counts[row]!;
    if (count === 0) return value;
    const start = this.starts![row]!;
    let best = this.pool[start]!;
    for (let i = start + 1; i < start + count; i++) {
      const candidate = this.pool[i]!;
      if (largest ? candidate > best : candidate < best) best = candidate;
    }
    return best;
  }

  /** The values of a row (empty when none). */
  values(row: number): number[] {
    if (row >= this.single.length) return [];
    const value = this.single[row]!;
    if (value === value) return [value];
    if (!this.counts) return [];
    const start = this.starts![row]!;
    return Array.from(this.pool.subarray(start, start + this.counts[row]!));
  }

  /**
   * The column as it is now, up to `slots`, for a snapshot written while the column may change: the
   * per-slot arrays are copied (memcpy); the pool and the dictionary are shared, since what they hold
   * below their current length is never written again (a row stored anew takes new pool space).
   */
  copy(slots: number): ColumnParts {
    const length = Math.min(slots, this.single.length);
    return {
      values: this.dictionary,
      known: this.dictionary?.size ?? 0,
      single: this.single.slice(0, length),
      counts: this.counts?.slice(0, length),
      starts: this.starts?.slice(0, length),
      pool: this.pool.subarray(0, this.pooled),
    };
  }

  /**
   * Fills an empty column from a snapshot whose pool holds the slots' values in slot order. Float32Arrays
   * are taken for dictionary codes that fit them (FLOAT32_CODES), else widened.
   */
  restore(
    values: PendingValues | Dictionary | undefined,
    single: StoredArray,
    counts: Uint16Array | undefined,
    pool: StoredArray,
    hashes?: Int32Array,
    starts = counts && startsOf(counts, 0, counts.length, new Int32Array(counts.length), 0),
  ): void {
    // A build's merged dictionary is taken as it is; a snapshot's values are taken in later (warm).
    if (values instanceof Dictionary) {
      if (this.dictionaryOf) this.dictionaryOf = values;
    } else if (values) this.dictionary?.restore(values, hashes);
    this.single = single;
    this.counts = counts;
    this.starts = starts;
    const last = (counts?.length ?? 0) - 1;
    // A pool restored with room to grow (pooledWithRoom) is taken whole: its values fill the start.
    this.pool = pool.byteOffset === 0 ? wholeOf(pool) : pool;
    this.pooled = counts && last >= 0 ? starts![last]! + counts[last]! : 0;
    this.nextPool = undefined;
    this.narrow = widthOf(single) === 4 || widthOf(pool) === 4;
    const fits = this.dictionaryOf !== undefined && this.dictionaryOf.size <= this.float32Below;
    if (this.narrow && !fits) this.widen();
  }

  /** Codes no longer fit Float32Arrays (or the column holds other numbers): Float64Arrays from now on. */
  private widen() {
    this.narrow = false;
    if (this.single instanceof Float32Array) this.single = wide(this.single, this.single.length);
    if (this.pool instanceof Float32Array)
      this.pool = wide(this.pool.subarray(0, this.pooled), this.pool.length);
    this.nextPool = undefined;
  }

  /**
   * Grows the arrays before the rows reach their end (see SearchIndex.growAhead), to `expected` rows or by
   * half; false when this column is small or not near its end.
   */
  growAhead(rows: number, expected: number): boolean {
    const length = this.single.length;
    if (this.single instanceof Float32Array && this.nearlyWide()) {
      // Costs what growing it would.
      this.single = wide(this.single, this.single.length);
      this.narrow = this.pool instanceof Float32Array;
      return true;
    }
    if (length < GROW_AHEAD_FROM || rows < length * 0.95) return false;
    // One array per call (allocating and first writing a million rows' array takes 5–15 ms). `single`
    // goes last: every read checks a row against its length, so the others are never the shorter.
    const capacity = Math.max(expected, Math.ceil(length * 1.5));
    if (this.starts && this.starts.length < capacity) this.starts = grownTo(this.starts, capacity);
    else if (this.counts && this.counts.length < capacity) this.counts = grownTo(this.counts, capacity);
    else this.single = grownTo(this.single, capacity, MISSING);
    return true;
  }

  /**
   * Moves a pool that is nine tenths full into one twice its size, or Float32 codes about to outgrow
   * them (WIDEN_AHEAD_AT) into a Float64Array, a slice per call (syncs call this between their slices,
   * see SearchIndex.growAhead): copying a free-text pool of a million entries in one go held the event
   * loop for 100 ms. The pool only grows at its end, so what was copied stays valid; false when there is
   * nothing to do.
   */
  growPoolAhead(): boolean {
    if (!this.nextPool) {
      const full = this.pool.length >= GROW_AHEAD_FROM && this.pooled >= this.pool.length * 0.9;
      const widen = this.pool instanceof Float32Array && this.nearlyWide();
      if (!full && !widen) return false;
      const width = widen ? 8 : widthOf(this.pool);
      this.nextPool = storedArray(
        width,
        this.pooled >= this.pool.length * 0.9 ? this.pool.length * 2 : this.pool.length,
      );
      this.nextCopied = 0;
    }
    const end = Math.min(this.pooled, this.nextCopied + POOL_SLICE);
    this.nextPool.set(this.pool.subarray(this.nextCopied, end), this.nextCopied);
    this.nextCopied = end;
    if (this.nextCopied === this.pooled) this.switchPool();
    return true;
  }

  /** Takes the larger (or wider) pool, with what was added since its last slice. */
  private switchPool() {
    const next = this.nextPool!;
    next.set(this.pool.subarray(this.nextCopied, this.pooled), this.nextCopied);
    this.pool = next;
    this.nextPool = undefined;
    this.narrow = this.single instanceof Float32Array || this.pool instanceof Float32Array;
  }

  private nearlyWide(): boolean {
    return this.dictionaryOf !== undefined && this.dictionaryOf.size >= this.float32Below * WIDEN_AHEAD_AT;
  }

  private ensure(length: number) {
    if (length > this.single.length) this.resize(Math.max(length, this.single.length * 2, 1024));
  }

  private resize(capacity: number) {
    if (this.starts) this.starts = grownTo(this.starts, capacity);
    if (this.counts) this.counts = grownTo(this.counts, capacity);
    this.single = grownTo(this.single, capacity, MISSING);
  }
}

/** A Float64Array of `length` holding `values` at its start. */
const wide = (values: StoredArray, length: number) => {
  const array = new Float64Array(length);
  array.set(values);
  return array;
};

/**
 * Fills `starts` for slots [from, to) (where each slot's values begin in a pool kept in slot order), the
 * first at `start`: a restore of ten million rows computes them in steps between turns.
 */
export const startsOf = (
  counts: Uint16Array,
  from: number,
  to: number,
  starts: Int32Array,
  start: number,
): Int32Array => {
  let next = start;
  for (let slot = from; slot < to; slot++) {
    starts[slot] = next;
    next += counts[slot]!;
  }
  return starts;
};

/** The whole buffer of an array that starts at its beginning (a pool with room, see pooledWithRoom). */
const wholeOf = (array: StoredArray): StoredArray =>
  array instanceof Float32Array ? new Float32Array(array.buffer) : new Float64Array(array.buffer);

type RowArray = StoredArray | Uint8Array | Uint16Array | Int32Array;

/** The array itself when it is long enough, else a copy of `capacity` with `fill` after its values. */
export const grownTo = <A extends RowArray>(array: A, capacity: number, fill = 0): A => {
  if (array.length >= capacity) return array;
  const grown = new (array.constructor as new (length: number) => A)(capacity);
  grown.set(array as never);
  if (fill !== 0) grown.fill(fill, array.length);
  return grown;
};
