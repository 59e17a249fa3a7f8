import { BOHR, ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { excitingParser } from './exciting.ts';
import { excitingArchive } from './archive.ts';
import { readExcitingInfo } from './read-info.ts';

const samples = new URL('../../../../../../../shared/samples/codes/exciting/', import.meta.url);
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'exciting',
    parser: excitingParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe('the exciting reader', () => {
  it('refuses what is no INFO.OUT; one without an SCF has no steps', () => {
    expect(() => readExcitingInfo('hello\n')).toThrow('not an exciting INFO.OUT');
    const bare = readExcitingInfo(
      '| EXCITING NITROGEN started\n Lattice vectors (cartesian) :\n 1 0 0\n 0 1 0\n 0 0 1\n',
    );
    expect(bare.steps).toEqual([]);
    expect(bare.finished).toBe(false);
  });

  it('reads cartesian positions (bohr) of a molecule in a box', () => {
    const info = readExcitingInfo(
      '| EXCITING NITROGEN started\n Lattice vectors (cartesian) :\n 20 0 0\n 0 20 0\n 0 0 20\n' +
        ' Species :    1 (C)\n     atomic positions (cartesian) :\n       1 :  -0.23910516  0.25957468 -2.52534879\n',
    );
    expect(info.initial).toEqual({
      species: ['C'],
      fractional: [[-0.23910516, 0.25957468, -2.52534879]],
      cartesian: true,
    });
  });

  it('keeps the iterations of an SCF cut off, as an unconverged calculation with a warning', () => {
    const info = readExcitingInfo(
      '| EXCITING NITROGEN started\n Lattice vectors (cartesian) :\n 5 0 0\n 0 5 0\n 0 0 5\n' +
        ' Species :    1 (Si)\n     atomic positions (lattice) :\n       1 :   0.0 0.0 0.0\n' +
        '| SCF iteration number :    1\n Total energy                               :     -289.5\n' +
        '| SCF iteration number :    2\n Total energy                               :     -289.75\n',
    );
    const archive = excitingArchive(info);
    expect(archive.warnings).toContain('INFO.OUT stops inside an SCF after 2 iterations');
    expect(at(archive.run, 'calculation/0/n_scf_iterations')).toBe(2);
    expect(at(archive.run, 'calculation/0/calculation_converged')).toBe(false);
    expectClose(at(archive.run, 'calculation/0/energy/total/value'), -289.75 * HARTREE);
  });

  it('reads a hybrid run: its iterations, energies and charges, converged', () => {
    const info = readExcitingInfo(
      [
        '| EXCITING NITROGEN-14 started',
        '| version hash id: 92d022da62d49ec6e8cf207d1ac8049f13aa94e6',
        ' Lattice vectors (cartesian) :',
        ' 8 0 0',
        ' 0 8 0',
        ' 0 0 8',
        ' Species :    1 (Pb)',
        '     atomic positions (lattice) :',
        '       1 :   0.00000000  0.00000000  0.00000000',
        '+ Hybrids iteration number :    1',
        ' Total energy                               :    -100.5',
        ' Kinetic energy                             :     90.0',
        '     total charge                           :     82.0',
        '+ Hybrids iteration number :    2',
        ' Total energy                               :    -100.25',
        '     valence                                :     14.0',
        '                  atom     1    Pb          :    80.3',
        'Convergence target is reached',
        '+ Hybrids module stopped',
        'EXCITING NITROGEN-14 stopped',
      ].join('\n'),
    );
    expect(info.hash).toBe('92d022da62d49ec6e8cf207d1ac8049f13aa94e6');
    expect(info.finished).toBe(true);
    expect(info.steps).toHaveLength(1);
    const [step] = info.steps;
    expect(step).toMatchObject({ kind: 'hybrids', energy: -100.25, converged: true });
    expect(step!.iterations.map((it) => it.energies.total)).toEqual([-100.5, -100.25]);
    expect(step!.iterations[0]!.energies.kinetic).toBe(90);
    expect(step!.state!.charges.valence).toBe(14);
    expect(step!.state!.muffinTin).toEqual([80.3]);
  });
});

describe.skipIf(!existsSync(samples))('exciting samples (skipped without ../shared)', () => {
  it('C_gs: the PBEsol ground state of diamond, 12 SCF iterations and the final one', async () => {
    const archive = await parse('C_gs/INFO.OUT');
    expect(at(archive, 'run/0/program/version')).toBe('CARBON');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -75.89058007 * HARTREE);
    // The iteration after 'Convergence targets achieved' is the calculation's state, not one of them.
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(12);
    // Iteration 12: kinetic energy 75.78537602 Ha; wall times 57.23 s after 11 and 62.31 s after 12.
    expectClose(
      at(archive, 'run/0/calculation/0/scf_iteration/11/energy/kinetic_electronic/value'),
      75.78537602 * HARTREE,
    );
    expectClose(at(archive, 'run/0/calculation/0/scf_iteration/11/time_calculation'), 62.31 - 57.23);
    expectClose(at(archive, 'run/0/calculation/0/time_physical'), 62.31);
    // 12 electrons in the cell.
    expectClose(at(archive, 'run/0/calculation/0/charges/0/total'), 12 * ELECTRON_VOLT);
    expect(at(archive, 'run/0/method/0/k_mesh')).toEqual({ grid: [6, 6, 6], offset: [0, 0, 0] });
    expect(at(archive, 'run/0/method/0/electrons_representation/0/type')).toBe('(L)APW+lo');
    // Interstitial plane waves to |G+k| 5.38461538/bohr; carbon's muffin tin of 1.3 bohr, 250 points.
    const basis = 'run/0/method/0/electrons_representation/0/basis_set';
    expectClose(at(archive, `${basis}/0/cutoff`), (5.38461538 ** 2 / 2) * HARTREE);
    expectClose(at(archive, `${basis}/1/radius`), 1.3 * BOHR);
    expect(at(archive, `${basis}/1/n_radial_grid_points`)).toBe(250);
    expect(at(archive, 'run/0/method/0/atom_parameters/0')).toMatchObject({ label: 'C', atom_number: 6 });
    // Lattice vector a = (3.2559441762, 3.2559441762, 0) bohr.
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/0/0'), 3.2559441762 * BOHR);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual([
      'GGA_C_PBE_SOL',
      'GGA_X_PBE_SOL',
    ]);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });

  it('GaO_strucopt: the ground state, optimisation steps 0 to 12 and the optimised state', async () => {
    const archive = await parse('GaO_strucopt/INFO.OUT');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'run/0/program/version_internal')).toBe('1e47a4bd61d2aa73ef68a31c2f3385676bee2c3a');
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('Ga4O6');
    expect(at(archive, 'run/0/calculation/length')).toBe(15);
    expect(at(archive, 'run/0/system/length')).toBe(15);
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -8221.02167339 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(19);
    // The ground state's first force: Ga 1 (-0.00175692, -0.00022878, 0) Hartree/bohr.
    expectClose(at(archive, 'run/0/calculation/0/forces/total/value/0/0'), (-0.00175692 * HARTREE) / BOHR);
    // Timings: the SCF's last wall time 743.16 s, then 793.97 s and 889.54 s for steps 1 and 2.
    expectClose(at(archive, 'run/0/calculation/0/time_calculation'), 743.16);
    expectClose(at(archive, 'run/0/calculation/3/time_calculation'), 889.54);
    expectClose(at(archive, 'run/0/calculation/3/time_physical'), 743.16 + 793.97 + 889.54);
    // The optimised state ends at the run's total 9957.38 s; step 12's energy -8221.02233684 Ha.
    expectClose(at(archive, 'run/0/calculation/14/time_physical'), 9957.38);
    expectClose(at(archive, 'run/0/calculation/13/energy/total/value'), -8221.02233684 * HARTREE);
  });
});
