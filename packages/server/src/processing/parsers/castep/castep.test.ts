import { ANGSTROM, ELECTRON_VOLT } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { castepParser } from './castep.ts';
import { castepArchive } from './archive.ts';
import { bandStructureOf, readKpointPath } from './band-path.ts';
import { readCastepOutput } from './read-castep.ts';

const samples = new URL('../../../../../../../shared/samples/codes/castep/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'castep',
    parser: castepParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe('the CASTEP reader', () => {
  it('reads a band path with its labels and cuts the band energies into segments', () => {
    const path = readKpointPath(
      [
        '%BLOCK BS_KPOINT_PATH',
        '0.5 0.5 0.5 ! L',
        '0.0 0.0 0.0 ! Gamma',
        '0.5 0.0 0.5 ! X',
        '%ENDBLOCK BS_KPOINT_PATH',
      ].join('\n'),
    )!;
    expect(path.map((v) => v.label)).toEqual(['L', 'Γ', 'X']);
    const kpoints: [number, number, number][] = [
      [0.5, 0.5, 0.5],
      [0.25, 0.25, 0.25],
      [0, 0, 0],
      [0.5, 0, 0.5],
    ];
    const segments = bandStructureOf(path, kpoints, [[[1], [2], [3], [4]]])!;
    expect(segments).toEqual([
      {
        n_kpoints: 3,
        kpoints: kpoints.slice(0, 3),
        energies: [[[1], [2], [3]]],
        endpoints_labels: ['L', 'Γ'],
      },
      { n_kpoints: 2, kpoints: kpoints.slice(2), energies: [[[3], [4]]], endpoints_labels: ['Γ', 'X'] },
    ]);
    // k-points that miss a vertex make no band structure.
    expect(bandStructureOf(path, kpoints.slice(1), [[[2], [3], [4]]])).toBeUndefined();
  });

  it('reads the modes of a phonon run, with and without the Raman activity column', () => {
    const box = (raman: string) =>
      [
        ' +     N      Frequency irrep.    ir intensity active  raman activity  active + ',
        ' +                                                                            + ',
        ` +     1      -0.049572   a          0.0000000  N    ${raman}  N     + `,
        ` +     2     711.647447   b          4.4844636  Y    ${raman}  Y     + `,
        ' + .......................................................................... +',
      ].join('\n');
    const text = [
      ' | Welcome to Academic Release CASTEP version 23.1 |',
      '        Real Lattice(A)              Reciprocal Lattice(1/A)',
      '   2.0 0.0 0.0   0.0 0.0 0.0',
      '   0.0 2.0 0.0   0.0 0.0 0.0',
      '   0.0 0.0 2.0   0.0 0.0 0.0',
      '            x  Element    Atom        Fractional coordinates of atoms  x',
      '            x            Number           u          v          w      x',
      '            x----------------------------------------------------------x',
      '            x  Si           1         0.000000   0.000000   0.000000   x ',
      'Final energy, E             =  -100.0     eV',
      box('       21.0162567'),
      box(''),
    ].join('\n');
    const out = readCastepOutput(text);
    expect(out.vibrations).toEqual([
      {
        frequencies: [-0.049572, 711.647447],
        irIntensity: [0, 4.4844636],
        irActive: ['N', 'Y'],
        ramanActivity: [21.0162567, 21.0162567],
        ramanActive: ['N', 'Y'],
      },
      {
        frequencies: [-0.049572, 711.647447],
        irIntensity: [0, 4.4844636],
        irActive: ['N', 'Y'],
        ramanActive: ['N', 'Y'],
      },
    ]);
  });

  it('keeps the structure of a run cut before its first SCF, with a warning', () => {
    const text = [
      ' | Welcome to Academic Release CASTEP version 23.1 |',
      '        Real Lattice(A)              Reciprocal Lattice(1/A)',
      '   2.0 0.0 0.0   0.0 0.0 0.0',
      '   0.0 2.0 0.0   0.0 0.0 0.0',
      '   0.0 0.0 2.0   0.0 0.0 0.0',
      '            x  Element    Atom        Fractional coordinates of atoms  x',
      '            x            Number           u          v          w      x',
      '            x----------------------------------------------------------x',
      '            x  Si           1         0.500000   0.000000   0.000000   x ',
    ].join('\n');
    const archive = castepArchive(readCastepOutput(text));
    expect(archive.structure.species).toEqual(['Si']);
    expectClose(archive.structure.positions[0]![0], 1 * ANGSTROM);
    expect(archive.run.calculation).toBeUndefined();
    expect(archive.warnings).toEqual([
      "the output has no 'Total time': the run did not finish",
      "the output has no 'Final energy': no calculation finished",
    ]);
  });

  it('refuses what is no CASTEP output, and one with neither a structure nor a final energy', () => {
    expect(() => readCastepOutput('hello\n')).toThrow("not a CASTEP output: no 'CASTEP version' line");
    expect(() => readCastepOutput(' | Welcome to Academic Release CASTEP version 23.1 |\n')).toThrow(
      "the output has neither a structure nor a 'Final energy'",
    );
  });
});

describe.skipIf(!existsSync(samples))('CASTEP samples (skipped without ../shared)', () => {
  it('Si8: a PBE single point of diamond silicon', async () => {
    const archive = await parse('Si8.castep');
    expect(at(archive, 'run/0/program/version')).toBe('16.1');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -1381.697860747 * ELECTRON_VOLT);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(12);
    expectClose(
      at(archive, 'run/0/method/0/electrons_representation/0/basis_set/0/cutoff'),
      100 * ELECTRON_VOLT,
    );
    // 'Run started: Fri, 12 Feb 2016 14:12:05 +0000'
    expect(at(archive, 'run/0/time_run/date_start')).toBe(Date.UTC(2016, 1, 12, 14, 12, 5) / 1000);
    // The 'Initial' line is the first iteration; iteration 8 printed a Fermi energy of 5.32405488 eV.
    expect(at(archive, 'run/0/calculation/0/scf_iteration/length')).toBe(12);
    expectClose(at(archive, 'run/0/calculation/0/scf_iteration/8/energy/fermi'), 5.32405488 * ELECTRON_VOLT);
    // Iteration 3 gained 3.26774094E-001 eV per atom on 8 atoms: the energy went down.
    expectClose(
      at(archive, 'run/0/calculation/0/scf_iteration/3/energy/change'),
      -0.326774094 * 8 * ELECTRON_VOLT,
    );
    expectClose(at(archive, 'run/0/calculation/0/scf_iteration/3/time_calculation'), 11.46 - 11.05);
    // 'MP grid size for SCF calculation is  2  2  2', 'with an offset of 0.000 0.000 0.000', 4 k-points.
    expect(at(archive, 'run/0/method/0/k_mesh')).toEqual({
      dimensionality: 3,
      sampling_method: 'Monkhorst-Pack',
      grid: [2, 2, 2],
      offset: [0, 0, 0],
      n_points: 4,
    });
    expect(at(archive, 'run/0/method/0/atom_parameters/0')).toMatchObject({
      label: 'Si',
      atom_number: 14,
      pseudopotential_name: '3|1.8|5|6|7|30:31:32',
    });
    // Mulliken: atom 5 (index 4) has 2.66 p electrons.
    expect(at(archive, 'run/0/calculation/0/charges/0/orbital_projected/17')).toEqual({
      atom_index: 4,
      atom_label: 'Si',
      orbital: 'p',
      n_electrons: 2.66,
    });
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/0/0'), 5.43 * ANGSTROM);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });

  it('Si2_opt: a B3LYP optimisation, the finite-basis SCFs as calculations, converged', async () => {
    const archive = await parse('Si2_opt.castep');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expect(at(archive, 'workflow2/method/method')).toBe('bfgs');
    // The first SCF at the base cut-off, then the two at 155 and 160 eV of the basis set correction.
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -214.0557465433 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/2/energy/total/value'), -214.1994599858 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/3/energy/total/value'), -213.8765829573 * ELECTRON_VOLT);
    expect(at(archive, 'run/0/calculation/length')).toBe(10);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual(['HYB_GGA_XC_B3LYP']);
  });

  it('Si8-md-NPT: ten NPT steps with their times, temperatures and pressures', async () => {
    const archive = await parse('Si8-md-NPT.castep');
    expect(at(archive, 'workflow2/method')).toEqual({
      thermodynamic_ensemble: 'NPT',
      integration_timestep: 2e-15,
    });
    // Three SCFs of the finite basis set correction, then ten MD steps: a system each.
    expect(at(archive, 'run/0/calculation/length')).toBe(13);
    expect(at(archive, 'run/0/system/length')).toBe(13);
    // MD Data of step 0 (after the third SCF): 665.170048 K, 4.317695 GPa, potential energy -855.473064 eV.
    expectClose(at(archive, 'run/0/calculation/2/temperature'), 665.170048);
    expectClose(at(archive, 'run/0/calculation/2/thermodynamics/0/pressure'), 4.317695e9);
    expectClose(at(archive, 'run/0/calculation/2/energy/potential/value'), -855.473064 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/2/energy/total_t0/value'), -855.4628465328 * ELECTRON_VOLT);
    // Stress tensor of step 0, zy component 4.826118 GPa.
    expectClose(at(archive, 'run/0/calculation/2/stress/total/value/2/1'), 4.826118e9);
    // The first SCF ends at 2.83 s on the timer, the second at 4.11 s.
    expectClose(at(archive, 'run/0/calculation/0/time_calculation'), 2.83);
    expectClose(at(archive, 'run/0/calculation/1/time_calculation'), 4.11 - 2.83);
    // Supplied velocities, Si 2: 3.245360 Å/ps.
    expectClose(at(archive, 'run/0/system/0/atoms/velocities/1/1'), 324.536);
    expect(at(archive, 'results/properties/thermodynamic/trajectory/0/available_properties')).toEqual([
      'temperature',
      'pressure',
      'energy_potential',
    ]);
  });
});
