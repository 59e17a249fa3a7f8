import { ELECTRON_VOLT as EV, EV_PER_ANGSTROM } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { resolveArchivePath } from './archive-path.ts';
import type { Section } from './normalizer.ts';
import { geometryOptimizationProperties, nCalculations } from './properties.ts';
import { geometryOptimizationArchive, singlePointArchive } from './properties-fixtures.ts';
import { normalizeWorkflow } from './workflow-normalizer.ts';

describe('properties', () => {
  it('counts the calculations of the first run', () => {
    expect(nCalculations(geometryOptimizationArchive())).toBe(3);
    expect(nCalculations({ run: [{}] })).toBe(0);
    expect(nCalculations({})).toBeUndefined();
  });

  it('summarises a geometry optimisation with references into workflow2 and the run', () => {
    const archive = geometryOptimizationArchive();
    normalizeWorkflow(archive, () => {});
    const geometry = geometryOptimizationProperties(archive) as Section;
    expect(geometry).toMatchObject({
      type: 'atomic',
      convergence_tolerance_energy_difference: 1e-3 * EV,
      convergence_tolerance_force_maximum: 0.1 * EV_PER_ANGSTROM,
      energies: '/workflow2/results/energies',
      system_optimized: '/run/0/system/2',
      trajectory: ['/run/0/calculation/0', '/run/0/calculation/1', '/run/0/calculation/2'],
    });
    const results = (archive.workflow2 as Section).results as Section;
    expect(geometry.final_energy_difference).toBe(results.final_energy_difference);
    expect(geometry.final_force_maximum).toBe(results.final_force_maximum);
    expect(geometry.final_displacement_maximum).toBe(results.final_displacement_maximum);
    expect(resolveArchivePath(archive, geometry.energies as string)).toHaveLength(3);
    expect(resolveArchivePath(archive, geometry.system_optimized as string)).toBeDefined();
  });

  it('accepts #-prefixed references and ignores other workflows', () => {
    const archive = geometryOptimizationArchive();
    const calcs = ((archive.run as Section[])[0] as Section).calculation as Section[];
    (calcs[2] as Section).system_ref = '#/run/0/system/2';
    normalizeWorkflow(archive, () => {});
    expect(geometryOptimizationProperties(archive)?.system_optimized).toBe('/run/0/system/2');
    expect(geometryOptimizationProperties(singlePointArchive())).toBeUndefined();
  });
});
