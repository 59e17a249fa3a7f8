import { CHECK_EVERY, type SearchBudget } from './budget.ts';
import type { Column } from './column.ts';
import type { RangeTest } from './value-list.ts';

/**
 * A set of dictionary codes as a bit per code: a criterion matching most of a large dictionary (a range
 * on entry ids, a one-letter free-text word) costs an eighth of a byte per value, not a hash entry.
 */
export class CodeSet {
  private readonly bits: Uint32Array;
  size = 0;

  constructor(capacity: number) {
    this.bits = new Uint32Array((capacity + 31) >>> 5);
  }

  add(code: number): void {
    const word = code >>> 5;
    const bit = 1 << (code & 31);
    if ((this.bits[word]! & bit) === 0) {
      this.bits[word]! |= bit;
      this.size++;
    }
  }

  /** Sets mask[code] to 1 for every code of the set. */
  markIn(mask: Uint8Array): void {
    this.forEach((code) => (mask[code] = 1));
  }

  /** Sets bit `bit` of bits[code] for every code of the set. */
  markBit(bits: Uint32Array, bit: number): void {
    this.forEach((code) => (bits[code]! |= 1 << bit));
  }

  private forEach(visit: (code: number) => void): void {
    const { bits } = this;
    for (let word = 0; word < bits.length; word++) {
      let rest = bits[word]!;
      while (rest !== 0) {
        const low = rest & -rest;
        visit((word << 5) + 31 - Math.clz32(low));
        rest ^= low;
      }
    }
  }

  has(code: number): boolean {
    const word = code >>> 5;
    return code >= 0 && word < this.bits.length && (this.bits[word]! & (1 << (code & 31))) !== 0;
  }
}

/**
 * Codes of the dictionary's string values passing a test (text operators and string ranges work on the
 * values), each given as a range of the text that holds it (see ValueList); dictionaries grow with the
 * entries, so the scan takes turns with other requests.
 */
export const codesWhere = async (column: Column, test: RangeTest, budget: SearchBudget): Promise<CodeSet> => {
  const { dictionary } = column;
  // Values added while this scan pauses are newer than the search; they are left out.
  const length = dictionary?.size ?? 0;
  const codes = new CodeSet(length);
  for (let code = 0; code < length; code++) {
    if ((code & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    if (dictionary!.passes(code, test)) codes.add(code);
  }
  return codes;
};
