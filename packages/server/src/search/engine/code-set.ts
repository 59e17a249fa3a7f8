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

  has(code: number): boolean {
    const word = code >>> 5;
    return code >= 0 && word < this.bits.length && (this.bits[word]! & (1 << (code & 31))) !== 0;
  }
}
