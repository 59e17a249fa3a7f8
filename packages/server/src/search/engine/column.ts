import type { QuantityType } from '../quantities.ts';

export type Scalar = string | number | boolean;

/**
 * Strings and booleans are dictionary-coded, so equality tests and terms counts work on small integers;
 * numbers and timestamps (epoch milliseconds) are stored as they are.
 */
export class Dictionary {
  readonly values: Scalar[] = [];
  private readonly codes = new Map<Scalar, number>();

  code(value: Scalar): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a value already seen, or -1: a value never stored cannot match anything. */
  find(value: Scalar): number {
    return this.codes.get(value) ?? -1;
  }
}

const MISSING = Number.NaN;

/**
 * One search quantity over all rows: a single value per row in a typed array (NaN = none); rows with
 * several values (lists, repeated sections) keep them in a side map and are flagged, so scans over
 * single-valued quantities never touch the map.
 */
export class Column {
  readonly dictionary: Dictionary | undefined;
  private single = new Float64Array(0);
  private flags = new Uint8Array(0);
  private readonly multi = new Map<number, number[]>();

  constructor(readonly type: QuantityType) {
    this.dictionary = type === 'string' || type === 'boolean' ? new Dictionary() : undefined;
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
    return this.dictionary ? (this.dictionary.values[stored] as Scalar) : stored;
  }

  set(row: number, values: readonly Scalar[]): void {
    this.ensure(row + 1);
    if (values.length === 1) {
      // The common case, without the intermediate arrays below.
      this.single[row] = this.encode(values[0]!);
      if (this.flags[row]) {
        this.multi.delete(row);
        this.flags[row] = 0;
      }
      return;
    }
    const stored = values.map((value) => this.encode(value)).filter((value) => !Number.isNaN(value));
    if (stored.length <= 1) {
      this.single[row] = stored[0] ?? MISSING;
      if (this.flags[row]) this.multi.delete(row);
      this.flags[row] = 0;
    } else {
      this.single[row] = MISSING;
      this.flags[row] = 1;
      this.multi.set(row, stored);
    }
  }

  clear(row: number): void {
    if (row < this.single.length) this.set(row, []);
  }

  /** Calls `visit` for each stored value of the row; returns how many there were. */
  forEach(row: number, visit: (stored: number) => void): number {
    if (row >= this.single.length) return 0;
    const value = this.single[row]!;
    if (value === value) {
      visit(value);
      return 1;
    }
    if (!this.flags[row]) return 0;
    const values = this.multi.get(row)!;
    for (const v of values) visit(v);
    return values.length;
  }

  /** Whether any stored value of the row passes `test`. */
  some(row: number, test: (stored: number) => boolean): boolean {
    if (row >= this.single.length) return false;
    const value = this.single[row]!;
    if (value === value) return test(value);
    if (!this.flags[row]) return false;
    return this.multi.get(row)!.some(test);
  }

  /** The smallest (or largest) stored value of a row, NaN when it has none; no intermediate arrays. */
  extreme(row: number, largest: boolean): number {
    if (row >= this.single.length) return MISSING;
    const value = this.single[row]!;
    if (value === value || !this.flags[row]) return value;
    const values = this.multi.get(row)!;
    return largest ? Math.max(...values) : Math.min(...values);
  }

  /** The values of a row (empty when none). */
  values(row: number): number[] {
    if (row >= this.single.length) return [];
    const value = this.single[row]!;
    if (value === value) return [value];
    return this.flags[row] ? this.multi.get(row)! : [];
  }

  private ensure(length: number) {
    if (length <= this.single.length) return;
    const capacity = Math.max(length, this.single.length * 2, 1024);
    const single = new Float64Array(capacity).fill(MISSING);
    single.set(this.single);
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.single = single;
    this.flags = flags;
  }
}
