import { describe, expect, it } from 'vitest';
import { searchQuantitiesOf } from '../metainfo/lookup.ts';
import {
  convertValue,
  dimensionName,
  parseNumberWithUnit,
  parseUnit,
  UnitError,
  valueInUnit,
} from './conversion.ts';

describe('parseNumberWithUnit', () => {
  it('splits number and unit with or without a space', () => {
    expect(parseNumberWithUnit('1.5 eV')).toEqual({ value: 1.5, unit: 'eV' });
    expect(parseNumberWithUnit('1.5eV')).toEqual({ value: 1.5, unit: 'eV' });
    expect(parseNumberWithUnit(' -3e-2 meV ')).toEqual({ value: -0.03, unit: 'meV' });
    expect(parseNumberWithUnit('7')).toEqual({ value: 7, unit: '' });
    expect(() => parseNumberWithUnit('eV')).toThrow(UnitError);
  });
});

describe('conversion to SI', () => {
  // Factors: 1 eV = 1.602176634e-19 J (exact), 1 Å = 1e-10 m, 1 kbar = 1e8 Pa, 0 °C = 273.15 K.
  it('converts energies', () => {
    expect(valueInUnit('1.5 eV', 'joule')).toBeCloseTo(2.403264951e-19, 28);
    expect(valueInUnit('250 meV', 'joule')).toBeCloseTo(4.005441585e-20, 29);
    expect(valueInUnit('1 Ha', 'electron_volt')).toBeCloseTo(27.211386, 5);
    expect(valueInUnit('2 Ry', 'hartree')).toBeCloseTo(1, 12);
    // Liters take prefixes like the other long names: 1 mL per g and s, in m³ per kg and s.
    expect(valueInUnit('1 milliliter / gram / second', 'meter ** 3 / kilogram / second')).toBeCloseTo(
      1e-3,
      12,
    );
  });

  it('converts lengths', () => {
    expect(valueInUnit('2 Å', 'meter')).toBeCloseTo(2e-10, 22);
    expect(valueInUnit('3 nm', 'angstrom')).toBeCloseTo(30, 10);
    expect(valueInUnit('1 bohr', 'angstrom')).toBeCloseTo(0.529177, 6);
  });

  it('converts pressures, temperatures and times', () => {
    expect(valueInUnit('10 kbar', 'pascal')).toBeCloseTo(1e9, 3);
    expect(valueInUnit('10 kbar', 'GPa')).toBeCloseTo(1, 12);
    expect(valueInUnit('2.5 GPa', 'pascal')).toBeCloseTo(2.5e9, 3);
    expect(valueInUnit('300 K', 'kelvin')).toBe(300);
    expect(valueInUnit('25 °C', 'kelvin')).toBeCloseTo(298.15, 10);
    expect(valueInUnit('5 delta_degC', 'kelvin')).toBeCloseTo(5, 12);
    expect(valueInUnit('3 fs', 'second')).toBeCloseTo(3e-15, 27);
  });

  it('takes a number without unit as already in the target unit', () => {
    expect(valueInUnit('4.2e-19', 'joule')).toBe(4.2e-19);
  });

  it('parses the compound expressions of the metainfo', () => {
    expect(parseUnit('kilogram / meter ** 3')).toEqual({
      factor: 1,
      offset: 0,
      dimensions: { mass: 1, length: -3 },
    });
    expect(parseUnit('1 / meter').dimensions).toEqual({ length: -1 });
    expect(parseUnit('unified_atomic_mass_unit').factor).toBeCloseTo(1.6605390666e-27, 36);
    // g/cm^3 to kg/m^3: 1e-3 / 1e-6 = 1000.
    expect(convertValue(2, 'g / cm^3', 'kilogram / meter ** 3')).toBeCloseTo(2000, 9);
    expect(convertValue(1, 'eV / Å', 'newton')).toBeCloseTo(1.602176634e-9, 18);
  });

  it('parses the unit of every searchable metainfo quantity, so queries on them can convert', () => {
    const units = new Set(searchQuantitiesOf().flatMap(({ quantity }) => quantity.unit ?? []));
    expect(units.has('joule')).toBe(true);
    expect([...units].filter((unit) => !(parseUnit(unit).factor > 0))).toEqual([]);
  });

  it('names dimensions', () => {
    expect(dimensionName(parseUnit('eV').dimensions)).toBe('energy');
    expect(dimensionName(parseUnit('joule / kelvin').dimensions)).toBe(
      'length^2 mass time^-2 temperature^-1',
    );
  });

  it('rejects units it does not know or of the wrong dimension, with NOMAD messages', () => {
    expect(() => valueInUnit('3 eV', 'meter')).toThrow('Unit "eV" is incompatible with dimension "length".');
    expect(() => valueInUnit('3 K', 'joule')).toThrow('Unit "K" is incompatible with dimension "energy".');
    expect(() => valueInUnit('3 foo', 'joule')).toThrow('Unit "foo" not found.');
    expect(() => parseUnit('(eV')).toThrow('Unmatched "("');
    expect(() => parseUnit('eV)')).toThrow('Unmatched ")"');
    expect(() => parseUnit('eV $')).toThrow('Unexpected "$" in "eV $" at index 3');
  });
});
