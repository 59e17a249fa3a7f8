import { describe, expect, it } from 'vitest';
import { Column } from './column.ts';
import { compactColumn } from './column-image.ts';
import { textList } from './list-text.ts';

describe('compacting a column for a snapshot', () => {
  it('asks for a pause every few hundred rows, and keeps the values of the rows kept', async () => {
    // Free-text-like: 20,000 rows of 40 codes each, out of 50,000 values.
    const column = new Column('string');
    const rows = 20_000;
    for (let row = 0; row < rows; row++)
      column.set(
        row,
        Array.from({ length: 40 }, (_, k) => `w${(row * 40 + k) % 50_000}`),
      );
    const keep = Int32Array.from({ length: rows / 2 }, (_, i) => i * 2);
    let pauses = 0;
    const image = await compactColumn(column.copy(rows), keep, undefined, () => {
      pauses++;
      return Promise.resolve();
    });
    // Each pass over the 10,000 rows kept pauses every 256 rows at most (4,096 held the loop for up to
    // 160 ms over the free-text words of a million entries).
    expect(pauses).toBeGreaterThanOrEqual(2 * (rows / 2 / 256));
    const values = image.values!.texts.flatMap((text) => textList(text));
    expect(values).toHaveLength(image.values!.count);
    const decoded = (i: number) => {
      const start = Array.from(image.counts!.subarray(0, i)).reduce((a, b) => a + b, 0);
      return Array.from(image.pool.subarray(start, start + image.counts![i]!), (code) => values[code]);
    };
    expect(decoded(0)).toEqual(column.values(0).map((v) => column.decode(v)));
    expect(decoded(4_321)).toEqual(column.values(8_642).map((v) => column.decode(v)));
  });
});
