import { BOLTZMANN, PLANCK } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { TERAHERTZ } from './constants.ts';
import { gaussianDos, temperatureGrid, thermalProperties } from './thermal.ts';

describe('harmonic thermal properties', () => {
  // One unit cell with one atom: three modes of 5 THz at one q-point.
  const modes = [[5, 5, 5]];
  const zeroPoint = (3 * PLANCK * 5 * TERAHERTZ) / 2;

  it('approach 3 k_B per atom at high temperature and vanish at low temperature', () => {
    const hot = thermalProperties(modes, [1], [1e5]);
    expect(hot.heatCapacity[0]! / (3 * BOLTZMANN)).toBeCloseTo(1, 5);
    const cold = thermalProperties(modes, [1], [0, 1]);
    expect(cold.heatCapacity[0]).toBe(0);
    expect(cold.heatCapacity[1]).toBeLessThan(1e-100);
    expect(cold.freeEnergy[0]).toBeCloseTo(zeroPoint, 30);
    expect(cold.internalEnergy[1]! / zeroPoint).toBeCloseTo(1, 12);
  });

  it('satisfy F = U − TS and leave out modes at zero and imaginary ones', () => {
    const t = 300;
    const withSoft = thermalProperties([[-1, 0, 5, 5, 5]], [1], [t]);
    const plain = thermalProperties(modes, [1], [t]);
    expect(withSoft.freeEnergy[0]).toBe(plain.freeEnergy[0]);
    const { freeEnergy, internalEnergy, entropy } = plain;
    expect((internalEnergy[0]! - t * entropy[0]!) / freeEnergy[0]!).toBeCloseTo(1, 12);
  });

  it('make phonopy-style temperature grids with the end included', () => {
    expect(temperatureGrid(0, 1200, 1200)).toHaveLength(1201);
    expect(temperatureGrid(0, 100, 4)).toEqual([0, 25, 50, 75, 100]);
  });

  it('normalise the Gaussian DOS to the number of modes per cell', () => {
    const grid = Array.from({ length: 1001 }, (_, k) => k * 0.01);
    const dos = gaussianDos([[2, 4, 6]], [1], grid, 0.1);
    const integral = dos.reduce((s, v) => s + v, 0) * 0.01;
    expect(integral).toBeCloseTo(3, 6);
    expect(dos[200]!).toBeCloseTo(1 / (Math.sqrt(2 * Math.PI) * 0.1), 10);
  });
});
