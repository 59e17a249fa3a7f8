import type { Scalar } from './column.ts';

/**
 * A dictionary's values as a snapshot stores them, not yet split into strings: texts of values separated
 * by NUL, and lists parsed already. Making millions of strings was most of a load and of its garbage
 * collection; a loaded dictionary splits a text at a time in the background (Dictionary.warm), or all at
 * once when a search needs its values before.
 */
export class PendingValues {
  private next = 0;

  constructor(
    /** How many values are left to split. */
    public remaining: number,
    private readonly chunks: (string | Scalar[])[],
  ) {}

  /** Appends the next chunk's values to `into`; false when none was left. */
  splitNext(into: Scalar[]): boolean {
    const chunk = this.chunks[this.next];
    if (chunk === undefined) return false;
    this.chunks[this.next++] = [];
    const values = typeof chunk === 'string' ? chunk.split('\0') : chunk;
    for (const value of values) into.push(value);
    this.remaining -= values.length;
    return true;
  }
}
