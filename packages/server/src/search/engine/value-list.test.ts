import { describe, expect, it } from 'vitest';
import { startsWith, ValueList } from './value-list.ts';

const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

describe('ValueList', () => {
  // Values in joined chunks (a pushed text and sealed tails) and in the open tail.
  const values = ['b', 'ab', 'abc', '', 'Ab', 'é', 'a\u{1F600}', 'a\uFFFF', 'abd'];
  const list = new ValueList<string>();
  list.pushText(values.slice(0, 4).join('\0'));
  for (const value of values.slice(4)) list.push(value);
  for (let i = 0; i < 20_000; i++) list.push(`id-${i}`);
  list.push('with\0nul');

  it('gives every value back at its position', () => {
    expect(values.map((_, position) => list.at(position))).toEqual(values);
    expect(list.at(values.length + 19_999)).toBe('id-19999');
    expect(list.at(list.length - 1)).toBe('with\0nul');
    expect(list.length).toBe(values.length + 20_001);
  });

  it('orders positions, and a position against a string, as `<` orders the strings', () => {
    const positions = [...values.keys(), values.length + 5, values.length + 16_500, list.length - 1];
    for (const a of positions)
      for (const b of positions) {
        expect(list.compareAt(a, b)).toBe(order(list.at(a), list.at(b)));
        expect(list.compareTo(a, list.at(b))).toBe(order(list.at(a), list.at(b)));
        // Prefix keys that differ order as the strings do.
        const keys = list.prefixKey(a) - list.prefixKey(b);
        if (keys !== 0) expect(Math.sign(keys)).toBe(order(list.at(a), list.at(b)));
      }
    expect(list.prefixKey(1)).not.toBe(list.prefixKey(0));
    expect(list.prefixKey(values.length + 5)).toBe(list.prefixKey(values.length + 16_500));
  });

  it('tells which position holds a string without slicing it out', () => {
    expect(list.holds(1, 'ab')).toBe(true);
    expect(list.holds(1, 'abc')).toBe(false);
    expect(list.holds(3, '')).toBe(true);
    expect(list.holds(list.length - 1, 'with\0nul')).toBe(true);
  });

  it('hands a test each string as its range of the chunk, never the values next to it', () => {
    const chunked = new ValueList<string>();
    chunked.pushText('ab\0b\0ba\0');
    chunked.push('bb');
    const passing = (test: Parameters<ValueList['passes']>[1]) =>
      Array.from({ length: chunked.length }, (_, position) => position).filter((position) =>
        chunked.passes(position, test),
      );
    expect(passing(startsWith('b'))).toEqual([1, 2, 4]);
    expect(passing(startsWith('ba'))).toEqual([2]);
    expect(passing(startsWith(''))).toEqual([0, 1, 2, 3, 4]);
    expect(passing((text, from, to) => text.slice(from, to) === '')).toEqual([3]);
    const aside = new ValueList();
    aside.push(true);
    aside.push('true');
    expect([aside.passes(0, startsWith('t')), aside.passes(1, startsWith('t'))]).toEqual([false, true]);
  });

  it('holds the same values with room reserved ahead of the chunks', () => {
    const reserved = new ValueList<string>();
    reserved.reserve(5);
    reserved.pushText('a\0bc');
    reserved.pushText('d\0\0e');
    reserved.push('f');
    expect([...reserved]).toEqual(['a', 'bc', 'd', '', 'e', 'f']);
    expect(reserved.holds(1, 'bc')).toBe(true);
    expect(reserved.holds(3, '')).toBe(true);
  });

  it('finds the positions in a range whose strings begin with a part, as a test of each value would', () => {
    // Short words from a small alphabet, so that parts occur inside values, across their ends and at
    // chunk edges; values aside (not strings, or holding a NUL) among them.
    let state = 7;
    const random = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const word = () => Array.from({ length: random(5) }, () => 'abé'[random(3)]).join('');
    const mixed = new ValueList();
    const stored: unknown[] = [];
    const add = (value: string | number | boolean) => {
      mixed.push(value);
      stored.push(value);
    };
    const text = Array.from({ length: 3000 }, word);
    mixed.pushText(text.join('\0'));
    stored.push(...text);
    for (let i = 0; i < 40_000; i++) {
      const kind = random(200);
      add(kind === 0 ? random(9) : kind === 1 ? `${word()}\0${word()}` : kind === 2 ? true : word());
    }
    for (const part of ['a', 'ab', 'é', 'bé', 'aaaa', 'c', '', 'a\0']) {
      for (const [from, to] of [
        [0, stored.length],
        [random(20_000), 20_000 + random(30_000)],
        [3000, 3000 + (1 << 14)],
      ] as const) {
        const found: number[] = [];
        mixed.visitStartingWith(part, from, to, (position) => found.push(position));
        const expected = stored
          .map((value, position) => ({ value, position }))
          .filter(({ position }) => position >= from && position < to)
          .filter(({ value }) => typeof value === 'string' && value.startsWith(part))
          .map(({ position }) => position);
        expect(
          found.sort((x, y) => x - y),
          `${part} in [${from}, ${to})`,
        ).toEqual(expected);
      }
    }
  });
});
