import { describe, expect, it } from 'vitest';
import { DEFAULT_NODE_LIMIT, parseRange } from './range.ts';

const indices = (expression: string, length = 10) => {
  const result = parseRange(expression, length);
  return result.ok ? result.indices : 'error';
};

describe('parseRange', () => {
  it('selects the first six items when the expression is empty', () => {
    expect(DEFAULT_NODE_LIMIT).toBe(6);
    expect(indices('')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(indices('  ', 3)).toEqual([0, 1, 2]);
  });

  it('reads integer indices, negative ones from the end', () => {
    expect(indices('5')).toEqual([5]);
    expect(indices('-1')).toEqual([9]);
    expect(indices('0, -2, 3')).toEqual([0, 3, 8]);
    expect(indices('12')).toEqual([]);
  });

  it('reads start:end ranges without their end, with open sides and negative bounds', () => {
    expect(indices('2:4')).toEqual([2, 3]);
    expect(indices('4:-1')).toEqual([4, 5, 6, 7, 8]);
    expect(indices(':3')).toEqual([0, 1, 2]);
    expect(indices('7:')).toEqual([7, 8, 9]);
    expect(indices(':')).toHaveLength(10);
    expect(indices('5:2')).toEqual([]);
    expect(indices('8:100')).toEqual([8, 9]);
  });

  it('reads percentages and decimal fractions of the length', () => {
    expect(indices(':50%')).toEqual([0, 1, 2, 3, 4]);
    expect(indices('0.8:')).toEqual([8, 9]);
    expect(indices('.2:.4')).toEqual([2, 3]);
    expect(indices('50%')).toEqual([5]);
    expect(indices('100%')).toEqual([9]);
    expect(indices('-20%:')).toEqual([8, 9]);
  });

  it('merges items into sorted distinct indices', () => {
    expect(indices('5, 4:-1, :50%')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(indices('3,1,3')).toEqual([1, 3]);
  });

  it('is an error for anything else', () => {
    for (const bad of ['a', '1:2:3', '1,,2', '1,', '5%%', '1.2.3', '--1', '1 2', '2:x']) {
      expect(indices(bad), bad).toBe('error');
    }
  });
});
