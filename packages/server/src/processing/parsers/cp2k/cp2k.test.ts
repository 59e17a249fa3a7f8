import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { ANGSTROM } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { cp2kArchive } from './archive.ts';
import { cp2kParser } from './cp2k.ts';
import { readCp2kOutput } from './read-cp2k.ts';

/** A small single point of our own, in CP2K's layout (two atoms in a 5 Å cube, PBE). */
const output = `
  **** **** ******  **  PROGRAM STARTED AT               2024-01-01 10:00:00.000
 CP2K| version string:                                          CP2K version 2024.1
 GLOBAL| Run type                                                   ENERGY_FORCE
 CELL| Vector a [angstrom]:       5.000     0.000     0.000    |a| =       5.000
 CELL| Vector b [angstrom]:       0.000     5.000     0.000    |b| =       5.000
 CELL| Vector c [angstrom]:       0.000     0.000     5.000    |c| =       5.000
 DFT| Spin unrestricted (spin-polarized) Kohn-Sham calculation            UKS
 DFT| Multiplicity                                                             3
 DFT| Charge                                                                   0
 FUNCTIONAL| PBE:
 FUNCTIONAL| J.P.Perdew, K.Burke, M.Ernzerhof, Phys. Rev. Letter, vol. 77, n 18,
 PW_GRID| Cutoff [a.u.]                                                    200.0
 MODULE QUICKSTEP:  ATOMIC COORDINATES IN angstrom

  Atom  Kind  Element       X           Y           Z          Z(eff)       Mass

       1     1 O   8    0.000000    0.000000    0.000000      6.00      15.9994
       2     1 O   8    0.000000    0.000000    1.210000      6.00      15.9994

 SCF WAVEFUNCTION OPTIMIZATION

  Step     Update method      Time    Convergence         Total energy    Change
  ------------------------------------------------------------------------------
     1 OT DIIS     0.15E+00    0.5     0.01000000       -31.5000000000 -3.15E+01
     2 OT DIIS     0.15E+00    0.5     0.00000100       -31.6000000000 -1.00E-01

  *** SCF run converged in     2 steps ***

 ENERGY| Total FORCE_EVAL ( QS ) energy (a.u.):              -31.600000000000000

 ATOMIC FORCES in [a.u.]

 # Atom   Kind   Element          X              Y              Z
      1      1      O           0.00000000     0.00000000     0.01000000
      2      1      O           0.00000000     0.00000000    -0.01000000
 SUM OF ATOMIC FORCES           0.00000000     0.00000000     0.00000000     0.00000000
  **** **** ******  **  PROGRAM ENDED AT                 2024-01-01 10:00:05.000
`;

describe('the CP2K reader and archive', () => {
  it('reads settings, coordinates, the SCF and forces, and writes them in SI units', () => {
    const { run, workflow2, structure, warnings } = cp2kArchive(readCp2kOutput(output));
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'CP2K', version: '2024.1' });
    expect(structure.species).toEqual(['O', 'O']);
    expectClose(structure.positions[1]![2], 1.21 * ANGSTROM);
    expectClose(structure.lattice![0][0], 5 * ANGSTROM);
    expect(at(run, 'method/0/dft/xc_functional/exchange')).toEqual([{ name: 'GGA_X_PBE' }]);
    expect(at(run, 'method/0/electronic/n_spin_channels')).toBe(2);
    expectClose(at(run, 'method/0/basis_set/0/cell_dependent/0/planewave_cutoff'), 200 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/total/value'), -31.6 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expect(at(run, 'calculation/0/calculation_converged')).toBe(true);
    expectClose(at(run, 'calculation/0/forces/total/value/1/2'), (-0.01 * HARTREE) / BOHR);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('refuses what is no CP2K output', () => {
    expect(() => readCp2kOutput('hello\n')).toThrow("not a CP2K output: no 'CP2K| version string'");
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/cp2k/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'cp2k',
    parser: cp2kParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(samples))('CP2K samples (skipped without ../shared)', () => {
  it('single_point: eight silicon atoms, the Pade energy and ten SCF steps', async () => {
    const archive = await parse('single_point/si_bulk8.out');
    expect(at(archive, 'run/0/program/version')).toBe('2.6.2');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -31.297885372811063 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(10);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual(['LDA_XC_TETER93']);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });

  it('molecular_dynamics: ten NVE steps of two water molecules, positions from the trajectory beside it', async () => {
    const archive = await parse('molecular_dynamics/H2O-32.out');
    expect(at(archive, 'workflow2/method')).toEqual({
      thermodynamic_ensemble: 'NVE',
      integration_timestep: 0.5e-15,
    });
    expect(at(archive, 'run/0/calculation/length')).toBe(11);
    // H2O-32-1.ener: step 1 at 0.5 fs, 275.075405378 K, which the entry keeps; the output prints 275.075.
    expectClose(at(archive, 'run/0/calculation/1/temperature'), 275.075405378);
    expectClose(at(archive, 'run/0/calculation/1/time_physical'), 0.5e-15);
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -34.329778992517717 * HARTREE);
    // One system per trajectory frame; the first frame's first atom: O at 2.2803980 9.1465390 5.0886960 Å.
    expect(at(archive, 'run/0/system/length')).toBe(11);
    expectClose(at(archive, 'run/0/system/0/atoms/positions/0/0'), 2.280398 * ANGSTROM);
  });
});
