import { describe, expect, it } from 'vitest';
import type { Scalar } from './column.ts';
import { ListIndex } from './list-index.ts';
import { ValueList } from './value-list.ts';

const listOf = (...values: Scalar[]) => {
  const list = new ValueList();
  for (const value of values) list.push(value);
  return list;
};

describe('ListIndex', () => {
  it('finds every position of a growing list by value, as a Map would', () => {
    const list = listOf();
    const index = new ListIndex(list);
    const map = new Map<Scalar, number>();
    for (let i = 0; i < 20_000; i++) {
      const value: Scalar = i % 3 === 0 ? `id-${i}` : i % 3 === 1 ? i / 7 : `é${i}\u{1F600}`;
      list.push(value);
      expect(index.add(list.length - 1)).toBe(true);
      map.set(value, list.length - 1);
    }
    for (const [value, position] of map) expect(index.find(value)).toBe(position);
    expect(index.find('id-1')).toBe(-1);
    expect(index.find(-1)).toBe(-1);
    expect(index.size).toBe(20_000);
  });

  it('keeps the first position of a repeated value and tells the caller', () => {
    const list = listOf('a', 'b', 'a');
    const index = new ListIndex(list);
    expect([index.add(0), index.add(1), index.add(2)]).toEqual([true, true, false]);
    expect(index.find('a')).toBe(0);
    expect(index.size).toBe(2);
  });

  it('treats numbers as SameValueZero does: -0 is 0, NaN is NaN, and 1 is not "1"', () => {
    const list = listOf(0, Number.NaN, 1, true);
    const index = new ListIndex(list);
    for (let position = 0; position < list.length; position++) index.add(position);
    expect(index.find(-0)).toBe(0);
    expect(index.find(Number.NaN)).toBe(1);
    expect(index.find('1')).toBe(-1);
    expect(index.find(true)).toBe(3);
    expect(index.find(false)).toBe(-1);
  });

  it('forgets removed positions, indexes their values again elsewhere, and reuses their slots', () => {
    const list = listOf();
    const index = new ListIndex(list);
    for (let i = 0; i < 1000; i++) {
      list.push(`e${i}`);
      index.add(i);
    }
    for (let i = 0; i < 1000; i += 2) index.remove(i);
    expect(index.size).toBe(500);
    expect(index.find('e2')).toBe(-1);
    expect(index.find('e3')).toBe(3);
    // The same value at a later position (an entry stored again after a removal).
    for (let i = 0; i < 1000; i += 2) {
      list.push(`e${i}`);
      expect(index.add(list.length - 1)).toBe(true);
    }
    expect(index.find('e2')).toBe(1001);
    expect(index.size).toBe(1000);
    index.remove(5000);
    expect(index.size).toBe(1000);
  });

  it('takes a reserved size without changing what it finds', () => {
    const list = listOf('x', 'y');
    const index = new ListIndex(list);
    index.add(0);
    index.reserve(100_000);
    index.add(1);
    expect([index.find('x'), index.find('y'), index.find('z')]).toEqual([0, 1, -1]);
  });
});
