import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { BOHR, HARTREE } from '../../units.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { abinitParser } from './abinit.ts';
import { readAbinitOutput } from './read-abinit.ts';

const samples = new URL('../../../../../../../shared/samples/codes/abinit/', import.meta.url);

describe('the ABINIT reader', () => {
  it('refuses what is no ABINIT output, and one without the structure variables', () => {
    expect(() => readAbinitOutput('hello\n')).toThrow('not an ABINIT output');
    expect(() => readAbinitOutput('.Version 9.10.1 of ABINIT\n')).toThrow("the output echoes no 'acell'");
  });
});

describe.skipIf(!existsSync(samples))('ABINIT samples (skipped without ../shared)', () => {
  it('Si: an LDA ground state of silicon, five SCF iterations to the echoed etotal', async () => {
    const result = await parseMainfile({
      absolutePath: new URL('Si/Si.out', samples).pathname,
      relativePath: 'Si/Si.out',
      uploadId: 'abinit',
      parser: abinitParser,
    });
    expect(result.ok).toBe(true);
    const archive = result.archive;
    expect(at(archive, 'run/0/program/version')).toBe('7.8.2');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -8.866223896 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/energy/fermi'), 0.19383 * HARTREE);
    expect(at(archive, 'run/0/calculation/0/n_scf_iterations')).toBe(5);
    // acell 10.18 bohr times rprim (0, 0.5, 0.5).
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/0/1'), 5.09 * BOHR);
    expectClose(at(archive, 'run/0/method/0/basis_set/0/cell_dependent/0/planewave_cutoff'), 8 * HARTREE);
    expect(at(archive, 'results/material/symmetry/space_group_number')).toBe(227);
  });
});
