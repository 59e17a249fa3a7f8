import { ANGSTROM, BOHR, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
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
 Job cpu time:       0 days  0 hours  1 minutes 30.5 seconds.
 Elapsed time:       0 days  0 hours  0 minutes 12.0 seconds.
 Normal termination of Gaussian 16 at Mon Jan  1 10:00:00 2024.
`;

describe('the Gaussian reader and archive', () => {
  it('reads the route, the geometry, the SCF result, orbital energies and forces in SI units', () => {
    const { run, runs, workflow2, structure, warnings } = gaussianArchive(readGaussianLog(log).jobs);
    expect(warnings).toEqual([]);
    expect(runs).toHaveLength(1);
    expect(at(run, 'program')).toEqual({ name: 'Gaussian', version: '16' });
    expect(structure.species).toEqual(['O', 'H', 'H']);
    expectClose(structure.positions[1]![1], 0.757 * ANGSTROM);
    expect(at(run, 'method/0/dft/xc_functional/hybrid')).toEqual([{ name: 'HYB_GGA_XC_B3LYP' }]);
    expect(at(run, 'method/0/electrons_representation/0/basis_set/0/atom_centered/0/name')).toBe('6-31G(D)');
    expectClose(at(run, 'method/0/electronic/charge'), 0);
    // Unrestricted: two spin channels even for a singlet.
    expect(at(run, 'method/0/electronic/n_spin_channels')).toBe(2);
    expectClose(at(run, 'calculation/0/energy/total/value'), -76.4089 * HARTREE);
    // HOMO over both spins (-0.3), LUMO over both (0.04).
    expectClose(at(run, 'calculation/0/energy/highest_occupied'), -0.3 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/lowest_unoccupied'), 0.04 * HARTREE);
    expectClose(at(run, 'calculation/0/forces/total/value/0/2'), (-0.01 * HARTREE) / BOHR);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(10);
    // No cycles printed: the converged one only.
    expect(at(run, 'calculation/0/scf_iteration/length')).toBe(1);
    expect(at(run, 'calculation/0/calculation_converged')).toBe(true);
    // Unrestricted: two channels of 7 orbitals, singly occupied.
    expect(at(run, 'calculation/0/eigenvalues/0/n_spin_channels')).toBe(2);
    expect(at(run, 'calculation/0/eigenvalues/0/occupations/1/0')).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expectClose(at(run, 'calculation/0/eigenvalues/0/energies/1/0/4'), -0.31 * HARTREE);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
    expect(at(run, 'time_run')).toEqual({ cpu1_start: 0, cpu1_end: 90.5, wall_start: 0, wall_end: 12 });
  });

  it('refuses what is no Gaussian log, and warns of one that did not end normally', () => {
    expect(() => readGaussianLog('hello\n')).toThrow('not a Gaussian log');
    const cut = readGaussianLog(log.replace(/ Normal termination.*\n/, '')).jobs;
    expect(gaussianArchive(cut).warnings).toEqual([
      "the log has no 'Normal termination' for its last job: the run did not finish",
    ]);
  });

  it('types opt=TS as an optimisation to a saddle point', () => {
    const ts = log.replace('#p UB3LYP/6-31G(d) force', '#p UB3LYP/6-31G(d) opt=(TS,CalcFC)');
    const { workflow2 } = gaussianArchive(readGaussianLog(ts).jobs);
    expect(at(workflow2, 'name')).toBe('GeometryOptimization');
    expect(at(workflow2, 'method/method')).toBe('saddle_point_search');
  });

  it('makes one run per Link1 job, with the SCF cycles as printed and the thermochemistry', () => {
    const second = log
      .replace(' #p UB3LYP/6-31G(d) force', ' #p Geom=AllCheck UB3LYP/6-31G(d) freq')
      .replace(
        ' SCF Done:',
        ' E= -76.40    \n E= -76.4089     Delta-E=       -0.008900000000 Rises=F Damp=F\n SCF Done:',
      )
      .replace(
        ' Normal termination',
        ' Temperature   298.150 Kelvin.  Pressure   1.00000 Atm.\n Normal termination',
      );
    const { runs } = gaussianArchive(
      readGaussianLog(`${log} Link1:  Proceeding to internal job step number  2.\n${second}`).jobs,
    );
    expect(runs).toHaveLength(2);
    expect(at(runs[1], 'calculation/0/system_ref')).toBe('/run/1/system/0');
    expect(at(runs[1], 'calculation/0/scf_iteration/length')).toBe(2);
    expectClose(at(runs[1], 'calculation/0/scf_iteration/1/energy/change'), -0.0089 * HARTREE);
    expect(at(runs[1], 'calculation/0/thermodynamics/0/temperature')).toBe(298.15);
    expect(at(runs[1], 'calculation/0/thermodynamics/0/pressure')).toBe(101325);
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
    expect(at(archive, 'run/0/system/0/x_gaussian_total_charge')).toBe(-1);
  });

  it('CHO_freq: an optimisation of propyl nitrite to a stationary point, then its frequencies', async () => {
    const archive = await parse('CHO_freq/prono.out');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('C3H7NO2');
    // The optimisation (23 SCF steps and the final geometry) and the frequency job are two runs.
    expect(at(archive, 'run/length')).toBe(2);
    expect(at(archive, 'run/0/calculation/length')).toBe(24);
    expectClose(at(archive, 'run/0/calculation/22/energy/total/value'), -322.091639811 * HARTREE);
    // The final geometry's population analysis: no new SCF, Mulliken charges of the 13 atoms.
    expect(at(archive, 'run/0/calculation/23/energy/total')).toBeUndefined();
    expect(at(archive, 'run/0/calculation/23/charges/0/value/length')).toBe(13);
    expect(at(archive, 'workflow2/results/calculations_ref/length')).toBe(24);
    const last = at(archive, 'run/1/calculation/0');
    // 13 atoms: 3N - 6 = 33 frequencies, the first 58.1010 cm⁻¹.
    expect(at(last, 'vibrational_frequencies/0/value/length')).toBe(33);
    expectClose(at(last, 'vibrational_frequencies/0/value/0'), 5810.1);
    expectClose(at(last, 'energy/zero_point/value'), 0.102281 * HARTREE);
  });
});
