import { BOHR, ELECTRON_VOLT, RYDBERG } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectAllClose, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { pwArchive } from './archive.ts';
import { quantumEspressoParser } from './quantum-espresso.ts';
import { readPwOutput, readPwRuns } from './read-pw.ts';

/** A small SCF output of our own, in pw.x's layout (a two-atom cell of 10 bohr). */
const scf = `
     Program PWSCF v.7.2 starts on  1Jan2024 at 10: 0: 0
     bravais-lattice index     =            1
     lattice parameter (alat)  =      10.0000  a.u.
     number of electrons       =        16.00
     kinetic-energy cutoff     =      40.0000  Ry
     charge density cutoff     =     320.0000  Ry
     scf convergence threshold =      1.0E-08
     Exchange-correlation= PBESOL
                           (   1   4  10   8   0   0   0)
     crystal axes: (cart. coord. in units of alat)
               a(1) = (   1.000000   0.000000   0.000000 )
               a(2) = (   0.000000   1.000000   0.000000 )
               a(3) = (   0.000000   0.000000   1.000000 )

     atomic species   valence    mass     pseudopotential
        Mg1            8.00    24.30500     Mg( 1.00)
        O              6.00    15.99900     O ( 1.00)

     PseudoPot. # 1 for Mg read from file:
     /pseudo/Mg.pbesol-spn-kjpaw_psl.UPF
     MD5 check sum: 0123456789abcdef
     Pseudo is Projector augmented-wave + core cor, Zval = 10.0

     PseudoPot. # 2 for O  read from file:
     /pseudo/O.pbesol-n-rrkjus.UPF
     MD5 check sum: fedcba9876543210
     Pseudo is Ultrasoft + core correction, Zval =  6.0

   Cartesian axes

     site n.     atom                  positions (alat units)
         1           Mg1 tau(   1) = (   0.0000000   0.0000000   0.0000000  )
         2           O   tau(   2) = (   0.5000000   0.5000000   0.5000000  )

     number of k points=     2  Marzari-Vanderbilt smearing, width (Ry)=  0.0100
                       cart. coord. in units 2pi/alat
        k(    1) = (   0.0000000   0.0000000   0.0000000), wk =   0.5000000
        k(    2) = (   0.2500000   0.0000000  -0.5000000), wk =   1.5000000

     total cpu time spent up to now is        1.5 secs

     Self-consistent Calculation

     iteration #  1     ecut=    40.00 Ry     beta= 0.70
     total cpu time spent up to now is        2.0 secs

     total energy              =     -10.00000000 Ry
     estimated scf accuracy    <       0.10000000 Ry

     iteration #  2     ecut=    40.00 Ry     beta= 0.70
     total cpu time spent up to now is        2.7 secs

     End of self-consistent calculation

          k = 0.0000 0.0000 0.5000 (  1000 PWs)   bands (ev):

   -10.0000  -5.0000-120.5000   2.0000

     the Fermi energy is     1.5000 ev

!    total energy              =     -10.50000000 Ry
     estimated scf accuracy    <          1.0E-09 Ry
     one-electron contribution =     -20.00000000 Ry
     xc contribution           =      -3.00000000 Ry

     convergence has been achieved in   2 iterations

     Forces acting on atoms (cartesian axes, Ry/au):

     atom    1 type  1   force =     0.01000000    0.00000000   -0.02000000
     atom    2 type  2   force =    -0.01000000    0.00000000    0.02000000

          total   stress  (Ry/bohr**3)                   (kbar)     P=        1.00
   0.00000680   0.00000000   0.00000000            1.00        0.00        0.00
   0.00000000   0.00000680   0.00000000            0.00        1.00        0.00
   0.00000000   0.00000000   0.00000680            0.00        0.00        1.00

   This run was terminated on:  10: 1: 5   1Jan2024

   JOB DONE.
`;

describe('the pw.x reader and archive', () => {
  it('reads settings, the SCF cycle and the geometry, and writes them in SI units', () => {
    const { run, workflow2, structure, warnings } = pwArchive(readPwOutput(scf));
    expect(warnings).toEqual([]);
    expect(run.program).toEqual({ name: 'QuantumESPRESSO', version: '7.2' });
    expect(structure.species).toEqual(['Mg', 'O']);
    expect(structure.positions[1]![0]).toBeCloseTo(5 * BOHR, 20);
    expect(structure.lattice![2][2]).toBeCloseTo(10 * BOHR, 20);
    const method = at(run, 'method/0');
    expect(at(method, 'dft/xc_functional/exchange')).toEqual([{ name: 'GGA_X_PBE_SOL' }]);
    expect(at(method, 'electronic/smearing')).toEqual({ kind: 'marzari-vanderbilt', width: 0.01 * RYDBERG });
    expect(at(method, 'electrons_representation/0/scope')).toEqual(['wavefunction']);
    expectClose(at(method, 'electrons_representation/0/basis_set/0/cutoff'), 40 * RYDBERG);
    expect(at(method, 'electrons_representation/1/scope')).toEqual(['density']);
    expectClose(at(method, 'electrons_representation/1/basis_set/0/cutoff'), 320 * RYDBERG);
    expect(at(method, 'electronic/n_electrons')).toBe(16);
    // k-points as fractions of the reciprocal cell (a cubic cell: the Cartesian ones), weights summing to 1.
    expect(at(method, 'k_mesh')).toEqual({
      n_points: 2,
      dimensionality: 3,
      points: [
        [0, 0, 0],
        [0.25, 0, -0.5],
      ],
      weights: [0.25, 0.75],
    });
    expect(at(method, 'atom_parameters/0/pseudopotential')).toEqual({
      name: 'Mg.pbesol-spn-kjpaw_psl.UPF',
      type: 'PAW',
      norm_conserving: false,
    });
    expect(at(method, 'atom_parameters/1/pseudopotential/type')).toBe('US V');
    expect(run.clean_end).toBe(true);
    expect(run.time_run).toEqual({ date_start: 1704103200, date_end: 1704103265 });
    const calculation = at(run, 'calculation/0');
    expectClose(at(calculation, 'energy/total/value'), -10.5 * RYDBERG);
    expectClose(at(calculation, 'energy/fermi'), 1.5 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/xc/value'), -3 * RYDBERG);
    // Two iterations; the converged one's energy is the '!' line's.
    expectClose(at(calculation, 'scf_iteration/0/energy/total/value'), -10 * RYDBERG);
    expectClose(at(calculation, 'scf_iteration/1/energy/total/value'), -10.5 * RYDBERG);
    expectClose(at(calculation, 'forces/total/value/0/2'), (-0.02 * RYDBERG) / BOHR);
    expectClose(at(calculation, 'forces/total/value_raw/0/2'), (-0.02 * RYDBERG) / BOHR);
    // The cpu clock after each iteration; the first iteration's time counts from the print before it.
    expect(at(calculation, 'scf_iteration/1/time_physical')).toBe(2.7);
    expectClose(at(calculation, 'scf_iteration/0/time_calculation'), 0.5);
    expectClose(at(calculation, 'scf_iteration/1/time_calculation'), 0.7);
    expect(at(calculation, 'time_physical')).toBe(2.7);
    expect(at(calculation, 'time_calculation')).toBe(2.7);
    expect(at(calculation, 'stress/total/value/0/0')).toBe(1e8);
    // Bands run into each other when a field overflows; k-points become fractions of the reciprocal cell.
    expectAllClose(
      at(calculation, 'eigenvalues/0/energies/0/0'),
      [-10, -5, -120.5, 2].map((e) => e * ELECTRON_VOLT),
    );
    expect(at(calculation, 'eigenvalues/0/kpoints')).toEqual([[0, 0, 0.5]]);
    expect(workflow2.name).toBe('SinglePoint');
  });

  it('makes one run of each pw.x run in a file, with references into its own run', () => {
    const second = scf.replace('v.7.2', 'v.7.3').replace('-10.50000000', '-11.00000000');
    const runs = readPwRuns(`preamble of a script\n${scf}\n${second}`);
    expect(runs.map((out) => out.version)).toEqual(['7.2', '7.3']);
    const { run } = pwArchive(runs[1]!, 1);
    expectClose(at(run, 'calculation/0/energy/total/value'), -11 * RYDBERG);
    expect(at(run, 'calculation/0/system_ref')).toBe('/run/1/system/0');
    // A run cut off after its header is left out, with a warning on the first.
    const cut = readPwRuns(`${scf}\n     Program PWSCF v.7.3 starts on  1Jan2024 at 11: 0: 0\n`);
    expect(cut).toHaveLength(1);
    expect(cut[0]!.warnings[0]).toMatch(
      /^left out run 2 of 2 \(line \d+\): the output has no atomic positions/,
    );
  });

  it('refuses what is no pw.x output, and warns of a run that did not finish', () => {
    expect(() => readPwOutput('hello\n')).toThrow("not a pw.x output: no 'Program PWSCF' header");
    expect(pwArchive(readPwOutput(scf.replace('JOB DONE.', ''))).warnings).toEqual([
      "the output has no 'JOB DONE': the run did not finish",
    ]);
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/quantumespresso/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'qe',
    parser: quantumEspressoParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(samples))('Quantum ESPRESSO samples (skipped without ../shared)', () => {
  it('HO_scf: a water molecule, its energy, HOMO, forces and eight SCF iterations', async () => {
    const archive = await parse('HO_scf/benchmark2.out');
    const calculation = at(archive, 'run/0/calculation/0');
    expect(at(archive, 'run/0/program/version')).toBe('5.2.1 (svn rev. 11920)');
    expectClose(at(calculation, 'energy/total/value'), -34.39414368 * RYDBERG);
    expectClose(at(calculation, 'energy/highest_occupied'), -7.2055 * ELECTRON_VOLT);
    expect(at(calculation, 'n_scf_iterations')).toBe(8);
    expectClose(at(calculation, 'forces/total/value/0/0'), (-0.10329479 * RYDBERG) / BOHR);
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('H2O');
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual([
      'GGA_C_PBE',
      'GGA_X_PBE',
    ]);
  });

  it('TiO2_opt: a variable-cell relaxation of rutile, five BFGS cycles and the final SCF', async () => {
    const archive = await parse('TiO2_opt/pw.out');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/method')).toMatchObject({ type: 'cell_shape', method: 'bfgs' });
    expectClose(at(archive, 'workflow2/method/convergence_tolerance_force_maximum'), (5e-4 * RYDBERG) / BOHR);
    expect(at(archive, 'run/0/calculation/length')).toBe(6);
    expectClose(at(archive, 'run/0/calculation/5/energy/total/value'), -406.00260887 * RYDBERG);
    // pw.out prints 8.9997 eV; TiO2.save's XML gives it to full precision, which the entry keeps.
    expectClose(at(archive, 'run/0/calculation/5/energy/fermi'), 8.9997 * ELECTRON_VOLT, 1e-5);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(136);
    // Final cell: a = 1.006947095 alat, c = 0.643342070 alat, alat = 8.68089159 bohr.
    expectClose(at(archive, 'run/0/system/5/atoms/lattice_vectors/0/0'), 1.006947095 * 8.68089159 * BOHR);
    expectClose(at(archive, 'run/0/system/5/atoms/lattice_vectors/2/2'), 0.64334207 * 8.68089159 * BOHR);
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
  });

  it('Si_md: fifty MD steps with their temperatures and the time step', async () => {
    const archive = await parse('Si_md/out.out');
    expect(at(archive, 'workflow2/name')).toBe('MolecularDynamics');
    expectClose(at(archive, 'workflow2/method/integration_timestep'), 20 * 4.8377686531e-17);
    expect(at(archive, 'run/0/calculation/length')).toBe(50);
    expectClose(at(archive, 'run/0/calculation/1/temperature'), 2.65359889);
    expect(at(archive, 'run/0/system/length')).toBe(50);
    // Step 10 ends at 0.4 s of cpu time; the simulated time pw.x prints after it (0.0097 ps) is `time`.
    expect(at(archive, 'run/0/calculation/9/time_physical')).toBe(0.4);
    expectClose(at(archive, 'run/0/calculation/9/time'), 0.0097e-12);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });

  it('W_dos: a band-structure run of bcc tungsten with its Fermi level', async () => {
    const archive = await parse('W_dos/w.dos.out');
    expect(at(archive, 'run/0/calculation/0/energy/total')).toBeUndefined();
    expectClose(at(archive, 'run/0/calculation/0/energy/fermi'), 15.6876 * ELECTRON_VOLT);
    expect(at(archive, 'results/material/symmetry/space_group_symbol')).toBe('Im-3m');
    // w.dos beside w.dos.out (dos.x): 1,801 energies from 5 eV; at 23 eV, 0.3362 states/eV.
    expect(at(archive, 'run/0/calculation/0/dos_electronic/0/energies/length')).toBe(1801);
    expectClose(
      at(archive, 'run/0/calculation/0/dos_electronic/0/total/0/value/1800'),
      0.3362 / ELECTRON_VOLT,
    );
    // Its third column: 8.582 states integrated up to 18.16 eV.
    expect(at(archive, 'run/0/calculation/0/dos_electronic/0/total/0/value_integrated/1316')).toBe(8.582);
    // 413 k-points, too many for pw.x to list them.
    expect(at(archive, 'run/0/method/0/k_mesh')).toEqual({ n_points: 413 });
    expect(at(archive, 'results/properties/electronic/dos_electronic/0/energy_fermi')).toBeCloseTo(
      15.6876 * ELECTRON_VOLT,
      25,
    );
  });
});

// NOMAD's own test data, where the conformance tool has extracted it (skipped elsewhere).
const nomadData = `${nomadTestData('electronic-parsers', 'quantumespresso')}/`;

describe.skipIf(!existsSync(nomadData))(
  'Quantum ESPRESSO files of the NOMAD tests (skipped without them)',
  () => {
    it('Mn_multirun: three pw.x runs in one log, one run section each', async () => {
      const path = 'Mn_multirun/9064627814752884918776106151027.log';
      const result = await parseMainfile({
        absolutePath: `${nomadData}${path}`,
        relativePath: path,
        uploadId: 'qe',
        parser: quantumEspressoParser,
      });
      expect(result.ok).toBe(true);
      const archive = result.archive;
      expect(at(archive, 'run/length')).toBe(3);
      // The second run converges in 111 iterations; its seventh ends at 720.3 s, 68.2 s after the sixth.
      expect(at(archive, 'run/1/calculation/0/scf_iteration/length')).toBe(111);
      expectClose(at(archive, 'run/1/calculation/0/scf_iteration/6/time_calculation'), 68.2);
      expect(at(archive, 'run/2/calculation/0/system_ref')).toBe('/run/2/system/0');
      // The first run's SCF ends at 9828.2 s of cpu time: 40 k-points listed, 20 per spin with bands.
      expect(at(archive, 'run/0/calculation/0/time_physical')).toBe(9828.2);
      expect(at(archive, 'run/0/method/0/k_mesh/points/length')).toBe(40);
      expect(at(archive, 'run/0/calculation/0/eigenvalues/0/kpoints/length')).toBe(20);
    });
  },
);
