import { describe, expect, it } from 'vitest';
import { testEntryUnits, testUnitSystems, unitsInSystem as inSystem } from './testUnitSystems.ts';
import { axisTitle, compactLabel, entryUnits, formatQuantity, type EntryUnits } from './units.ts';

const eV = 1.602176634e-19; // J, exact

const custom = testEntryUnits('Custom');
const si = testEntryUnits('SI');

const labels = (units: EntryUnits) =>
  Object.fromEntries(Object.entries(units).map(([name, unit]) => [name, unit.label]));

describe('entryUnits', () => {
  it("shows the 'Custom' system in the units materials scientists read", () => {
    expect(labels(custom)).toEqual({
      energy: 'eV',
      length: 'Å',
      angle: '°',
      volume: 'Å³',
      massDensity: 'g/cm³',
      atomicDensity: '1/Å³',
      force: 'eV/Å',
      dos: 'states/eV',
      reciprocalLength: '1/Å',
      temperature: 'K',
      pressure: 'GPa',
      time: 'fs',
      heatCapacity: 'eV/K',
      area: 'Å²',
      diffusion: 'Å²/fs',
    });
    // The VASP sample's cutoff 6.2484888726e-17 J is ENCUT = 390 eV.
    expect(custom.energy.convert(6.2484888726e-17)).toBeCloseTo(390, 6);
    expect(custom.length.convert(5.431e-10)).toBeCloseTo(5.431, 12);
    expect(custom.angle.convert(Math.PI / 2)).toBeCloseTo(90, 12);
    expect(custom.volume.convert(1.25e-28)).toBeCloseTo(125, 9);
    // Silicon: 2284.36 kg/m³ = 2.284 g/cm³; 4.898e28 atoms/m³ = 0.049 atoms/Å³.
    expect(custom.massDensity.convert(2284.3622)).toBeCloseTo(2.2843622, 9);
    expect(custom.atomicDensity.convert(4.898168375484982e28)).toBeCloseTo(0.04898168375484982, 12);
    // 1 eV/Å = 1.602176634e-9 N; a DOS of 1e18 states/J is 0.1602 states/eV.
    expect(custom.force.convert(1.602176634e-10)).toBeCloseTo(0.1, 12);
    expect(custom.dos.convert(1e18)).toBeCloseTo(0.1602176634, 12);
    expect(custom.reciprocalLength.convert(1e10)).toBeCloseTo(1, 12);
    // MD and phonon quantities: 98 GPa, 1 ps, 1 eV/K, 2.3e-9 m²/s = 2.3e-4 Å²/fs.
    expect(custom.pressure.convert(98e9)).toBeCloseTo(98, 9);
    expect(custom.time.convert(1e-12)).toBeCloseTo(1000, 9);
    expect(custom.heatCapacity.convert(eV)).toBeCloseTo(1, 12);
    expect(custom.diffusion.convert(2.3e-9)).toBeCloseTo(2.3e-4, 15);
  });

  it('shows SI values as stored, in SI unit symbols', () => {
    expect(labels(si)).toEqual({
      energy: 'J',
      length: 'm',
      angle: 'rad',
      volume: 'm³',
      massDensity: 'kg/m³',
      atomicDensity: '1/m³',
      force: 'J/m',
      dos: 'states/J',
      reciprocalLength: '1/m',
      temperature: 'K',
      pressure: 'Pa',
      time: 's',
      heatCapacity: 'J/K',
      area: 'm²',
      diffusion: 'm²/s',
    });
    for (const unit of Object.values(si)) expect(unit.convert(1.5e-19)).toBeCloseTo(1.5e-19, 30);
  });

  it('follows overridden units in composed units', () => {
    const units = entryUnits(inSystem(testUnitSystems.options.Custom, { energy: 'meV', length: 'nm' }));
    expect(units.force.label).toBe('meV/nm');
    expect(units.force.convert(1.602176634e-10)).toBeCloseTo(0.1 * 1e3 * 10, 9);
    expect(units.volume.label).toBe('nm³');
    expect(units.dos.convert(1e18)).toBeCloseTo(0.1602176634e-3, 15);
    // Mass density keeps its hand-picked unit while length and mass are the user's to choose.
    expect(units.massDensity.label).toBe('g/cm³');
  });

  it('composes the mass density from the system units when they are locked or not configured', () => {
    const locked = entryUnits(inSystem({ label: 'A', units: { length: { definition: 'Å', locked: true } } }));
    expect(locked.massDensity.label).toBe('kg/Å³');
    expect(locked.massDensity.convert(2329)).toBeCloseTo(2.329e-27, 35);
    // Without configured units values are shown as stored.
    const stored = entryUnits(inSystem({ label: 'SI', units: {} }));
    expect(stored.massDensity.label).toBe('kg/m³');
    expect(stored.energy.label).toBe('J');
    expect(stored.energy.convert(eV)).toBe(eV);
  });
});

describe('compactLabel', () => {
  it('writes powers as superscripts and operators without spaces', () => {
    expect(compactLabel('kg / m^3')).toBe('kg/m³');
    expect(compactLabel('m^-1')).toBe('m⁻¹');
    expect(compactLabel('kg * m^2 / s^2')).toBe('kg·m²/s²');
    expect(compactLabel('')).toBe('');
  });
});

describe('formatQuantity', () => {
  it('formats values in the display unit and leaves missing values undefined', () => {
    expect(formatQuantity(5e-10, custom.length)).toBe('5 Å');
    expect(formatQuantity(Math.PI / 2, custom.angle)).toBe('90°');
    expect(formatQuantity(Math.PI / 2, si.angle)).toBe('1.571 rad');
    expect(formatQuantity(1.25e-28, custom.volume)).toBe('125 Å³');
    expect(formatQuantity(1.5 * eV, si.energy)).toBe('2.403e-19 J');
    expect(formatQuantity(undefined, custom.energy)).toBeUndefined();
    expect(formatQuantity('1', custom.energy)).toBeUndefined();
    expect(formatQuantity(Number.NaN, custom.energy)).toBeUndefined();
  });

  it('titles axes with the display unit', () => {
    expect(axisTitle('Energy', custom.energy)).toBe('Energy (eV)');
    expect(axisTitle('Energy', si.energy)).toBe('Energy (J)');
  });
});
