import { describe, expect, it } from 'vitest';
import { prepareGeometryOptimization } from './geometryOptimization.ts';

const eV = 1.602176634e-19;

describe('prepareGeometryOptimization', () => {
  it('gives the energy above the final step and the change per step, in J', () => {
    const archive = { workflow2: { results: { energies: [-10 * eV, -10.5 * eV, -10.6 * eV, -10.62 * eV] } } };
    const data = prepareGeometryOptimization(archive, { energies: '/workflow2/results/energies' })!;
    expect(data.steps).toEqual([0, 1, 2, 3]);
    [0.62, 0.12, 0.02, 0].forEach((value, i) => expect(data.energyChanges[i]! / eV).toBeCloseTo(value, 10));
    [0.5, 0.1, 0.02].forEach((value, i) => expect(data.stepChanges[i]! / eV).toBeCloseTo(value, 10));
  });

  it('has nothing to plot without energies or with a single step', () => {
    expect(prepareGeometryOptimization({}, {})).toBeUndefined();
    const singleStep = { workflow2: { results: { energies: [-1e-18] } } };
    expect(
      prepareGeometryOptimization(singleStep, { energies: '/workflow2/results/energies' }),
    ).toBeUndefined();
    expect(() => prepareGeometryOptimization({}, { energies: '/workflow/0/energies' })).toThrow(
      "'workflow' does not exist",
    );
  });
});
