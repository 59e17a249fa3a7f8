import { describe, expect, it } from 'vitest';
import { Column, pooledWithRoom } from './column.ts';

const valuesOf = (column: Column, row: number) => column.values(row).map((v) => column.decode(v));

describe("a column's pool of rows with several values", () => {
  it('moves into a larger pool a slice per call, keeping every value, while rows are stored meanwhile', () => {
    const column = new Column('number');
    // 40,000 rows of three values: 120,000 pooled, a pool of 131,072 (9/10 full).
    for (let row = 0; row < 40_000; row++) column.set(row, [row, row + 0.5, -row]);
    let steps = 0;
    let row = 40_000;
    while (column.growPoolAhead()) {
      steps++;
      // Rows stored (and one stored again) between the slices land in the pool being copied.
      column.set(row, [row, row + 0.5, -row]);
      column.set(7, [7, 7.5, -7]);
      row++;
      expect(steps).toBeLessThan(100);
    }
    expect(steps).toBeGreaterThan(0);
    for (let check = 0; check < row; check += 997)
      expect(valuesOf(column, check)).toEqual([check, check + 0.5, -check]);
    expect(valuesOf(column, row - 1)).toEqual([row - 1, row - 0.5, -(row - 1)]);
    expect(valuesOf(column, 7)).toEqual([7, 7.5, -7]);
    // Done: the pool has room again, nothing is left to move.
    expect(column.growPoolAhead()).toBe(false);
  });

  it('takes a restored pool with its room, so that the first rows stored again need no copy', () => {
    const column = new Column('number');
    const pool = pooledWithRoom(4);
    pool.set([1, 2, 3, 4]);
    column.restore(undefined, new Float64Array([NaN, NaN]), new Uint16Array([2, 2]), pool);
    column.set(0, [5, 6]);
    expect([valuesOf(column, 0), valuesOf(column, 1)]).toEqual([
      [5, 6],
      [3, 4],
    ]);
  });

  it('grows its row arrays ahead one array per step, every row readable and writable in between', () => {
    const column = new Column('number');
    const rows = 1 << 16;
    // Rows with one value and rows with a list, up to the arrays' end.
    for (let row = 0; row < rows; row++) column.set(row, row % 3 === 0 ? [row, -row] : [row]);
    const expected = (row: number) => (row % 3 === 0 ? [row, -row] : [row]);
    let steps = 0;
    while (column.growAhead(rows, 0)) {
      steps++;
      expect(steps).toBeLessThan(4);
      for (let check = 0; check < rows; check += 4099)
        expect(valuesOf(column, check)).toEqual(expected(check));
      expect(valuesOf(column, rows + 10)).toEqual([]);
    }
    expect(steps).toBe(3);
    // Grown by half: rows past the old end are stored without another resize, as lists and as singles.
    column.set(rows + 10, [1, 2]);
    column.set(rows + 11, [3]);
    expect([valuesOf(column, rows + 10), valuesOf(column, rows + 11)]).toEqual([[1, 2], [3]]);
    expect(valuesOf(column, rows - 1)).toEqual(expected(rows - 1));
  });
});
