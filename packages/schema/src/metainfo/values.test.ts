import { describe, expect, it } from 'vitest';
import { bool, datetime, enumeration, float, int, str } from './define.ts';
import { checkValue } from './values.ts';

describe('checkValue', () => {
  it('accepts values of the defined type and shape', () => {
    expect(() => checkValue(int('n', ''), 227, 'n')).not.toThrow();
    expect(() => checkValue(float('x', ''), 3, 'x')).not.toThrow();
    expect(() => checkValue(str('s', '', { shape: ['*'] }), ['a', 'b'], 's')).not.toThrow();
    expect(() =>
      checkValue(
        float('m', '', { shape: [3, 3] }),
        [
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
        'm',
      ),
    ).not.toThrow();
    expect(() => checkValue(bool('b', ''), false, 'b')).not.toThrow();
    expect(() => checkValue(datetime('t', ''), '2024-01-02T03:04:05+00:00', 't')).not.toThrow();
  });

  it('names the path and the problem', () => {
    expect(() => checkValue(int('n', ''), 2.5, 'results.x.n')).toThrow(
      'results.x.n: expected an integer, got number 2.5',
    );
    expect(() => checkValue(str('s', '', { shape: ['*'] }), 'a', 'p.s')).toThrow(
      'p.s: expected a list, got string "a"',
    );
    expect(() => checkValue(float('v', '', { shape: [3] }), [1, 2], 'p.v')).toThrow(
      'p.v: expected 3 items, got 2',
    );
    expect(() => checkValue(float('v', '', { shape: [3] }), [1, 2, 'x'], 'p.v')).toThrow(
      'p.v[2]: expected a finite number',
    );
    expect(() => checkValue(enumeration('e', '', ['direct', 'indirect']), 'both', 'p.e')).toThrow(
      'p.e: expected one of direct, indirect, got string "both"',
    );
    expect(() => checkValue(str('s', '', { shape: ['1..*'] }), [], 'p.s')).toThrow(
      'p.s: expected at least one item',
    );
    expect(() => checkValue(datetime('t', ''), 'yesterday', 'p.t')).toThrow('expected an ISO 8601 datetime');
  });
});
