import { ATOMIC_MASS_UNIT, ELECTRON_VOLT, EV_PER_ANGSTROM, HARTREE } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { at, expectClose } from '../archive-test-helpers.ts';
import { aimsArchive } from './archive.ts';
import { gwRun } from './archive-gw.ts';
import { dosScaleOf } from './band-dos.ts';
import { fhiAimsParser } from './fhi-aims.ts';
import { parserInFolders } from '../folder-test-helpers.ts';
import { readAimsOutput } from './read-aims.ts';

/**
 * A spin-polarised periodic SCF of our own in aims.x's layout (newer banner, two k-points listed),
 * then a relaxation step and the run's clock.
 */
const periodic = `
          Invoking FHI-aims ...
  Date     :  20200101, Time     :  235959.500
  Internal wall clock time zero  :           347155199.500  s.
  FHI-aims version      : 210716.2
  The contents of control.in will be repeated verbatim below
  unless switched off by setting 'verbatim_writeout .false.' .
  in the first line of control.in .
  -----------------------------------------------------------------------
    xc                 hse06 0.11
    hybrid_xc_coeff    0.3
    spin               collinear
    k_grid             2 2 2
    k_offset           0.5 0.5 0.5
    sc_accuracy_rho    1E-5
    sc_iter_limit      50
    relax_geometry     bfgs 1E-2
  -----------------------------------------------------------------------
  Reading configuration options for species Ni                  .
  | Found nuclear charge :  28.0000
  | Found atomic mass :    58.6934000000000      amu
  | Found request for '+U' treatment for  3 d shell, U =     6.000000 eV.
  Input geometry:
  | Unit cell:
  |         3.000000         0.000000         0.000000
  |         0.000000         3.000000         0.000000
  |         0.000000         0.000000         3.000000
  | Atomic structure:
  |       Atom                x [A]            y [A]            z [A]
  |    1: Species Ni             0.000000         0.000000         0.000000
  |    2: Species Ni             1.500000         1.500000         1.500000
          Begin self-consistency loop: Initialization.

  Date     :  20200102, Time     :  000000.500
  | Total energy                  :         -10.00000000 Ha       -272.11000000 eV
          Begin self-consistency iteration #    1

  Date     :  20200102, Time     :  000001.500
  | Chemical potential (Fermi level):    -5.50000000eV
  Writing Kohn-Sham eigenvalues.

  Spin-up eigenvalues:
  K-point:       1 at    0.000000    0.000000    0.000000 (in units of recip. lattice)

  State    Occupation    Eigenvalue [Ha]    Eigenvalue [eV]
      1       1.00000          -1.000000          -27.21138
      2       0.00000           0.100000            2.72114

  Spin-down eigenvalues:
  K-point:       1 at    0.000000    0.000000    0.000000 (in units of recip. lattice)

  State    Occupation    Eigenvalue [Ha]    Eigenvalue [eV]
      1       1.00000          -0.900000          -24.49025
      2       0.00000           0.200000            5.44228


  Spin-up eigenvalues:
  K-point:       2 at    0.500000    0.000000    0.000000 (in units of recip. lattice)

  State    Occupation    Eigenvalue [Ha]    Eigenvalue [eV]
      1       1.00000          -0.800000          -21.76911
      2       0.00000           0.300000            8.16342

  Spin-down eigenvalues:
  K-point:       2 at    0.500000    0.000000    0.000000 (in units of recip. lattice)

  State    Occupation    Eigenvalue [Ha]    Eigenvalue [eV]
      1       0.50000          -0.700000          -19.04797
      2       0.00000           0.400000           10.88455

  Current spin moment of the entire structure :
  | Sum of eigenvalues            :          -2.00000000 Ha        -54.42277000 eV
  | XC energy correction          :          -1.00000000 Ha        -27.21138000 eV
  | Total energy                  :         -10.10000000 Ha       -274.83000000 eV
  | Total energy, T -> 0          :         -10.10100000 Ha       -274.85000000 eV
  | Electronic free energy        :         -10.10200000 Ha       -274.87000000 eV
  | Change of total energy        : -0.2720E+01 eV
  End self-consistency iteration #     1       :  max(cpu_time)    wall_clock(cpu1)
  | Time for this iteration                    :        1.900 s           2.000 s
  Self-consistency cycle converged.
  Energy and forces in a compact form:
  | Total energy uncorrected      :         -0.274830000000000E+03 eV
  | Total energy corrected        :         -0.274850000000000E+03 eV
  | Electronic free energy        :         -0.274870000000000E+03 eV
   Total forces(   1)            :  0.200000E+00  0.000000E+00  0.000000E+00
   Total forces(   2)            : -0.100000E+00  0.000000E+00  0.000000E+00
  Total atomic forces (unitary forces were cleaned, then relaxation constraints were applied) [eV/Ang]:
  |   1          0.150000000000000E+00          0.000000000000000E+00          0.000000000000000E+00
  |   2         -0.150000000000000E+00          0.000000000000000E+00          0.000000000000000E+00
  X Energy            :         -0.900000000 Ha            -24.490245000 eV
  C Energy GGA        :         -0.100000000 Ha             -2.721138000 eV
  Total XC Energy     :         -1.000000000 Ha            -27.211383000 eV
  Relaxation / MD: End force evaluation.       :  max(cpu_time)    wall_clock(cpu1)
  | Time for this force evaluation             :        4.000 s           4.500 s
  Present geometry is converged.
          Leaving FHI-aims.
          | Total time                                 :       10.000 s          11.000 s
          Have a nice day.
`;

describe('the FHI-aims reader: eigenvalues, energies, timings, species', () => {
  const { run, workflow2, warnings } = aimsArchive(readAimsOutput(periodic));
  const calculation = at(run, 'calculation/0');

  it('reads the newer banner, the clock and the species', () => {
    expect(warnings).toEqual([]);
    expect(at(run, 'program/version')).toBe('210716.2');
    expect(at(run, 'time_run')).toEqual({ wall_start: 347155199.5, wall_end: 347155210.5 });
    expect(at(run, 'method/0/atom_parameters/0')).toMatchObject({ label: 'Ni', atom_number: 28 });
    expectClose(at(run, 'method/0/atom_parameters/0/mass'), 58.6934 * ATOMIC_MASS_UNIT);
    expect(at(run, 'method/0/atom_parameters/0/hubbard_kanamori_model')).toMatchObject({
      orbital: '3d',
      double_counting_correction: 'Dudarev',
    });
    expectClose(at(run, 'method/0/atom_parameters/0/hubbard_kanamori_model/u_effective'), 6 * ELECTRON_VOLT);
    expect(at(run, 'method/0/dft/xc_functional/hybrid/0/parameters')).toEqual({
      exact_exchange_mixing_factor: 0.3,
    });
    expect(at(run, 'method/0/k_mesh')).toEqual({
      dimensionality: 3,
      grid: [2, 2, 2],
      offset: [0.5, 0.5, 0.5],
    });
    expect(at(run, 'method/0/scf')).toEqual({ threshold_density_change: 1e-5, n_max_iteration: 50 });
    expect(at(workflow2, 'results/is_converged_geometry')).toBe(true);
  });

  it('reads the last eigenvalue listing per spin and k-point', () => {
    expect(at(calculation, 'eigenvalues/0/kpoints')).toEqual([
      [0, 0, 0],
      [0.5, 0, 0],
    ]);
    expect(at(calculation, 'eigenvalues/0/occupations')).toEqual([
      [
        [1, 0],
        [1, 0],
      ],
      [
        [1, 0],
        [0.5, 0],
      ],
    ]);
    expectClose(at(calculation, 'eigenvalues/0/energies/1/1/0'), -19.04797 * ELECTRON_VOLT);
  });

  it('reads energies, the iteration and step timings and both force sets', () => {
    // The Fermi level printed without a space before its unit.
    expectClose(at(calculation, 'energy/fermi'), -5.5 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/sum_eigenvalues/value'), -54.42277 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/xc/value'), -27.211383 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/correlation/value'), -2.721138 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/exchange/value'), -24.490245 * ELECTRON_VOLT);
    const iteration = at(calculation, 'scf_iteration/0');
    expectClose(at(iteration, 'energy/total_t0/value'), -274.85 * ELECTRON_VOLT);
    expectClose(at(iteration, 'energy/change'), -2.72 * ELECTRON_VOLT);
    expect(at(iteration, 'time_calculation')).toBe(2);
    // Begun 2.0 s after the run's start (across midnight), 2.0 s long.
    expectClose(at(iteration, 'time_physical'), 4);
    expect(at(calculation, 'time_calculation')).toBe(4.5);
    // The loop began 1.0 s after the start; its force evaluation took 4.5 s.
    expectClose(at(calculation, 'time_physical'), 5.5);
    expectClose(at(calculation, 'forces/total/value/0/0'), 0.15 * EV_PER_ANGSTROM);
    expectClose(at(calculation, 'forces/total/value_raw/0/0'), 0.2 * EV_PER_ANGSTROM);
    expectClose(at(calculation, 'forces/free/value/1/0'), -0.15 * EV_PER_ANGSTROM);
  });
});

/** A molecular G0W0 of our own: a He atom without cell, the frequency grid and the quasi-particle table. */
const gw = `
          Invoking FHI-aims ...
          Version 180607
  The contents of control.in will be repeated verbatim below
  unless switched off by setting 'verbatim_writeout .false.' .
  in the first line of control.in .
  -----------------------------------------------------------------------
    xc                 pbe
    qpe_calc           gw
    anacon_type        0
  -----------------------------------------------------------------------
  | Number of Kohn-Sham states (occupied + empty):        5
  Input geometry:
  | No unit cell requested.
  | Atomic structure:
  |       Atom                x [A]            y [A]            z [A]
  |    1: Species He             0.000000         0.000000         0.000000
          Begin self-consistency loop: Initialization.
          Begin self-consistency iteration #    1
  | Total energy                  :         -2.90000000 Ha        -78.91301000 eV
  Self-consistency cycle converged.
  | Total energy uncorrected      :         -0.789130100000000E+02 eV
          GW quasiparticle calculation starts ...
  Initialising transformed Gauss-Legendre time and frequency grids
  Number of frequency points for self energy.....:2
  Number of frequency points....................:2
 | i_freq    1            0.000018
 | i_freq    2           13.902153
          | Chemical Potential :    -0.0765 Ha   -2.0812 eV
               GW quasi-particle energy levels

  state     occ_num        e_gs        e_x^ex        e_xc^gs        e_c^nloc        e_qp
------------------------------------------------------------------------------------------------------
       1    2.0000      -15.7000      -25.0000      -17.0000       -0.5000      -23.2000
       2    0.0000        0.4000       -1.0000       -2.0000        0.1000        1.5000
------------------------------------------------------------------------------------------------------
   DFT/Hartree-Fock HOMO level (eV):    -15.7000
          Have a nice day.
`;

describe('the FHI-aims GW run', () => {
  const out = readAimsOutput(gw);
  const { run } = aimsArchive(out);

  it('reads a molecule with no cell', () => {
    expect(at(run, 'system/0/atoms/labels')).toEqual(['He']);
    expect(at(run, 'system/0/atoms/periodic')).toEqual([false, false, false]);
    // GW's chemical potential in Ha is not the DFT Fermi level.
    expect(at(run, 'calculation/0/energy/fermi')).toBeUndefined();
  });

  it('writes the GW method, its frequency mesh and the quasi-particle energies in a run of their own', () => {
    const second = gwRun(out, run)!;
    expect(at(second, 'method/0/starting_method_ref')).toBe('/run/0/method/0');
    expect(at(second, 'method/0/gw')).toEqual({
      type: 'G0W0',
      n_states: 5,
      analytical_continuation: 'multi_pole',
    });
    expect(at(second, 'method/0/frequency_mesh/0/n_points')).toBe(2);
    expect(at(second, 'method/0/frequency_mesh/0/sampling_method')).toBe('Gauss-Legendre');
    expectClose(at(second, 'method/0/frequency_mesh/0/points/1/0'), 13.902153 * HARTREE);
    expect(at(second, 'system/0/atoms/labels')).toEqual(['He']);
    const eigenvalues = at(second, 'calculation/0/eigenvalues/0');
    expect(at(eigenvalues, 'occupations')).toEqual([[[2, 0]]]);
    expectClose(at(eigenvalues, 'value_qp/0/0/0'), -23.2 * ELECTRON_VOLT);
    expectClose(at(eigenvalues, 'value_ks/0/0/1'), 0.4 * ELECTRON_VOLT);
    expectClose(at(eigenvalues, 'value_exchange/0/0/0'), -25 * ELECTRON_VOLT);
    expectClose(at(eigenvalues, 'value_ks_xc/0/0/0'), -17 * ELECTRON_VOLT);
    expectClose(at(eigenvalues, 'value_correlation/0/0/1'), 0.1 * ELECTRON_VOLT);
  });

  it('makes no GW run of a DFT output', () => {
    const dft = readAimsOutput(periodic);
    expect(gwRun(dft, aimsArchive(dft).run)).toBeUndefined();
  });
});

describe('the FHI-aims reader without an input geometry summary', () => {
  it('takes the structure from the geometry.in echo', () => {
    const echo = `
          Invoking FHI-aims ...
          Version 240507
  The contents of geometry.in will be repeated verbatim below
  unless switched off by setting 'verbatim_writeout .false.' .
  in the first line of geometry.in .
  -----------------------------------------------------------------------
  lattice_vector  2.0  0.0  0.0
  lattice_vector  0.0  2.0  0.0
  lattice_vector  0.0  0.0  2.0
  atom 0.0 0.0 0.0 Fe
  initial_moment 2.
  atom 1.0 1.0 1.0 Fe
  -----------------------------------------------------------------------
          Begin self-consistency loop: Initialization.
          Begin self-consistency iteration #    1
  | Total energy                  :         -10.00000000 Ha       -272.11000000 eV
`;
    const { run, warnings } = aimsArchive(readAimsOutput(echo));
    expect(at(run, 'system/0/atoms/labels')).toEqual(['Fe', 'Fe']);
    expect(at(run, 'system/0/atoms/periodic')).toEqual([true, true, true]);
    expect(warnings).toEqual(["the output has no 'Have a nice day.': the run did not finish"]);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(1);
  });
});

describe('the KS_DOS_total.dat scale of old versions', () => {
  it('doubles the DOS of versions up to 071914_7 only', () => {
    expect(dosScaleOf('071914_7')).toBe(2);
    expect(dosScaleOf('051213')).toBe(2);
    expect(dosScaleOf('090214')).toBe(1);
    expect(dosScaleOf('151211')).toBe(1);
    expect(dosScaleOf('171221_1')).toBe(1);
    expect(dosScaleOf('210716.2')).toBe(1);
    expect(dosScaleOf(undefined)).toBe(1);
  });
});

const { parse: parseIn } = parserInFolders(fhiAimsParser, 'aims-gw');

describe('an FHI-aims output asking for GW that stops before it', () => {
  it('keeps the DFT run, adds the GW method and warns', async () => {
    const cut = gw.slice(0, gw.indexOf('          GW quasiparticle calculation starts'));
    const { archive, logs } = await parseIn('aims.out', { 'aims.out': cut });
    expect(at(archive, 'run/length')).toBe(2);
    expect(at(archive, 'run/1/method/0/gw/type')).toBe('G0W0');
    const warnings = logs.filter((l) => l.level === 'WARNING').map((l) => l.event);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('control.in asks for GW but the output has no quasi-particle energies'),
      ]),
    );
  });
});
