import { ANGSTROM, BOHR, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
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

  1. Atomic kind: O                                     Number of atoms:       2
     Orbital Basis Set                                             DZVP-MOLOPT-SR-GTH
     GTH Potential information for                                    GTH-PBE-q6
 MODULE QUICKSTEP:  ATOMIC COORDINATES IN angstrom

  Atom  Kind  Element       X           Y           Z          Z(eff)       Mass

       1     1 O   8    0.000000    0.000000    0.000000      6.00      15.9994
       2     1 O   8    0.000000    0.000000    1.210000      6.00      15.9994

 SCF WAVEFUNCTION OPTIMIZATION

                        eps_scf:                                        1.00E-06

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
    expect(at(run, 'program')).toEqual({ name: 'CP2K', version: 'CP2K version 2024.1' });
    expect(structure.species).toEqual(['O', 'O']);
    expectClose(structure.positions[1]![2], 1.21 * ANGSTROM);
    expectClose(structure.lattice![0][0], 5 * ANGSTROM);
    expect(at(run, 'method/0/dft/xc_functional/exchange')).toEqual([{ name: 'GGA_X_PBE' }]);
    expect(at(run, 'method/0/electronic/n_spin_channels')).toBe(2);
    // GPW: plane waves for the density, the kind's Gaussians for the wave functions.
    expect(at(run, 'method/0/electrons_representation/0/type')).toBe('gaussians + plane waves');
    expectClose(at(run, 'method/0/electrons_representation/0/basis_set/0/cutoff'), 200 * HARTREE);
    expect(at(run, 'method/0/electrons_representation/0/basis_set/1/atom_centered')).toEqual([
      { name: 'DZVP-MOLOPT-SR-GTH', atom_number: 8 },
    ]);
    expectClose(at(run, 'method/0/scf/threshold_energy_change'), 1e-6 * HARTREE);
    expect(at(run, 'method/0/atom_parameters')).toEqual([
      {
        label: 'O',
        atom_number: 8,
        n_valence_electrons: 6,
        pseudopotential_name: 'GTH-PBE-q6',
        pseudopotential: { name: 'GTH-PBE-q6' },
      },
    ]);
    expectClose(at(run, 'calculation/0/energy/total/value'), -31.6 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expect(at(run, 'calculation/0/calculation_converged')).toBe(true);
    expectClose(at(run, 'calculation/0/forces/total/value/1/2'), (-0.01 * HARTREE) / BOHR);
    // The 'Time' column: per iteration, summed over the cycle.
    expect(at(run, 'calculation/0/scf_iteration/1/time_calculation')).toBe(0.5);
    expect(at(run, 'calculation/0/time_physical')).toBe(1);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('reads the 2023 layout: coordinates IN ANGSTROM and the energy in [a.u.]', () => {
    const recent = output
      .replace('ATOMIC COORDINATES IN angstrom', 'ATOMIC COORDINATES IN ANGSTROM')
      .replace('energy (a.u.):', 'energy [a.u.]:');
    const { run } = cp2kArchive(readCp2kOutput(recent));
    expect(at(run, 'system/0/atoms/labels')).toEqual(['O', 'O']);
    expectClose(at(run, 'calculation/0/energy/total/value'), -31.6 * HARTREE);
  });

  it('keeps one calculation per optimisation step: the first, the last of each step, the final one', () => {
    const cycle = (energy: number) => `
 SCF WAVEFUNCTION OPTIMIZATION
     1 OT DIIS     0.15E+00    0.5     0.00000100       ${energy.toFixed(10)} -1.00E-01
  *** SCF run converged in     1 steps ***
  Exchange-correlation energy:                                 -4.00000000000000
 ENERGY| Total FORCE_EVAL ( QS ) energy (a.u.):              ${energy.toFixed(15)}
`;
    const [head, tail] = output.split(' SCF WAVEFUNCTION OPTIMIZATION');
    const optimisation =
      head!.replace('ENERGY_FORCE', 'GEO_OPT') +
      ` *******************************************************************************
 ***                     STARTING GEOMETRY OPTIMIZATION                      ***
 ***                                   BFGS                                  ***
 *******************************************************************************
` +
      cycle(-31.1) +
      ' OPTIMIZATION STEP:      1\n' +
      cycle(-31.2) +
      cycle(-31.3) +
      ' OPTIMIZATION STEP:      2\n' +
      cycle(-31.4) +
      '                    Reevaluating energy at the minimum\n' +
      cycle(-31.5) +
      ' SCF WAVEFUNCTION OPTIMIZATION' +
      // The fixture's own cycle, without its energy, ends the file (an evaluation cut off is left out).
      tail!.replace(/ENERGY\|.*\n/, '');
    const out = readCp2kOutput(optimisation);
    const { run, workflow2, warnings } = cp2kArchive(out);
    const energies = (run.calculation as { energy: { total: { value: number } } }[]).map(
      (c) => c.energy.total.value / HARTREE,
    );
    expect(energies.map((e) => Number(e.toFixed(6)))).toEqual([-31.1, -31.3, -31.4, -31.5]);
    expect(at(workflow2, 'method')).toEqual({ type: 'atomic', method: 'bfgs' });
    expectClose(at(run, 'calculation/1/energy/xc/value'), -4 * HARTREE);
    // Without '<project>-pos-1.xyz' all steps refer to the initial coordinates, with a warning.
    expect(warnings).toContain(
      'no trajectory of the optimisation steps beside the output: all refer to the initial coordinates',
    );
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
    expect(at(archive, 'run/0/program/version')).toBe('CP2K version 2.6.2');
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
    expectClose(at(archive, 'run/0/calculation/1/time'), 0.5e-15);
    // The SCF clock: the 'Time' column summed over steps 0 and 1.
    expectClose(at(archive, 'run/0/calculation/1/time_physical'), 5.2);
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -34.329778992517717 * HARTREE);
    // One system per trajectory frame; the first frame's first atom: O at 2.2803980 9.1465390 5.0886960 Å.
    expect(at(archive, 'run/0/system/length')).toBe(11);
    expectClose(at(archive, 'run/0/system/0/atoms/positions/0/0'), 2.280398 * ANGSTROM);
  });
});

// NOMAD's own test data, where the conformance tool has extracted it (skipped elsewhere).
const nomadData = `${nomadTestData('electronic-parsers', 'cp2k')}/`;
const parseNomad = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: `${nomadData}${path}`,
    relativePath: path,
    uploadId: 'cp2k',
    parser: cp2kParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(nomadData))('CP2K files of the NOMAD tests (skipped without them)', () => {
  it('version_2023_1: the coordinates of the 2023 layout', async () => {
    const archive = await parseNomad('version_2023_1/Defect_level_D_mode.548022.out');
    expect(at(archive, 'run/0/system/0/atoms/positions/length')).toBe(431);
    // Atom 1: Se at 11.616523 1.916229 18.320724 Å.
    expectClose(at(archive, 'run/0/system/0/atoms/positions/0/2'), 18.320724 * ANGSTROM);
  });

  it('geometry_optimization: thirteen steps, their geometries from H2O-pos-1.xyz', async () => {
    const archive = await parseNomad('geometry_optimization/H2O.out');
    expect(at(archive, 'workflow2/method/method')).toBe('conjugate gradient');
    expect(at(archive, 'run/0/calculation/length')).toBe(13);
    expect(at(archive, 'run/0/system/length')).toBe(13);
    // Step 2's last line search has 6 SCF iterations; frame i = 6 has H at y = 2.2567157451 Å.
    expect(at(archive, 'run/0/calculation/2/scf_iteration/length')).toBe(6);
    expectClose(at(archive, 'run/0/system/6/atoms/positions/1/1'), 2.2567157451 * ANGSTROM);
    expect(at(archive, 'run/0/calculation/6/system_ref')).toBe('/run/0/system/6');
  });

  it('graphene_15x15_pdos: both spins broadened from the .pdos files', async () => {
    const archive = await parseNomad('graphene_15x15_pdos/Grafene15x15-alone-smear-cell-opt.out');
    const dos = at(archive, 'run/0/calculation/0/dos_electronic') as Record<string, unknown>[];
    expect(dos.map((d) => d.spin_channel)).toEqual([0, 1]);
    // -0.863453 to 0.427564 Hartree, 1 eV more either side, in steps of 0.01 eV.
    expect(dos[0]!.n_energies).toBe(3713);
    expect(at(dos[0], 'orbital_projected/2')).toMatchObject({ atom_label: 'C', orbital: 'pz' });
    expectClose(at(dos[0], 'energy_fermi'), -0.146086 * HARTREE);
  });
});
