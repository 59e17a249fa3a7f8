import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { ANGSTROM } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { gaussianArchive } from './archive.ts';
import { gaussianParser } from './gaussian.ts';
import { readGaussianLog } from './read-gaussian.ts';

/** A small single point of our own, in Gaussian's layout (a water molecule, UB3LYP). */
const log = `
 Entering Gaussian System, Link 0=g16
 Gaussian 16, Revision C.01,
 ----------------------------
 #p UB3LYP/6-31G(d) force
 ----------------------------
 Charge =  0 Multiplicity = 1
                          Input orientation:
 ---------------------------------------------------------------------
 Center     Atomic      Atomic             Coordinates (Angstroms)
 Number     Number       Type             X           Y           Z
 ---------------------------------------------------------------------
      1          8           0        0.000000    0.000000    0.117000
      2          1           0        0.000000    0.757000   -0.468000
      3          1           0        0.000000   -0.757000   -0.468000
 ---------------------------------------------------------------------
 SCF Done:  E(UB3LYP) =  -76.4089    A.U. after   10 cycles
 Alpha  occ. eigenvalues --  -19.1   -1.0   -0.5   -0.4   -0.3
 Alpha virt. eigenvalues --    0.05   0.1
 Beta  occ. eigenvalues --  -19.1   -1.0   -0.5   -0.4   -0.31
 Beta virt. eigenvalues --    0.04   0.1
 -------------------------------------------------------------------
 Center     Atomic                   Forces (Hartrees/Bohr)
 Number     Number              X              Y              Z
 -------------------------------------------------------------------
      1        8           0.000000000    0.000000000   -0.010000000
      2        1           0.000000000    0.002000000    0.005000000
      3        1           0.000000000   -0.002000000    0.005000000
 -------------------------------------------------------------------
 Normal termination of Gaussian 16 at Mon Jan  1 10:00:00 2024.
`;

describe('the Gaussian reader and archive', () => {
  it('reads the route, the geometry, the SCF result, orbital energies and forces in SI units', () => {
    const { run, workflow2, structure, warnings } = gaussianArchive(readGaussianLog(log));
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'Gaussian', version: '16, Revision C.01' });
    expect(structure.species).toEqual(['O', 'H', 'H']);
    expectClose(structure.positions[1]![1], 0.757 * ANGSTROM);
    expect(at(run, 'method/0/dft/xc_functional/hybrid')).toEqual([{ name: 'HYB_GGA_XC_B3LYP' }]);
    expect(at(run, 'method/0/basis_set/0')).toEqual({ type: 'gaussians', name: '6-31G(d)' });
    // Unrestricted: two spin channels even for a singlet.
    expect(at(run, 'method/0/electronic/n_spin_channels')).toBe(2);
    expectClose(at(run, 'calculation/0/energy/total/value'), -76.4089 * HARTREE);
    // HOMO over both spins (-0.3), LUMO over both (0.04).
    expectClose(at(run, 'calculation/0/energy/highest_occupied'), -0.3 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/lowest_unoccupied'), 0.04 * HARTREE);
    expectClose(at(run, 'calculation/0/forces/total/value/0/2'), (-0.01 * HARTREE) / BOHR);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(10);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('refuses what is no Gaussian log, and warns of one that did not end normally', () => {
    expect(() => readGaussianLog('hello\n')).toThrow('not a Gaussian log');
    expect(gaussianArchive(readGaussianLog(log.replace(/ Normal termination.*\n/, ''))).warnings).toEqual([
      "the log has no 'Normal termination': the job did not finish",
    ]);
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/gaussian/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'gaussian',
    parser: gaussianParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(samples))('Gaussian samples (skipped without ../shared)', () => {
  it('Al_scf: the B3LYP energy of an aluminium anion', async () => {
    const archive = await parse('Al_scf/Al.out');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -242.389700912 * HARTREE);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual(['HYB_GGA_XC_B3LYP']);
    expect(at(archive, 'run/0/method/0/x_gaussian_charge')).toBe(-1);
  });

  it('CHO_freq: an optimisation of propyl nitrite to a stationary point, then its frequencies', async () => {
    const archive = await parse('CHO_freq/prono.out');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('C3H7NO2');
    const last = at(archive, 'run/0/calculation/23');
    expectClose(at(last, 'energy/total/value'), -322.091639811 * HARTREE);
    // 13 atoms: 3N - 6 = 33 frequencies, the first 58.1010 cm⁻¹.
    expect(at(last, 'vibrational_frequencies/0/value/length')).toBe(33);
    expectClose(at(last, 'vibrational_frequencies/0/value/0'), 5810.1);
    expectClose(at(last, 'energy/zero_point/value'), 0.102281 * HARTREE);
  });
});
