import { describe, expect, it } from 'vitest';
import { ATOMIC_MASS_UNIT } from './constants.ts';
import {
  atomicMass,
  atomicNumber,
  covalentRadius,
  ELEMENT_NAMES,
  ELEMENT_SYMBOLS,
  elementOfMass,
  isElementSymbol,
  iupacRank,
  tabulatedCovalentRadius,
} from './elements.ts';

describe('elements', () => {
  it('numbers the symbols from H to Og, with X for an unknown species', () => {
    expect(atomicNumber('H')).toBe(1);
    expect(atomicNumber('Og')).toBe(118);
    expect(atomicNumber('X')).toBeUndefined();
    expect(isElementSymbol('X')).toBe(false);
    expect(isElementSymbol('Fe')).toBe(true);
    expect(ELEMENT_NAMES).toHaveLength(ELEMENT_SYMBOLS.length);
    expect(ELEMENT_NAMES[26]).toBe('Iron');
  });

  it('weighs an element by its standard atomic weight, in kg', () => {
    expect(atomicMass('Si')).toBe(28.0855 * ATOMIC_MASS_UNIT);
    expect(atomicMass('Tc')).toBe(98.9062 * ATOMIC_MASS_UNIT);
    expect(atomicMass('X')).toBeUndefined();
  });

  it('names the element of a force-field mass within the tolerance', () => {
    expect(elementOfMass(12.011)).toBe('C');
    expect(elementOfMass(15.9994)).toBe('O');
    expect(elementOfMass(50)).toBeUndefined();
  });

  it('orders a formula as IUPAC: electropositive first, hydrogen between groups 15 and 16', () => {
    const sorted = ['O', 'Cl', 'H', 'N', 'Na'].sort((a, b) => iupacRank(a) - iupacRank(b));
    expect(sorted).toEqual(['Na', 'N', 'H', 'O', 'Cl']);
    expect(iupacRank('Og')).toBe(Number.POSITIVE_INFINITY);
  });

  it('falls back to 0.2 Å, as ASE, where the covalent-radius table has no value', () => {
    expect(covalentRadius('O')).toBe(0.66);
    expect(tabulatedCovalentRadius('Cm')).toBe(1.69);
    expect(tabulatedCovalentRadius('Bk')).toBeUndefined();
    expect(covalentRadius('Bk')).toBe(0.2);
    expect(covalentRadius('X')).toBe(0.2);
    expect(covalentRadius('Qq')).toBe(0.2);
  });
});
