import { describe, expect, it } from 'vitest';
import { boundText, checkRange } from './rangeInput.ts';

describe('checkRange', () => {
  it.each([
    [{ min: '1', max: '2' }, false, { min: 1, max: 2, errors: {} }],
    [{ min: '', max: '2' }, false, { min: undefined, max: 2, errors: {} }],
    [{ min: 'a', max: '2' }, false, { min: undefined, max: 2, errors: { min: 'Invalid minimum value.' } }],
    [{ min: '1', max: 'b' }, false, { min: 1, max: undefined, errors: { max: 'Invalid maximum value.' } }],
    [
      { min: '3', max: '2' },
      false,
      {
        min: 3,
        max: 2,
        errors: { min: 'Cannot be larger than maximum value.', max: 'Cannot be smaller than minimum value.' },
      },
    ],
    [
      { min: 'yesterday', max: '' },
      true,
      { min: undefined, max: undefined, errors: { min: 'Invalid start date.' } },
    ],
    [
      { min: '', max: '2024-13-45' },
      true,
      { min: undefined, max: undefined, errors: { max: 'Invalid end date.' } },
    ],
    [
      { min: '2024-01-01T00:00:00Z', max: '' },
      true,
      { min: Date.parse('2024-01-01T00:00:00Z'), max: undefined, errors: {} },
    ],
  ])('%j (timestamp: %s)', (text, timestamp, expected) => {
    expect(checkRange(text, timestamp)).toEqual(expected);
  });

  it('writes bounds back as text', () => {
    expect(boundText(0, true)).toBe('1970-01-01T00:00:00.000Z');
    expect(boundText(1.23456789, false)).toBe('1.23457');
    expect(boundText(undefined, false)).toBe('');
  });
});
