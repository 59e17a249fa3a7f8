import type { Scalar } from './column.ts';
import { hashScalar, hashText, sameValueZero, type IndexedValues } from './list-index.ts';

/** Orders two strings given as ranges of texts as `<` orders them (UTF-16 code units). */
export const compareRanges = (
  x: string,
  xFrom: number,
  xTo: number,
  y: string,
  yFrom: number,
  yTo: number,
) => {
  const length = Math.min(xTo - xFrom, yTo - yFrom);
  for (let i = 0; i < length; i++) {
    const difference = x.charCodeAt(xFrom + i) - y.charCodeAt(yFrom + i);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  const difference = xTo - xFrom - (yTo - yFrom);
  return difference === 0 ? 0 : difference < 0 ? -1 : 1;
};

/** A test of the string at [from, to) of `text`. */
export type RangeTest = (text: string, from: number, to: number) => boolean;

/** The test of a string that begins with `part`. */
export const startsWith =
  (part: string): RangeTest =>
  (text, from, to) =>
    to - from >= part.length && text.startsWith(part, from);

/** Values appended one by one are joined into a chunk once there are this many. */
const CHUNK_VALUES = 1 << 14;

/**
 * A list of values stored as few large strings: chunks of values joined by NUL, each value's chunk and
 * start in typed arrays. A million entries' ids and dictionary values as millions of small strings were
 * most of the heap's objects: every garbage collection traced them, young ones were copied, and a full
 * collection forced while the heap grew fast (a build) marked them all in its pause (160–180 ms at 1M).
 * A value is sliced out of its chunk when asked for; one that is not a string, or holds a NUL, is kept
 * aside (its chunk holds an empty string in its place).
 */
export class ValueList<T extends Scalar = Scalar> implements IndexedValues {
  private readonly chunks: string[] = [];
  /** Per chunked position: its chunk and where it starts there (it ends at the next NUL or the chunk's end). */
  private chunkOf = new Int32Array(0);
  private starts = new Int32Array(0);
  private chunked = 0;
  /** Values after the chunked ones, one string each until there are CHUNK_VALUES. */
  private tail: string[] = [];
  private readonly aside = new Map<number, T>();
  /** Where the text `locate` returned holds the value (scratch, so that comparing allocates nothing). */
  private from = 0;
  private to = 0;

  get length(): number {
    return this.chunked + this.tail.length;
  }

  /** The value at a position below `length`. */
  at(position: number): T {
    const other = this.aside.size > 0 ? this.aside.get(position) : undefined;
    if (other !== undefined) return other;
    if (position >= this.chunked) return this.tail[position - this.chunked] as T;
    const chunk = this.chunks[this.chunkOf[position]!]!;
    return chunk.slice(this.starts[position]!, this.endOf(position, chunk)) as T;
  }

  push(value: T): void {
    if (typeof value === 'string' && !value.includes('\0')) this.tail.push(value);
    else {
      this.aside.set(this.length, value);
      this.tail.push('');
    }
    if (this.tail.length >= CHUNK_VALUES) this.seal();
  }

  /** Makes room for `count` values in all, so that appending chunks of them copies no positions. */
  reserve(count: number): void {
    this.grow(count);
  }

  /** Appends the values of a text of NUL-separated strings (a list text without its leading NUL). */
  pushText(text: string): void {
    this.seal();
    const chunk = this.chunks.length;
    let count = 1;
    for (let at = text.indexOf('\0'); at >= 0; at = text.indexOf('\0', at + 1)) count++;
    this.grow(this.chunked + count);
    let start = 0;
    for (let k = 0; k < count; k++) {
      this.chunkOf[this.chunked] = chunk;
      this.starts[this.chunked++] = start;
      start = text.indexOf('\0', start) + 1;
    }
    this.chunks.push(text);
  }

  *[Symbol.iterator](): Generator<T> {
    for (let position = 0; position < this.length; position++) yield this.at(position);
  }

  hashAt(position: number): number {
    const other = this.aside.size > 0 ? this.aside.get(position) : undefined;
    if (other !== undefined) return hashScalar(other);
    if (position >= this.chunked) return hashScalar(this.tail[position - this.chunked]!);
    const chunk = this.chunks[this.chunkOf[position]!]!;
    return hashText(chunk, this.starts[position]!, this.endOf(position, chunk));
  }

  holds(position: number, value: Scalar): boolean {
    const other = this.aside.size > 0 ? this.aside.get(position) : undefined;
    if (other !== undefined) return sameValueZero(other, value);
    if (typeof value !== 'string') return false;
    if (position >= this.chunked) return this.tail[position - this.chunked] === value;
    const chunk = this.chunks[this.chunkOf[position]!]!;
    const start = this.starts[position]!;
    return this.endOf(position, chunk) - start === value.length && chunk.startsWith(value, start);
  }

  same(a: number, b: number): boolean {
    return this.holds(a, this.at(b));
  }

  /** Orders the strings at two positions as `<` would (UTF-16 code units), without slicing them out. */
  compareAt(a: number, b: number): number {
    const x = this.locate(a);
    const xFrom = this.from;
    const xTo = this.to;
    const y = this.locate(b);
    return compareRanges(x, xFrom, xTo, y, this.from, this.to);
  }

  /** Orders the string at a position against `value` as `<` would. */
  compareTo(position: number, value: string): number {
    const x = this.locate(position);
    return compareRanges(x, this.from, this.to, value, 0, value.length);
  }

  /**
   * The first three UTF-16 code units of the string at a position as one number, a missing one as 0: when
   * two keys differ they order their strings as compareAt does; equal keys leave it to compareAt.
   */
  prefixKey(position: number): number {
    const text = this.locate(position);
    const from = this.from;
    const length = this.to - from;
    let key = 0;
    for (let i = 0; i < 3; i++) key = key * 65_536 + (i < length ? text.charCodeAt(from + i) : 0);
    return key;
  }

  /**
   * Whether the string at a position passes `test`, given the text that holds it and its range there (no
   * string is made for it); values that are not strings do not.
   */
  passes(position: number, test: RangeTest): boolean {
    const other = this.aside.size > 0 ? this.aside.get(position) : undefined;
    if (other !== undefined) return typeof other === 'string' && test(other, 0, other.length);
    const text = this.locate(position);
    return test(text, this.from, this.to);
  }

  /**
   * Calls `visit` with each position in [from, to) whose value is a string beginning with `part`: the chunks'
   * texts are searched with indexOf, a native scan, rather than each value tested in turn (free text walks
   * a dictionary of hundreds of thousands of words per request). Positions kept aside come last.
   */
  visitStartingWith(part: string, from: number, to: number, visit: (position: number) => void): void {
    const end = Math.min(to, this.length);
    if (part.length === 0 || part.includes('\0')) {
      for (let position = from; position < end; position++)
        if (this.passes(position, startsWith(part))) visit(position);
      return;
    }
    const chunkedEnd = Math.min(end, this.chunked);
    for (let first = from; first < chunkedEnd;) {
      const last = this.lastInChunk(first, chunkedEnd);
      const chunk = this.chunks[this.chunkOf[first]!]!;
      const textTo = this.endOf(last, chunk);
      let position = first;
      for (let at = chunk.indexOf(part, this.starts[first]!); at >= 0 && at < textTo;) {
        if (at === 0 || chunk.charCodeAt(at - 1) === 0) {
          position = this.positionAt(at, position, last);
          visit(position);
        }
        at = chunk.indexOf(part, at + 1);
      }
      first = last + 1;
    }
    for (let position = Math.max(from, this.chunked); position < end; position++)
      if (this.tail[position - this.chunked]!.startsWith(part)) visit(position);
    for (const [position, value] of this.aside)
      if (position >= from && position < end && typeof value === 'string' && value.startsWith(part))
        visit(position);
  }

  /** The last position of first's chunk below `end` (a chunk's positions follow each other). */
  private lastInChunk(first: number, end: number): number {
    const chunk = this.chunkOf[first]!;
    let low = first;
    let high = end - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.chunkOf[middle] === chunk) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The position in [low, high] of one chunk whose value starts at `at` of the chunk's text. */
  private positionAt(at: number, low: number, high: number): number {
    let lo = low;
    let hi = high;
    while (lo < hi) {
      const middle = (lo + hi + 1) >>> 1;
      if (this.starts[middle]! <= at) lo = middle;
      else hi = middle - 1;
    }
    return lo;
  }

  /** The text holding a position's value, which lies at [from, to) of it. */
  private locate(position: number): string {
    const other = this.aside.size > 0 ? this.aside.get(position) : undefined;
    let text: string;
    if (other !== undefined) text = String(other);
    else if (position >= this.chunked) text = this.tail[position - this.chunked]!;
    else {
      text = this.chunks[this.chunkOf[position]!]!;
      this.from = this.starts[position]!;
      this.to = this.endOf(position, text);
      return text;
    }
    this.from = 0;
    this.to = text.length;
    return text;
  }

  private endOf(position: number, chunk: string) {
    return position + 1 < this.chunked && this.chunkOf[position + 1] === this.chunkOf[position]
      ? this.starts[position + 1]! - 1
      : chunk.length;
  }

  /** Joins the tail into a chunk. */
  private seal() {
    if (this.tail.length === 0) return;
    const chunk = this.chunks.length;
    this.grow(this.chunked + this.tail.length);
    let start = 0;
    for (const value of this.tail) {
      this.chunkOf[this.chunked] = chunk;
      this.starts[this.chunked++] = start;
      start += value.length + 1;
    }
    this.chunks.push(this.tail.join('\0'));
    this.tail = [];
  }

  private grow(count: number) {
    if (count <= this.starts.length) return;
    const size = Math.max(count, this.starts.length * 2, 1024);
    const chunkOf = new Int32Array(size);
    chunkOf.set(this.chunkOf);
    const starts = new Int32Array(size);
    starts.set(this.starts);
    this.chunkOf = chunkOf;
    this.starts = starts;
  }
}
