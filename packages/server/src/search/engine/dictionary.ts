import type { Scalar } from './column.ts';
import { hashScalar, ListIndex } from './list-index.ts';
import type { PendingValues } from './pending-values.ts';
import { ValueList, type RangeTest } from './value-list.ts';

/**
 * A column's distinct values, coded by their position: a ValueList (few large strings, not one string
 * per value) with a ListIndex to find a value's code.
 */
export class Dictionary {
  private readonly list = new ValueList();
  private readonly codes = new ListIndex(this.list);
  /** How many codes `codes` holds: restored values are added to it later (warm). */
  private indexed = 0;
  /** Restored chunks not taken in yet (warm, or any use of the values, takes them). */
  private pending: PendingValues | undefined;
  /** The hashes of restored values, by code, when the snapshot kept them: warming then hashes nothing. */
  private restoredHashes: Int32Array | undefined;

  /** How many values there are. */
  get size(): number {
    return this.list.length + (this.pending?.remaining ?? 0);
  }

  /** The value of a code below `size`. */
  value(code: number): Scalar {
    if (this.pending) this.takePending();
    return this.list.at(code);
  }

  /** Orders the values of two codes below `size` as `<` orders their texts, without making strings. */
  compare(a: number, b: number): number {
    if (this.pending) this.takePending();
    return this.list.compareAt(a, b);
  }

  /** A number that orders the values of codes as compare does where two differ (see ValueList.prefixKey). */
  prefixKey(code: number): number {
    if (this.pending) this.takePending();
    return this.list.prefixKey(code);
  }

  /** Whether the value of a code below `size` is a string that passes `test` (see ValueList.passes). */
  passes(code: number, test: RangeTest): boolean {
    if (this.pending) this.takePending();
    return this.list.passes(code, test);
  }

  /** Calls `visit` with each code in [from, to) whose value is a string beginning with `part`. */
  visitStartingWith(part: string, from: number, to: number, visit: (code: number) => void): void {
    if (this.pending) this.takePending();
    this.list.visitStartingWith(part, from, to, visit);
  }

  /** Whether the value of a code below `size` is `value` (SameValueZero), without looking it up. */
  holds(code: number, value: Scalar): boolean {
    if (this.pending) this.takePending();
    return this.list.holds(code, value);
  }

  /** Takes over values restored from a snapshot or a build (codes in their order); needs an empty dictionary. */
  restore(values: PendingValues, hashes?: Int32Array): void {
    if (this.size > 0) throw new Error('Dictionary.restore needs an empty dictionary');
    this.pending = values;
    this.restoredHashes = hashes?.length === values.remaining ? hashes : undefined;
    this.codes.reserve(values.remaining);
    this.list.reserve(values.remaining);
  }

  /** hashScalar of the value of a code (stored already for indexed codes). */
  hashOf(code: number): number {
    return code < this.indexed ? this.codes.hashOf(code) : hashScalar(this.value(code));
  }

  /** Makes room for `count` values in all, so that coding them copies nothing. */
  reserve(count: number): void {
    this.codes.reserve(count);
  }

  /**
   * Takes in restored chunks, or indexes up to `limit` more values; true when all are done. A load leaves
   * this to later (a million entries' values take seconds); any lookup first completes it.
   */
  warm(limit = Infinity): boolean {
    if (this.pending) {
      if (this.takeChunk()) return false;
      this.pending = undefined;
    }
    const end = Math.min(this.size, this.indexed + limit);
    const hashes = this.restoredHashes;
    for (; this.indexed < end; this.indexed++) {
      if (hashes && this.indexed < hashes.length) this.codes.addHashed(this.indexed, hashes[this.indexed]!);
      else this.codes.add(this.indexed);
    }
    if (hashes && this.indexed >= hashes.length) this.restoredHashes = undefined;
    return this.indexed === this.size;
  }

  code(value: Scalar): number {
    this.complete();
    let code = this.codes.find(value);
    if (code < 0) {
      code = this.list.length;
      this.list.push(value);
      this.codes.add(code);
      this.indexed++;
    }
    return code;
  }

  /** The code of a value already seen, or -1: a value never stored cannot match anything. */
  find(value: Scalar): number {
    this.complete();
    return this.codes.find(value);
  }

  /** Takes in the next restored chunk; false when none was left. */
  private takeChunk(): boolean {
    const next = this.pending!.next();
    if (next === undefined) return false;
    const before = this.list.length;
    if (typeof next === 'string') this.list.pushText(next);
    else for (const value of next) this.list.push(value);
    this.pending!.remaining -= this.list.length - before;
    return true;
  }

  private takePending() {
    while (this.takeChunk());
    this.pending = undefined;
  }

  private complete() {
    if (this.pending || this.indexed < this.size) while (!this.warm());
  }
}
