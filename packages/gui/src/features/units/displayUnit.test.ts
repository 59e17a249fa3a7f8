import { describe, expect, it } from 'vitest';
import { effectiveUnits, resolveDisplayUnit, unitLabel } from './displayUnit.ts';
import type { UnitSystem } from './unitSystems.ts';

const custom: UnitSystem = {
  label: 'Custom',
  units: {
    energy: { definition: 'eV' },
    length: { definition: 'Å' },
    mass: { definition: 'kg' },
    temperature: { definition: 'K', locked: true },
  },
};

describe('effectiveUnits', () => {
  it('applies overrides to unlocked dimensions only', () => {
    expect(effectiveUnits(custom, { energy: 'meV', temperature: '°C' })).toEqual({
      energy: 'meV',
      length: 'Å',
      mass: 'kg',
      temperature: 'K',
    });
  });
});

describe('unitLabel', () => {
  it('abbreviates unit names and writes powers with ^', () => {
    expect(unitLabel('kilogram / meter ** 3')).toBe('kg / m^3');
    expect(unitLabel('joule')).toBe('J');
    expect(unitLabel('A/m**2')).toBe('A/m^2');
    expect(unitLabel('dimensionless')).toBe('');
    expect(unitLabel(undefined)).toBe('');
  });
});

describe('resolveDisplayUnit', () => {
  const units = effectiveUnits(custom, {});

  it('shows a stored SI value in the system unit of its dimension', () => {
    const unit = resolveDisplayUnit('joule', units, 'energy');
    expect(unit.unit).toBe('eV');
    expect(unit.label).toBe('eV');
    expect(unit.convert(1.602176634e-19)).toBeCloseTo(1, 12);
  });

  it('finds the dimension itself when none is given', () => {
    expect(resolveDisplayUnit('meter', units).convert(5.431e-10)).toBeCloseTo(5.431, 12);
  });

  it('composes units without a named dimension from the system units', () => {
    const unit = resolveDisplayUnit('kilogram / meter ** 3', units);
    expect(unit.label).toBe('kg / Å^3');
    expect(unit.convert(1)).toBeCloseTo(1e-30, 40);
  });

  it('prefers an explicit (column) unit when it fits, ignores it when it does not', () => {
    expect(resolveDisplayUnit('joule', units, 'energy', 'meV').convert(1.602176634e-19)).toBeCloseTo(1000, 9);
    expect(resolveDisplayUnit('joule', units, 'energy', 'm').label).toBe('eV');
  });

  it('shows forces in the system energy per length when the system names no force unit', () => {
    // final_force_maximum is stored in newton, with or without the artifacts' dimension.
    for (const unit of [resolveDisplayUnit('newton', units, 'force'), resolveDisplayUnit('newton', units)]) {
      expect(unit.label).toBe('eV / Å');
      expect(unit.convert(1.602176634e-9)).toBeCloseTo(1, 9);
    }
    expect(resolveDisplayUnit('newton / meter', units).label).toBe('(eV / Å) / Å');
    expect(resolveDisplayUnit('newton', { ...units, force: 'N' }, 'force').label).toBe('N');
  });

  it('keeps the stored unit when the system has no usable unit, and leaves unitless values alone', () => {
    const stored = resolveDisplayUnit('pascal', units);
    expect(stored.label).toBe('Pa');
    expect(stored.convert(3)).toBe(3);
    const none = resolveDisplayUnit(undefined, units);
    expect(none.unit).toBeUndefined();
    expect(none.label).toBe('');
    expect(none.convert(7)).toBe(7);
  });
});
