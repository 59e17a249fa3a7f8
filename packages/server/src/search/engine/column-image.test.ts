import { describe, expect, it } from 'vitest';
import { Column } from './column.ts';
import { compactColumn } from './column-image.ts';
import { textList } from './list-text.ts';

describe('compacting a column for a snapshot', () => {
  it('asks for a pause every 16,384 slots and pooled values, and keeps the values of the rows kept', async () => {
    // Free-text-like: 20,000 rows of 40 codes each, out of 2,000 values.
    const column = new Column('string');
    const rows = 20_000;
    for (let row = 0; row < rows; row++)
      column.set(
        row,
        Array.from({ length: 40 }, (_, k) => `w${(row * 40 + k) % 2_000}`),
      );
    const keep = Int32Array.from({ length: rows / 2 }, (_, i) => i * 2);
    let pauses = 0;
    const image = await compactColumn(column.copy(rows), keep, undefined, () => {
      pauses++;
      return Promise.resolve();
    });
    // Two passes over the 10,000 rows kept, 41 values each: about 25 steps each. Steps of 4,096 slots
    // (three a pass) held the loop for up to 160 ms over the free-text words of a million entries.
    expect(pauses).toBeGreaterThanOrEqual(40);
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
