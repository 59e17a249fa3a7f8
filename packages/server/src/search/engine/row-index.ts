import { ListIndex } from './list-index.ts';
import type { ValueList } from './value-list.ts';

/**
 * The row of each entry id, found through a ListIndex over the index's entry ids (rows by position): a
 * million ids in a Map grew it in single steps of 50–100 ms. Rows of removed entries keep their id in the
 * list, not found here.
 */
export class RowIndex {
  private readonly rows: ListIndex;

  constructor(private readonly entryIds: ValueList<string>) {
    this.rows = new ListIndex(entryIds);
  }

  /** Entries with a row. */
  get size(): number {
    return this.rows.size;
  }

  get(entryId: string): number | undefined {
    const row = this.rows.find(entryId);
    return row < 0 ? undefined : row;
  }

  has(entryId: string): boolean {
    return this.rows.find(entryId) >= 0;
  }

  /** Makes a row its entry's; false (nothing changes) when another row is that entry's already. */
  add(row: number): boolean {
    return this.rows.add(row);
  }

  /** The row is no entry's any more. */
  remove(row: number): void {
    this.rows.remove(row);
  }

  /** Makes room for `count` rows, so that adding them copies nothing. */
  reserve(count: number): void {
    this.rows.reserve(count);
  }

  *[Symbol.iterator](): IterableIterator<[string, number]> {
    for (let row = 0; row < this.entryIds.length; row++) {
      const entryId = this.entryIds.at(row);
      if (this.rows.find(entryId) === row) yield [entryId, row];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [entryId] of this) yield entryId;
  }
}
