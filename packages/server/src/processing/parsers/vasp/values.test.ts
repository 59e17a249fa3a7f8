import { describe, expect, it } from 'vitest';
import { parseNumber, parseNumbers, parseTagValue } from './values.ts';

describe('vasprun values', () => {
  it('reads numbers, Fortran exponents without E, and overflow fields', () => {
    expect(parseNumber('-0.12500000')).toBe(-0.125);
    expect(parseNumber('1.5E-03')).toBe(0.0015);
    // Fortran writes 1.0E-100 as '1.0-100' when the exponent needs three digits.
    expect(parseNumber('1.0-100')).toBe(1e-100);
    expect(parseNumber('-2.5+101')).toBe(-2.5e101);
    expect(parseNumber('********')).toBeNaN();
    expect(parseNumbers('   0.25  -0.25\n 0.5 ')).toEqual([0.25, -0.25, 0.5]);
  });

  it('types <i> and <v> values by their type attribute', () => {
    expect(parseTagValue('     2', 'int', false)).toBe(2);
    expect(parseTagValue(' T  ', 'logical', false)).toBe(true);
    expect(parseTagValue(' F  ', 'logical', false)).toBe(false);
    expect(parseTagValue(' GaAs relax ', 'string', false)).toBe('GaAs relax');
    expect(parseTagValue('      0.05000000', undefined, false)).toBe(0.05);
    expect(parseTagValue('  1.0  0.5 ', undefined, true)).toEqual([1, 0.5]);
    expect(parseTagValue(' T F T ', 'logical', true)).toEqual([true, false, true]);
    expect(parseTagValue('  -1  0  0  0 ', 'int', true)).toEqual([-1, 0, 0, 0]);
    // A one-element <v> stays a list; a several-word <i> becomes one.
    expect(parseTagValue(' 3 ', 'int', true)).toEqual([3]);
    expect(parseTagValue(' 1 2 ', 'int', false)).toEqual([1, 2]);
  });
});
