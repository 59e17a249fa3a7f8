import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { BOHR, HARTREE } from '../../units.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { nwchemParser } from './nwchem.ts';
import { readNwchemOutput } from './read-nwchem.ts';

const samples = new URL('../../../../../../../shared/samples/codes/nwchem/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'nwchem',
    parser: nwchemParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe('the NWChem reader', () => {
  it('refuses what is no NWChem output, and one without an energy', () => {
    expect(() => readNwchemOutput('hello\n')).toThrow('not an NWChem output');
    expect(() =>
      readNwchemOutput('              Northwest Computational Chemistry Package (NWChem) 7.2\n'),
    ).toThrow("the output has no 'Total DFT energy'");
  });
});

describe.skipIf(!existsSync(samples))('NWChem samples (skipped without ../shared)', () => {
  it('single_point: water with TPSS, its energy, frontier orbitals, six SCF iterations and forces', async () => {
    const archive = await parse('single_point.out');
    expect(at(archive, 'run/0/program/version')).toBe('6.6');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -76.436222730188 * HARTREE);
    // Vector 5 (occupied) E=-2.425760D-01, vector 6 (empty) E= 1.481420D-02.
    expectClose(at(archive, 'run/0/calculation/0/energy/highest_occupied'), -0.242576 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/energy/lowest_unoccupied'), 0.0148142 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(6);
    // Gradient of O along z -0.000037 Hartree/bohr: the force is its negative.
    expectClose(at(archive, 'run/0/calculation/0/forces/total/value/0/2'), (0.000037 * HARTREE) / BOHR);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual([
      'MGGA_C_TPSS',
      'MGGA_X_TPSS',
    ]);
  });

  it('geometry_optimization: the same water optimised to convergence', async () => {
    const archive = await parse('geometry_optimization.out');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -76.429418611381 * HARTREE);
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('H2O');
  });
});
