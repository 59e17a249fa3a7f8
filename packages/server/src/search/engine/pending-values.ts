import type { Scalar } from './column.ts';

/**
 * A dictionary's values as a snapshot or a build's share hands them over, not yet taken in: texts of
 * values separated by NUL, and lists parsed already (values a text cannot hold). A dictionary takes a
 * chunk at a time (Dictionary.warm), or all at once when a search needs its values before.
 */
export class PendingValues {
  private at = 0;

  constructor(
    /** How many values the chunks not yet taken hold. */
    public remaining: number,
    private readonly chunks: (string | Scalar[])[],
  ) {}

  /** The chunks of several, in order, not taken yet. */
  static concat(all: readonly PendingValues[]): PendingValues {
    return new PendingValues(
      all.reduce((n, values) => n + values.remaining, 0),
      all.flatMap((values) => values.chunks.slice(values.at)),
    );
  }

  /** The next chunk, let go here; undefined when none is left. The taker counts it off `remaining`. */
  next(): string | Scalar[] | undefined {
    const chunk = this.chunks[this.at];
    if (chunk === undefined) return undefined;
    this.chunks[this.at++] = [];
    return chunk;
  }
}
