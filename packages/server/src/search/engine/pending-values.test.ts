import { describe, expect, it } from 'vitest';
import { Dictionary } from './column.ts';
import { PendingValues } from './pending-values.ts';

const restored = () => {
  const dictionary = new Dictionary();
  dictionary.restore(new PendingValues(5, ['Fe2O3\0NaCl\0Si', ['with\0nul', true]]));
  return dictionary;
};

describe("a snapshot's dictionary values, split later", () => {
  it('are split a chunk per warming step, then looked up', () => {
    const dictionary = restored();
    expect(dictionary.warm(100)).toBe(false);
    expect(dictionary.warm(100)).toBe(false);
    expect(dictionary.warm(100)).toBe(true);
    expect(dictionary.find('with\0nul')).toBe(3);
  });

  it('are all there, in code order, when a search needs them before warming has split them', () => {
    expect(restored().values).toEqual(['Fe2O3', 'NaCl', 'Si', 'with\0nul', true]);
    expect(restored().find('Si')).toBe(2);
    const dictionary = restored();
    expect(dictionary.code('GaAs')).toBe(5);
    expect(dictionary.code(true)).toBe(4);
  });
});
