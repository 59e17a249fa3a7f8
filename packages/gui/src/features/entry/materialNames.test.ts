import { describe, expect, it } from 'vitest';
import { nElementsName, nElementsText } from './materialNames.ts';

describe('number of elements names', () => {
  it('names 1 to 10', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(nElementsName)).toEqual([
      'unary',
      'binary',
      'ternary',
      'quaternary',
      'quinary',
      'senary',
      'septenary',
      'octonary',
      'nonary',
      'decimary',
    ]);
  });

  it('shows the count with its name, and only the count beyond 10', () => {
    expect(nElementsText(3)).toBe('3 (ternary)');
    expect(nElementsText(11)).toBe('11');
    expect(nElementsText(0)).toBeUndefined();
    expect(nElementsText(undefined)).toBeUndefined();
  });
});
