import { describe, expect, it } from 'vitest';
import { arrayFromSI, formatSI, fromSI } from './units.ts';

describe('units', () => {
  it('converts SI values to the display units', () => {
    // 1 eV = 1.602176634e-19 J (exact); the VASP sample's cutoff 6.2484888726e-17 J is ENCUT = 390 eV.
    expect(fromSI(6.2484888726e-17, 'eV')).toBeCloseTo(390, 6);
    expect(fromSI(5.431e-10, 'Å')).toBeCloseTo(5.431, 12);
    expect(fromSI(Math.PI / 2, '°')).toBeCloseTo(90, 12);
    // Silicon: 2284.36 kg/m³ = 2.284 g/cm³; 4.898e28 atoms/m³ = 0.049 atoms/Å³.
    expect(fromSI(2284.3622, 'g/cm³')).toBeCloseTo(2.2843622, 9);
    expect(fromSI(4.898168375484982e28, '1/Å³')).toBeCloseTo(0.04898168375484982, 12);
    expect(fromSI(1.25e-28, 'Å³')).toBeCloseTo(125, 9);
    // 1 eV/Å = 1.602176634e-9 N.
    expect(fromSI(1.602176634e-10, 'eV/Å')).toBeCloseTo(0.1, 12);
    // A DOS of 1e18 states/J is 0.1602 states/eV.
    expect(fromSI(1e18, 'states/eV')).toBeCloseTo(0.1602176634, 12);
    expect(arrayFromSI([0, 1.602176634e-19], 'eV')).toEqual([0, 1]);
  });

  it('formats values with their unit and leaves missing values undefined', () => {
    expect(formatSI(5e-10, 'Å')).toBe('5 Å');
    expect(formatSI(Math.PI / 2, '°')).toBe('90°');
    expect(formatSI(1.25e-28, 'Å³')).toBe('125 Å³');
    expect(formatSI(undefined, 'eV')).toBeUndefined();
    expect(formatSI('1', 'eV')).toBeUndefined();
    expect(formatSI(Number.NaN, 'eV')).toBeUndefined();
  });
});
