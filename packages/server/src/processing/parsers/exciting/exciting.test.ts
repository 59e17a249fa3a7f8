import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { BOHR, HARTREE } from '../../units.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { excitingParser } from './exciting.ts';
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
  it('refuses what is no INFO.OUT, and one without a finished ground state', () => {
    expect(() => readExcitingInfo('hello\n')).toThrow('not an exciting INFO.OUT');
    expect(() =>
      readExcitingInfo(
        '| EXCITING NITROGEN started\n Lattice vectors (cartesian) :\n 1 0 0\n 0 1 0\n 0 0 1\n',
      ),
    ).toThrow('INFO.OUT has no completed ground-state SCF');
  });
});

describe.skipIf(!existsSync(samples))('exciting samples (skipped without ../shared)', () => {
  it('C_gs: the PBEsol ground state of diamond, 13 SCF iterations', async () => {
    const archive = await parse('C_gs/INFO.OUT');
    expect(at(archive, 'run/0/program/version')).toBe('CARBON');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -75.89058007 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(13);
    // Lattice vector a = (3.2559441762, 3.2559441762, 0) bohr.
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/0/0'), 3.2559441762 * BOHR);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual([
      'GGA_C_PBE_SOL',
      'GGA_X_PBE_SOL',
    ]);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });

  it('GaO_strucopt: a structure optimisation of Ga2O3, a system and energy per step', async () => {
    const archive = await parse('GaO_strucopt/INFO.OUT');
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'results/material/chemical_formula_hill')).toBe('Ga4O6');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -8221.02167339 * HARTREE);
    // The ground state's first force: Ga 1 (-0.00175692, -0.00022878, 0) Hartree/bohr.
    expectClose(at(archive, 'run/0/calculation/0/forces/total/value/0/0'), (-0.00175692 * HARTREE) / BOHR);
    expect(at(archive, 'run/0/calculation/length')).toBe(at(archive, 'run/0/system/length'));
  });
});
