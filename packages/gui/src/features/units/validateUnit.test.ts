import { describe, expect, it } from 'vitest';
import { isKnownUnit, unitInputError } from './validateUnit.ts';

describe('unitInputError', () => {
  it('accepts units of the same dimension', () => {
    expect(unitInputError('meV', 'eV')).toBeUndefined();
    expect(unitInputError('nm', 'Å')).toBeUndefined();
  });

  it('reports empty, unknown and incompatible units with the unit input messages', () => {
    expect(unitInputError(' ', 'eV')).toBe('Please specify a value');
    expect(unitInputError('foo', 'eV')).toBe('Unit "foo" not found.');
    expect(unitInputError('m', 'eV')).toBe('Unit "m" is incompatible with dimension "energy".');
  });

  it('tells which configured units the conversion knows', () => {
    expect(isKnownUnit('GPa')).toBe(true);
    expect(isKnownUnit('atomic_unit_of_time')).toBe(false);
  });
});
