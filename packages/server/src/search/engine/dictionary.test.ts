import { describe, expect, it } from 'vitest';
import type { Scalar } from './column.ts';
import { Dictionary } from './dictionary.ts';
import { hashScalar } from './list-index.ts';
import { PendingValues } from './pending-values.ts';

const restored = () => {
  const dictionary = new Dictionary();
  dictionary.restore(new PendingValues(5, ['Fe2O3\0NaCl\0Si', ['with\0nul', true]]));
  return dictionary;
};

const all = (dictionary: Dictionary) =>
  Array.from({ length: dictionary.size }, (_, code) => dictionary.value(code));

describe("a snapshot's or a build share's dictionary values, taken in later", () => {
  it('are taken a chunk per warming step, then indexed, then looked up', () => {
    const dictionary = restored();
    expect(dictionary.size).toBe(5);
    expect(dictionary.warm(100)).toBe(false);
    expect(dictionary.warm(100)).toBe(false);
    expect(dictionary.warm(100)).toBe(true);
    expect(dictionary.find('with\0nul')).toBe(3);
    expect(dictionary.find('Fe2O')).toBe(-1);
  });

  it('are all there, in code order, when a search needs them before warming has taken them', () => {
    expect(all(restored())).toEqual(['Fe2O3', 'NaCl', 'Si', 'with\0nul', true]);
    expect(restored().find('Si')).toBe(2);
    const dictionary = restored();
    expect(dictionary.code('GaAs')).toBe(5);
    expect(dictionary.code(true)).toBe(4);
    expect(dictionary.code('NaCl')).toBe(1);
  });

  it('keep an empty string and values next to it apart', () => {
    const dictionary = new Dictionary();
    dictionary.restore(new PendingValues(3, ['\0a\0']));
    expect(all(dictionary)).toEqual(['', 'a', '']);
    expect(dictionary.find('')).toBe(0);
  });
});

describe('restored values with the hashes a snapshot kept', () => {
  const values = ['Fe2O3', 'NaCl', 'Si'];
  const restoredWith = (hashes: Int32Array) => {
    const dictionary = new Dictionary();
    dictionary.restore(new PendingValues(3, [values.join('\0')]), hashes);
    while (!dictionary.warm(1));
    return dictionary;
  };

  it('are indexed by those hashes (not hashed again) and found as values hashed here', () => {
    const dictionary = restoredWith(Int32Array.from(values, hashScalar));
    expect(values.map((value) => dictionary.find(value))).toEqual([0, 1, 2]);
    expect(dictionary.code('GaAs')).toBe(3);
    expect(values.map((_, code) => dictionary.hashOf(code))).toEqual(values.map(hashScalar));
    // Hashes that are not the values' own file them where no lookup looks: proof they were used.
    expect(restoredWith(new Int32Array([1, 2, 3])).find('NaCl')).toBe(-1);
  });
});

describe('values coded one by one', () => {
  it('find their codes across joined chunks and the open tail, as a Map would', () => {
    const dictionary = new Dictionary();
    const codes = new Map<Scalar, number>();
    for (let i = 0; i < 40_000; i++) {
      const value: Scalar = i % 5 === 0 ? `formula-${i % 7000}` : i % 11 === 0 ? i : `é${i}\u{1F600}`;
      const code = dictionary.code(value);
      if (!codes.has(value)) codes.set(value, code);
      expect(code).toBe(codes.get(value));
    }
    expect(dictionary.size).toBe(codes.size);
    for (const [value, code] of codes) {
      expect(dictionary.find(value)).toBe(code);
      expect(dictionary.value(code)).toBe(value);
    }
    expect(dictionary.find('formula-7000')).toBe(-1);
    expect(dictionary.find('5')).toBe(-1);
  });

  it('keep values with a NUL, booleans and numbers aside, found by SameValueZero', () => {
    const dictionary = new Dictionary();
    const values: Scalar[] = ['a\0b', false, 0, 'a', Number.NaN];
    values.forEach((value, code) => expect(dictionary.code(value)).toBe(code));
    expect(dictionary.find(-0)).toBe(2);
    expect(dictionary.find(Number.NaN)).toBe(4);
    expect(dictionary.find('false')).toBe(-1);
    expect(all(dictionary)).toEqual(values);
  });
});
