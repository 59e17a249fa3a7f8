import type { SearchBudget } from './budget.ts';
import { bitCount, inChunks } from './column-scan.ts';
import type { Column } from './column.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';

/** Columns with at most this many codes get bitmaps (a bit a row for each code). */
const MAX_CODES = 256;
/** Bytes of bitmaps kept per row of the index, all columns together: 32 MB at a million entries. */
const KEPT_BYTES_PER_ROW = 32;

/** A bitmap over rows per code of one column, as the index was at `revision`. */
export interface ColumnBitmaps {
  revision: number;
  /** Per code, bit `row & 31` of word `row >>> 5`; undefined for a code no row holds. */
  codes: (Uint32Array | undefined)[];
  bytes: number;
}

/**
 * Bitmaps of the codes of small dictionaries (program names, elements, crystal systems), made from a
 * column in one scan when a search first asks and kept while the index is unchanged: a criterion on such
 * a column then tests one bit per row in a bitmap a few hundred kB long, where a scan read the row's
 * values (a list's, in the pool) and took a branch that guesses wrong half the time.
 */
export class CodeBitmaps {
  private readonly kept = new Map<Column, ColumnBitmaps>();
  private bytes = 0;

  /** Whether the column gets bitmaps: entry-level codes of a small dictionary, within a share of the room. */
  covers(index: SearchIndex, indexed: IndexedQuantity): boolean {
    const size = indexed.column.dictionary?.size ?? 0;
    return (
      indexed.scope === 'entry' &&
      size > 0 &&
      size <= MAX_CODES &&
      size * wordsOf(index) * 4 <= limitOf(index) / 2
    );
  }

  /** The bitmaps of the column's codes, or undefined when it gets none (covers). */
  async of(
    index: SearchIndex,
    indexed: IndexedQuantity,
    budget: SearchBudget,
  ): Promise<ColumnBitmaps | undefined> {
    if (!this.covers(index, indexed)) return undefined;
    const { column } = indexed;
    const size = column.dictionary!.size;
    const rows = index.rowCount;
    const words = wordsOf(index);
    const limit = limitOf(index);
    const found = this.kept.get(column);
    if (found) {
      this.kept.delete(column);
      if (found.revision === index.revision) {
        this.kept.set(column, found);
        return found;
      }
      this.bytes -= found.bytes;
    }
    // Taken at the start: rows stored while the scan pauses make the next search scan again.
    const revision = index.revision;
    const made = await bitmapsOf(column, rows, size, words, budget);
    const bitmaps = { revision, ...made };
    this.kept.set(column, bitmaps);
    this.bytes += bitmaps.bytes;
    for (const [other, old] of this.kept) {
      if (this.bytes <= limit || other === column) break;
      this.kept.delete(other);
      this.bytes -= old.bytes;
    }
    return bitmaps;
  }
}

const wordsOf = (index: SearchIndex) => (index.rowCount + 31) >>> 5;
const limitOf = (index: SearchIndex) => Math.max(1 << 20, index.rowCount * KEPT_BYTES_PER_ROW);

const bitmapsOf = async (column: Column, rows: number, size: number, words: number, budget: SearchBudget) => {
  const codes: (Uint32Array | undefined)[] = new Array(size).fill(undefined);
  let bytes = 0;
  const set = (code: number, row: number) => {
    let bits = codes[code];
    if (!bits) {
      bits = codes[code] = new Uint32Array(words);
      bytes += words * 4;
    }
    bits[row >>> 5]! |= 1 << (row & 31);
  };
  await inChunks(rows, budget, (from, to) => {
    const { single, counts, starts, pool } = column.arrays();
    const end = Math.min(to, single.length);
    for (let row = from; row < end; row++) {
      const value = single[row]!;
      if (value === value) {
        if (value < size) set(value, row);
        continue;
      }
      if (counts === undefined) continue;
      const start = starts![row]!;
      const stop = start + counts[row]!;
      for (let j = start; j < stop; j++) if (pool[j]! < size) set(pool[j]!, row);
    }
  });
  return { codes, bytes };
};

/** The union of the given codes' bitmaps (undefined for none). */
export const unionOf = (bitmaps: ColumnBitmaps, mask: Uint8Array): Uint32Array | undefined => {
  let union: Uint32Array | undefined;
  bitmaps.codes.forEach((bits, code) => {
    if (!bits || mask[code] !== 1) return;
    if (!union) union = bits.slice();
    else for (let w = 0; w < bits.length; w++) union[w]! |= bits[w]!;
  });
  return union;
};

/** Appends the candidates from..to whose bit is set; returns the new length. No branch on the outcome. */
export const selectSet = (
  bits: Uint32Array,
  candidates: Int32Array,
  from: number,
  to: number,
  out: Int32Array,
  n: number,
): number => {
  let end = n;
  const last = bits.length << 5;
  if (to > from && candidates[to - 1]! < last) {
    // Every candidate of the chunk within the bitmap (candidates ascend): no bounds test.
    for (let i = from; i < to; i++) {
      const row = candidates[i]!;
      out[end] = row;
      end += (bits[row >>> 5]! >>> (row & 31)) & 1;
    }
    return end;
  }
  for (let i = from; i < to; i++) {
    const row = candidates[i]!;
    out[end] = row;
    // Rows past the bitmap (stored since it was made) read no word: they hold none of the codes then.
    end += row < last ? (bits[row >>> 5]! >>> (row & 31)) & 1 : 0;
  }
  return end;
};

/** ANDs `bits` into `into` (words past the shorter one end up 0). */
export const andInto = (into: Uint32Array, bits: Uint32Array): void => {
  const shared = Math.min(into.length, bits.length);
  for (let w = 0; w < shared; w++) into[w]! &= bits[w]!;
  into.fill(0, shared);
};

/** Words of a bitmap listed between two looks at the budget. */
const WORDS_PER_STEP = 1 << 13;

/** The rows whose bit is set, ascending. */
export const rowsOf = async (bits: Uint32Array, budget: SearchBudget): Promise<Int32Array> => {
  let count = 0;
  for (let w = 0; w < bits.length; w++) count += bitCount(bits[w]!);
  const rows = new Int32Array(count);
  let n = 0;
  for (let first = 0; first < bits.length; first += WORDS_PER_STEP) {
    if (budget.due()) await budget.pause();
    const end = Math.min(bits.length, first + WORDS_PER_STEP);
    for (let w = first; w < end; w++) {
      let word = bits[w]!;
      while (word !== 0) {
        const low = word & -word;
        rows[n++] = (w << 5) + 31 - Math.clz32(low);
        word ^= low;
      }
    }
  }
  return rows;
};

/** The bitmap of the given rows, `rows` bits long. */
export const bitsOfRows = (list: Int32Array, rows: number): Uint32Array => {
  const bits = new Uint32Array((rows + 31) >>> 5);
  for (let i = 0; i < list.length; i++) {
    const row = list[i]!;
    bits[row >>> 5]! |= 1 << (row & 31);
  }
  return bits;
};
