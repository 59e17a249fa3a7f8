import { ANGSTROM, ATOMIC_MASS_UNIT, ELECTRON_VOLT, EV_PER_ANGSTROM, PICOSECOND } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { aimsArchive } from './archive.ts';
import { fhiAimsParser } from './fhi-aims.ts';
import { readAimsOutput } from './read-aims.ts';

/** A small SCF output of our own, in aims.x's layout (a water molecule, no cell). */
const scf = `
          Invoking FHI-aims ...
          Version 240507
  The contents of control.in will be repeated verbatim below
  unless switched off by setting 'verbatim_writeout .false.' .
  in the first line of control.in .
  -----------------------------------------------------------------------

    xc                 pbe0
    spin               collinear
    occupation_type    gaussian 0.01
    sc_accuracy_etot   1E-6
  ################################################################################
    species        O
  -----------------------------------------------------------------------
  Input geometry:
  | Atomic structure:
  |       Atom                x [A]            y [A]            z [A]
  |    1: Species O              0.000000         0.000000         0.000000
  |    2: Species H              0.757000         0.586000         0.000000
  |    3: Species H             -0.757000         0.586000         0.000000

          Begin self-consistency loop: Initialization.
  | Total energy                  :         -76.00000000 Ha       -2068.00000000 eV
          Begin self-consistency iteration #    1
  | Chemical potential (Fermi level) in eV                 : -.30000000E+01
  Highest occupied state (VBM) at     -7.50000000 eV
  Lowest unoccupied state (CBM) at     -0.50000000 eV
  | Total energy                  :         -76.10000000 Ha       -2070.72000000 eV
          Begin self-consistency iteration #    2
  | Total energy                  :         -76.20000000 Ha       -2073.44000000 eV
  Self-consistency cycle converged.
  Energy and forces in a compact form:
  | Total energy uncorrected      :         -0.207344000000000E+04 eV
  | Total energy corrected        :         -0.207344100000000E+04 eV
  | Electronic free energy        :         -0.207344200000000E+04 eV
  Total atomic forces (unitary forces were cleaned, then relaxation constraints were applied) [eV/Ang]:
  |   1          0.100000000000000E+00          0.000000000000000E+00          0.000000000000000E+00
  |   2         -0.500000000000000E-01          0.000000000000000E+00          0.000000000000000E+00
  |   3         -0.500000000000000E-01          0.000000000000000E+00          0.000000000000000E+00
          Have a nice day.
`;

describe('the FHI-aims reader and archive', () => {
  it('reads control.in, the geometry and the SCF cycle, and writes them in SI units', () => {
    const { run, workflow2, structure, warnings } = aimsArchive(readAimsOutput(scf));
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'FHI-aims', version: '240507' });
    expect(structure.species).toEqual(['O', 'H', 'H']);
    expect(structure.periodic).toEqual([false, false, false]);
    expectClose(structure.positions[1]![0], 0.757 * ANGSTROM);
    expect(at(run, 'method/0/dft/xc_functional/hybrid')).toEqual([
      { name: 'HYB_GGA_XC_PBEH', parameters: { exact_exchange_mixing_factor: 0.25 } },
    ]);
    expect(at(run, 'method/0/electrons_representation/0')).toMatchObject({
      type: 'atom-centered orbitals',
      basis_set: [{ type: 'numeric AOs' }],
    });
    expect(at(run, 'method/0/electronic/n_spin_channels')).toBe(2);
    const calculation = at(run, 'calculation/0');
    expectClose(at(calculation, 'energy/total/value'), -2073.44 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/free/value'), -2073.442 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/fermi'), -3 * ELECTRON_VOLT);
    expectClose(at(calculation, 'energy/lowest_unoccupied'), -0.5 * ELECTRON_VOLT);
    // The initialization's energy is no iteration.
    expect(at(calculation, 'n_scf_iterations')).toBe(2);
    expectClose(at(calculation, 'forces/total/value/0/0'), 0.1 * EV_PER_ANGSTROM);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('refuses what is no FHI-aims output', () => {
    expect(() => readAimsOutput('hello\n')).toThrow("not an FHI-aims output: no 'Invoking FHI-aims' line");
  });

  it('reads an output without a version line, with a WARNING', () => {
    const { run, warnings } = aimsArchive(readAimsOutput(scf.replace('Version 240507', '')));
    expect(warnings).toEqual(["the output names no version ('Version' or 'FHI-aims version' line)"]);
    expect(at(run, 'program')).toEqual({ name: 'FHI-aims' });
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/fhiaims/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'aims',
    parser: fhiAimsParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(samples))('FHI-aims samples (skipped without ../shared)', () => {
  it('Si_geomopt: a cell relaxation of silicon in five steps, converged', async () => {
    const archive = await parse('Si_geomopt/out.out');
    expect(at(archive, 'run/0/program/version')).toBe('151211');
    expect(at(archive, 'workflow2/method')).toMatchObject({ type: 'cell_shape', method: 'bfgs' });
    expectClose(at(archive, 'workflow2/method/convergence_tolerance_force_maximum'), 1e-2 * EV_PER_ANGSTROM);
    expect(at(archive, 'run/0/calculation/length')).toBe(5);
    // 'Total energy of the DFT / Hartree-Fock s.c.f. calculation' of the final summary.
    expectClose(
      at(archive, 'run/0/calculation/4/energy/total/value'),
      -15696.125588832 * ELECTRON_VOLT,
      1e-11,
    );
    // The final cell: 2.70826839 2.70826871 -0.00112951 Å.
    expectClose(at(archive, 'run/0/system/4/atoms/lattice_vectors/0/1'), 2.70826871 * ANGSTROM);
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
    // Iteration 9 of the first cycle: 1.505 s on the wall clock; iteration 5 ended 9.79 s after the
    // start (began 14:54:35.456, 1.520 s long; the run began 14:54:27.186).
    expect(at(archive, 'run/0/calculation/0/scf_iteration/8/time_calculation')).toBe(1.505);
    expectClose(at(archive, 'run/0/calculation/0/scf_iteration/4/time_physical'), 9.79);
    // The second force evaluation took 25.106 s; the fourth cycle began at 14:55:52.151 and took 26.159 s.
    expect(at(archive, 'run/0/calculation/1/time_calculation')).toBe(25.106);
    expectClose(at(archive, 'run/0/calculation/3/time_physical'), 111.124);
    // 'C Energy GGA' of the third step's XC decomposition.
    expectClose(at(archive, 'run/0/calculation/2/energy/correlation/value'), -58.356035401 * ELECTRON_VOLT);
    // The raw forces of the last SCF iteration of step 4 (0.0155621 eV/Å), cleaned to zero.
    expectClose(at(archive, 'run/0/calculation/3/forces/total/value_raw/1/0'), 0.0155621 * EV_PER_ANGSTROM);
    expect(at(archive, 'run/0/calculation/3/forces/total/value/1/0')).toBe(0);
    expect(at(archive, 'run/0/calculation/1/eigenvalues/0/energies/0/0/length')).toBe(20);
  });

  it('Fe_scf_spinpol: spin-polarised bcc iron with scalar ZORA', async () => {
    const archive = await parse('Fe_scf_spinpol/out.out');
    expect(at(archive, 'results/method/simulation/dft')).toMatchObject({
      spin_polarized: true,
      relativity_method: 'scalar_relativistic_atomic_ZORA',
      xc_functional_names: ['LDA_C_PW', 'LDA_X'],
    });
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(15);
    expect(at(archive, 'run/0/time_run/wall_start')).toBe(223485022.899);
    expectClose(at(archive, 'run/0/method/0/atom_parameters/0/mass'), 55.845 * ATOMIC_MASS_UNIT);
    // 'XC energy correction' / 'Total XC Energy' of the converged cycle: -1462.615484365 eV.
    expectClose(at(archive, 'run/0/calculation/0/energy/xc/value'), -1462.615484365 * ELECTRON_VOLT);
    // Iteration 8's 'Change of total energy': 0.5888E-02 eV.
    expectClose(at(archive, 'run/0/calculation/0/scf_iteration/7/energy/change'), 0.005888 * ELECTRON_VOLT);
    // The final listing: 4 k-points, 2 spins, 19 states; spin down, k-point 3, state 5: -700.39234 eV.
    expect(at(archive, 'run/0/calculation/0/eigenvalues/0/kpoints/length')).toBe(4);
    expect(at(archive, 'run/0/calculation/0/eigenvalues/0/occupations/1/3/length')).toBe(19);
    expectClose(at(archive, 'run/0/calculation/0/eigenvalues/0/energies/1/2/4'), -700.39234 * ELECTRON_VOLT);
    expect(at(archive, 'results/material/symmetry/space_group_symbol')).toBe('Im-3m');
  });

  it('HO_md: five NVT steps of a water molecule with their temperatures', async () => {
    const archive = await parse('HO_md/H2O_periodic_MD.out');
    expect(at(archive, 'workflow2/method')).toMatchObject({
      thermodynamic_ensemble: 'NVT',
      thermostat_parameters: [{ thermostat_type: 'nose_hoover' }],
    });
    expectClose(at(archive, 'workflow2/method/integration_timestep'), 1e-15);
    expect(at(archive, 'run/0/calculation/length')).toBe(5);
    expectClose(at(archive, 'run/0/calculation/0/temperature'), 300);
    expectClose(at(archive, 'run/0/calculation/4/temperature'), 201.054481758081);
    // Each cycle carries the MD summary printed right after it ('previous time-step'): step 3 is the
    // fourth cycle, at 0.003 ps and 339.8 K, with the nuclear kinetic and electronic free energy.
    const step3 = at(archive, 'run/0/calculation/3');
    expect(at(step3, 'step')).toBe(3);
    expectClose(at(step3, 'time'), 0.003 * PICOSECOND);
    expectClose(at(step3, 'temperature'), 339.815893902375);
    expectClose(at(step3, 'energy/kinetic/value'), 0.131773955355178 * ELECTRON_VOLT);
    expectClose(at(step3, 'energy/potential/value'), -2078.49425286863 * ELECTRON_VOLT);
    expect(at(archive, 'run/0/calculation/1/scf_iteration/length')).toBe(14);
    // Velocities of the second step, hydrogen 2: -11.95746888 Å/ps.
    expectClose(at(archive, 'run/0/system/1/atoms/velocities/1/2'), (-11.95746888 * ANGSTROM) / PICOSECOND);
    expect(at(archive, 'workflow2/method/n_steps')).toBe(5);
    expect(at(archive, 'workflow2/method/thermostat_parameters/0/reference_temperature')).toBe(300);
    // Nose-Hoover at 900 cm^-1: 1 / (c · 900 cm^-1).
    expectClose(
      at(archive, 'workflow2/method/thermostat_parameters/0/coupling_constant'),
      3.7062677e-14,
      1e-7,
    );
    expect(at(archive, 'results/material/structural_type')).toBe('molecule / cluster');
  });

  it('ClNa_dos: rock salt with its band edges and Fermi level', async () => {
    const archive = await parse('ClNa_dos/ClNa_dos.out');
    expectClose(at(archive, 'run/0/calculation/0/energy/highest_occupied'), -8.51132944 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/0/energy/lowest_unoccupied'), -3.44593612 * ELECTRON_VOLT);
    expect(at(archive, 'results/material/symmetry/structure_name')).toBe('rock salt');
  });

  it('Si_band_dos: the band files and total DOS beside the output, an indirect gap of silicon', async () => {
    const archive = await parse('Si_band_dos_v171221_1/aims_CC.out');
    // Ten 'output band' segments of 20 k-points; band energies against μ, shifted to the output's zero.
    expect(at(archive, 'run/0/calculation/0/band_structure_electronic/0/segment/length')).toBe(10);
    expect(at(archive, 'run/0/calculation/0/band_structure_electronic/0/segment/0/kpoints/length')).toBe(20);
    // Γ, band 12 (the valence band maximum): -0.29048 eV against μ = -5.73085442 eV.
    expectClose(
      at(archive, 'run/0/calculation/0/band_structure_electronic/0/segment/0/energies/0/0/11'),
      (-0.29048 - 5.73085442) * ELECTRON_VOLT,
    );
    const gap = at(archive, 'results/properties/electronic/band_structure_electronic/0/band_gap/0') as {
      value: number;
      type: string;
    };
    expect(gap.type).toBe('indirect');
    expect(gap.value / ELECTRON_VOLT).toBeCloseTo(0.607, 3);
    expect(at(archive, 'run/0/calculation/0/dos_electronic/0/total/0/value/length')).toBe(1000);
  });
});
