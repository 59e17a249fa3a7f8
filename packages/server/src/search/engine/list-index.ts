import type { Scalar } from './column.ts';

const EMPTY = 0;
const REMOVED = -1;
const MIN_SLOTS = 16;

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** Spreads a hash's changes over all its bits (MurmurHash3's finaliser): slots are its low bits. */
const mix = (hash: number) => {
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
};

/** hashScalar of `text.slice(from, to)`, without making that string. */
export const hashText = (text: string, from: number, to: number): number => {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return mix(hash);
};

/** A 32-bit hash that agrees with SameValueZero: strings by their UTF-16 code units (FNV-1a). */
export const hashScalar = (value: Scalar): number => {
  if (typeof value === 'string') return hashText(value, 0, value.length);
  if (typeof value === 'boolean') return value ? 0x5bd1e995 : 0x1b873593;
  if (value !== value) return 0x7ff80000;
  bits[0] = value === 0 ? 0 : value;
  return mix(words[0]! ^ Math.imul(words[1]!, 0x9e3779b1));
};

export const sameValueZero = (a: Scalar, b: Scalar): boolean => a === b || (a !== a && b !== b);

/** The values a ListIndex finds positions of, by position. */
export interface IndexedValues {
  /** hashScalar of the value at a position. */
  hashAt(position: number): number;
  /** Whether the value at a position is `value` (SameValueZero). */
  holds(position: number, value: Scalar): boolean;
  /** Whether two positions hold the same value. */
  same(a: number, b: number): boolean;
}

/**
 * Finds positions by value: an open-addressing hash table of positions in typed arrays, over values its
 * owner appends to. Used where a Map would hold millions of values (dictionary codes, entry
 * rows): a Map that size refers to every value a second time for each garbage collection to trace, and
 * grows by rehashing all of it in one step (50–100 ms at a million); this table grows by copying integers.
 */
export class ListIndex {
  /** Per slot: a position + 1, EMPTY, or REMOVED. At most half of the slots are in use. */
  private slots = new Int32Array(MIN_SLOTS);
  /** Per position: its value's hash, so that growing never hashes a value again. */
  private hashes = new Int32Array(0);
  private used = 0;
  private removed = 0;

  constructor(private readonly values: IndexedValues) {}

  /** Positions indexed. */
  get size(): number {
    return this.used;
  }

  /** Makes room for `count` positions in all, so that indexing them copies nothing. */
  reserve(count: number): void {
    this.growHashes(count);
    if ((this.removed + count) * 2 > this.slots.length) this.rehash(count);
  }

  /** The position of a value, or -1. */
  find(value: Scalar): number {
    const { slots, hashes, values } = this;
    const hash = hashScalar(value);
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]!;
      if (held === EMPTY) return -1;
      if (held !== REMOVED && hashes[held - 1] === hash && values.holds(held - 1, value)) return held - 1;
    }
  }

  /** Indexes a position; false (and nothing changes) when its value is found already. */
  add(position: number): boolean {
    if (position >= this.hashes.length) this.growHashes(Math.max(position + 1, this.hashes.length * 2));
    if ((this.used + this.removed + 1) * 2 > this.slots.length) this.rehash((this.used + 1) * 2);
    const { slots, hashes, values } = this;
    const hash = values.hashAt(position);
    const mask = slots.length - 1;
    let free = -1;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const held = slots[slot]!;
      if (held === EMPTY) break;
      if (held === REMOVED) {
        if (free < 0) free = slot;
      } else if (hashes[held - 1] === hash && values.same(held - 1, position)) return false;
    }
    if (free >= 0) {
      slot = free;
      this.removed--;
    }
    slots[slot] = position + 1;
    hashes[position] = hash;
    this.used++;
    return true;
  }

  /** The hash stored for an indexed position. */
  hashOf(position: number): number {
    return this.hashes[position]!;
  }

  /**
   * Indexes a position whose hash is known, without comparing values: for values known to be distinct
   * (a snapshot's dictionary, hashed when it was written).
   */
  addHashed(position: number, hash: number): void {
    if (position >= this.hashes.length) this.growHashes(Math.max(position + 1, this.hashes.length * 2));
    if ((this.used + this.removed + 1) * 2 > this.slots.length) this.rehash((this.used + 1) * 2);
    const { slots } = this;
    const mask = slots.length - 1;
    let slot = hash & mask;
    while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    slots[slot] = position + 1;
    this.hashes[position] = hash;
    this.used++;
  }

  /** Forgets a position (its value is then found nowhere); nothing when it is not indexed. */
  remove(position: number): void {
    const { slots } = this;
    const mask = slots.length - 1;
    for (let slot = this.hashes[position]! & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]!;
      if (held === EMPTY) return;
      if (held === position + 1) {
        slots[slot] = REMOVED;
        this.used--;
        this.removed++;
        return;
      }
    }
  }

  private growHashes(count: number) {
    if (this.hashes.length >= count) return;
    const hashes = new Int32Array(count);
    hashes.set(this.hashes);
    this.hashes = hashes;
  }

  /** Rebuilds the table for `count` positions (dropping removed slots). */
  private rehash(count: number) {
    let size = MIN_SLOTS;
    while (size < count * 2) size *= 2;
    const old = this.slots;
    this.slots = new Int32Array(size);
    this.removed = 0;
    const mask = size - 1;
    for (const held of old) {
      if (held <= 0) continue;
      let slot = this.hashes[held - 1]! & mask;
      while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      this.slots[slot] = held;
    }
  }
}
