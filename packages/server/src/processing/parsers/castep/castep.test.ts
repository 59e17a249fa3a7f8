import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { ANGSTROM } from '../../structure.ts';
import { ELECTRON_VOLT } from '../../units.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { castepParser } from './castep.ts';
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
  it('refuses what is no CASTEP output, and one without a final energy', () => {
    expect(() => readCastepOutput('hello\n')).toThrow("not a CASTEP output: no 'CASTEP version' line");
    expect(() => readCastepOutput(' | Welcome to Academic Release CASTEP version 23.1 |\n')).toThrow(
      "the output has no 'Final energy'",
    );
  });
});

describe.skipIf(!existsSync(samples))('CASTEP samples (skipped without ../shared)', () => {
  it('Si8: a PBE single point of diamond silicon', async () => {
    const archive = await parse('Si8.castep');
    expect(at(archive, 'run/0/program/version')).toBe('16.1');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -1381.697860747 * ELECTRON_VOLT);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(11);
    expectClose(
      at(archive, 'run/0/method/0/basis_set/0/cell_dependent/0/planewave_cutoff'),
      100 * ELECTRON_VOLT,
    );
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/0/0'), 5.43 * ANGSTROM);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });

  it('Si2_opt: a B3LYP optimisation, finite-basis extra SCFs left out, converged', async () => {
    const archive = await parse('Si2_opt.castep');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    // The first SCF at the base cut-off; the two at 155 and 160 eV are the basis set correction's.
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -214.0557465433 * ELECTRON_VOLT);
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -213.8765829573 * ELECTRON_VOLT);
    expect(at(archive, 'results/method/simulation/dft/xc_functional_names')).toEqual(['HYB_GGA_XC_B3LYP']);
  });

  it('Si8-md-NPT: ten NPT steps with their times, temperatures and pressures', async () => {
    const archive = await parse('Si8-md-NPT.castep');
    expect(at(archive, 'workflow2/method')).toEqual({
      thermodynamic_ensemble: 'NPT',
      integration_timestep: 2e-15,
    });
    expect(at(archive, 'run/0/calculation/length')).toBe(11);
    // MD Data of step 0: 665.170048 K, 4.317695 GPa, potential energy -855.473064 eV.
    expectClose(at(archive, 'run/0/calculation/0/temperature'), 665.170048);
    expectClose(at(archive, 'run/0/calculation/0/pressure'), 4.317695e9);
    expectClose(at(archive, 'run/0/calculation/0/energy/potential/value'), -855.473064 * ELECTRON_VOLT);
    expect(at(archive, 'results/properties/thermodynamic/trajectory/0/available_properties')).toEqual([
      'temperature',
      'pressure',
      'energy_potential',
    ]);
  });
});
