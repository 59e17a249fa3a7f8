import { describe, expect, it } from 'vitest';
import { Column } from './column.ts';
import { PendingValues } from './pending-values.ts';

const valuesOf = (column: Column, row: number) => column.values(row).map((v) => column.decode(v));

describe("a column's arrays take only the memory its values need", () => {
  it('holds no counts or starts while no row has several values, and adds them for the first that has', () => {
    const column = new Column('number');
    const rows = 1 << 16;
    for (let row = 0; row < rows; row++) column.set(row, row % 5 === 0 ? [] : [row + 0.25]);
    column.clear(3);
    expect(column.arrays().counts).toBeUndefined();
    expect(column.arrays().starts).toBeUndefined();
    expect(column.copy(rows).counts).toBeUndefined();
    // Grown ahead in one step: only `single` is there to grow.
    expect(column.growAhead(rows, 0)).toBe(true);
    expect(column.growAhead(rows, 0)).toBe(false);
    expect([column.extreme(5, true), column.values(5), column.forEach(5, () => undefined)]).toEqual([
      Number.NaN,
      [],
      0,
    ]);
    column.set(rows + 1, [1, 2, 3]);
    const { single, counts, starts } = column.arrays();
    expect(counts?.length).toBe(single.length);
    expect(starts?.length).toBe(single.length);
    expect([valuesOf(column, rows + 1), valuesOf(column, 7), valuesOf(column, 3)]).toEqual([
      [1, 2, 3],
      [7.25],
      [],
    ]);
  });

  it('keeps numbers in Float64Arrays', () => {
    const column = new Column('number');
    column.set(0, [0.1]);
    column.set(1, [0.2, 1e300]);
    expect(column.arrays().single).toBeInstanceOf(Float64Array);
    expect(column.arrays().pool).toBeInstanceOf(Float64Array);
    expect([valuesOf(column, 0), valuesOf(column, 1)]).toEqual([[0.1], [0.2, 1e300]]);
  });

  it('keeps dictionary codes in Float32Arrays, widened once the dictionary outgrows them', () => {
    // Codes below 4 fit (FLOAT32_CODES, made small here).
    const column = new Column('string', 4);
    column.set(0, ['a']);
    column.set(1, ['b', 'c']);
    column.set(2, []);
    column.set(3, ['d']);
    expect(column.arrays().single).toBeInstanceOf(Float32Array);
    expect(column.arrays().pool).toBeInstanceOf(Float32Array);
    // NaN still marks a row without a single value.
    expect(Number.isNaN(column.arrays().single[2])).toBe(true);
    column.set(4, ['e']);
    expect(column.arrays().single).toBeInstanceOf(Float64Array);
    expect(column.arrays().pool).toBeInstanceOf(Float64Array);
    column.set(5, ['f', 'a']);
    expect([0, 1, 2, 3, 4, 5].map((row) => valuesOf(column, row))).toEqual([
      ['a'],
      ['b', 'c'],
      [],
      ['d'],
      ['e'],
      ['f', 'a'],
    ]);
    expect(column.some(5, (code) => code === column.lookup('f'))).toBe(true);
  });

  it('widens when a row of several values takes the dictionary past Float32 codes', () => {
    const column = new Column('boolean', 1);
    column.set(0, [true]);
    expect(column.arrays().single).toBeInstanceOf(Float32Array);
    column.set(1, [true, false]);
    expect(column.arrays().single).toBeInstanceOf(Float64Array);
    expect(column.arrays().pool).toBeInstanceOf(Float64Array);
    expect([valuesOf(column, 0), valuesOf(column, 1)]).toEqual([[true], [true, false]]);
  });

  it('widens ahead, its pool a slice at a time, once its dictionary nears what Float32 codes hold', () => {
    // Up to 100 values fit here; from 90 on, the arrays are widened ahead.
    const column = new Column('string', 100);
    const rows = 140_000;
    const expected = (row: number) => [`v${row % 89}`, `v${(row + 1) % 89}`];
    for (let row = 0; row < rows; row++) column.set(row, expected(row));
    expect(column.growAhead(rows, 0)).toBe(false);
    expect(column.growPoolAhead()).toBe(false);
    column.set(rows, ['v89']);
    expect(column.growAhead(rows + 1, 0)).toBe(true);
    expect(column.arrays().single).toBeInstanceOf(Float64Array);
    expect(column.arrays().pool).toBeInstanceOf(Float32Array);
    let steps = 0;
    while (column.growPoolAhead()) {
      steps++;
      // Rows stored between the slices (one stored again) land in the pool being copied.
      column.set(rows + steps, ['v3', 'v89']);
      column.set(5, ['v7', 'v8']);
      expect(steps).toBeLessThan(10);
    }
    // 280,000 pooled codes, 262,144 per slice.
    expect(steps).toBe(2);
    expect(column.arrays().pool).toBeInstanceOf(Float64Array);
    expect(column.growAhead(rows + 3, 0)).toBe(false);
    for (let row = 0; row < rows; row += 997)
      expect(valuesOf(column, row)).toEqual(row === 5 ? ['v7', 'v8'] : expected(row));
    expect([rows, rows + 1, rows + 2, 5].map((row) => valuesOf(column, row))).toEqual([
      ['v89'],
      ['v3', 'v89'],
      ['v3', 'v89'],
      ['v7', 'v8'],
    ]);
  });

  it('restores Float32 codes as they are, and widens them when its dictionary is past them', () => {
    const single = Float32Array.of(0, Number.NaN, 2);
    const pool = Float32Array.of(1, 0);
    const values = () => new PendingValues(3, [['a', 'b', 'c']]);
    const narrow = new Column('string', 4);
    narrow.restore(values(), single, Uint16Array.of(0, 2, 0), pool);
    expect(narrow.arrays().single).toBe(single);
    expect(narrow.arrays().pool).toBeInstanceOf(Float32Array);
    // Three values, more than 2: Float64Arrays, with every code as it was.
    const wide = new Column('string', 2);
    wide.restore(values(), single, Uint16Array.of(0, 2, 0), pool);
    expect(wide.arrays().single).toBeInstanceOf(Float64Array);
    expect(wide.arrays().pool).toBeInstanceOf(Float64Array);
    wide.set(3, ['x', 'a']);
    expect([0, 1, 2, 3].map((row) => valuesOf(wide, row))).toEqual([['a'], ['b', 'a'], ['c'], ['x', 'a']]);
    // Numbers are never taken in a Float32Array.
    const numbers = new Column('number');
    numbers.restore(undefined, Float32Array.of(1.5), undefined, new Float32Array(0));
    numbers.set(1, [0.1]);
    expect(numbers.arrays().single).toBeInstanceOf(Float64Array);
    expect([numbers.values(0), numbers.values(1)]).toEqual([[1.5], [0.1]]);
  });
});
