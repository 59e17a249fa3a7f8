import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { BOHR, HARTREE } from '../../units.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { abinitParser } from './abinit.ts';
import { abinitArchive } from './archive.ts';
import { readAbinitOutput } from './read-abinit.ts';

const samples = new URL('../../../../../../../shared/samples/codes/abinit/', import.meta.url);

describe('the ABINIT reader', () => {
  it('refuses what is no ABINIT output, and one without the structure variables', () => {
    expect(() => readAbinitOutput('hello\n')).toThrow('not an ABINIT output');
    expect(() => readAbinitOutput('.Version 9.10.1 of ABINIT\n')).toThrow("the output echoes no 'acell'");
  });
});

/** An ecut convergence study of our own in two datasets: variables of all datasets and of each. */
const twoDatasets = `.Version 9.10.3 of ABINIT
 -outvars: echo values of preprocessed input variables --------
            acell      1.0180000000E+01  1.0180000000E+01  1.0180000000E+01 Bohr
           ndtset           2
== DATASET  1 ==================================================================
 ETOT  1  -8.8600000000000    -8.860E+00 1.404E-03 6.305E+00
 ETOT  2  -8.8650000000000    -5.000E-03 8.033E-07 1.677E-01
 Fermi (or HOMO) energy (hartree) =   0.19383   Average Vxc (hartree)=  -0.35554
== DATASET  2 ==================================================================
 ETOT  1  -8.8700000000000    -8.870E+00 1.404E-03 6.305E+00
 ETOT  2  -8.8720000000000    -2.000E-03 8.033E-07 1.677E-01
 ETOT  3  -8.8723000000000    -3.000E-04 8.033E-07 1.677E-01
 Fermi (or HOMO) energy (hartree) =   0.19500   Average Vxc (hartree)=  -0.35554
== END DATASET(S) ==============================================================
 -outvars: echo values of variables after computation  --------
            acell      1.0180000000E+01  1.0180000000E+01  1.0180000000E+01 Bohr
           ecut1      8.00000000E+00 Hartree
           ecut2      1.20000000E+01 Hartree
          etotal1    -8.8650000000E+00
          etotal2    -8.8723000000E+00
              ixc           1
            rprim      0.0000000000E+00  5.0000000000E-01  5.0000000000E-01
                       5.0000000000E-01  0.0000000000E+00  5.0000000000E-01
                       5.0000000000E-01  5.0000000000E-01  0.0000000000E+00
            typat      1  1
             xred      0.0000000000E+00  0.0000000000E+00  0.0000000000E+00
                       2.5000000000E-01  2.5000000000E-01  2.5000000000E-01
            znucl       14.00000

 Calculation completed.
`;

describe('ABINIT datasets', () => {
  it('makes a calculation per dataset, with its own variables, sharing what the datasets share', () => {
    const archive = abinitArchive(readAbinitOutput(twoDatasets));
    const run = archive.run as {
      calculation: Record<string, unknown>[];
      system: unknown[];
      method: unknown[];
    };
    expect(run.calculation).toHaveLength(2);
    // One structure for both; a method each, as their cut-offs differ.
    expect(run.system).toHaveLength(1);
    expect(run.method).toHaveLength(2);
    expect(at(run, 'calculation/1/method_ref')).toBe('/run/0/method/1');
    expectClose(at(run, 'method/1/basis_set/0/cell_dependent/0/planewave_cutoff'), 12 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/total/value'), -8.865 * HARTREE);
    expectClose(at(run, 'calculation/1/energy/total/value'), -8.8723 * HARTREE);
    expectClose(at(run, 'calculation/1/energy/fermi'), 0.195 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expect(at(run, 'calculation/1/n_scf_iterations')).toBe(3);
    expect(archive.structure.species).toEqual(['Si', 'Si']);
    expect(archive.warnings).toEqual([]);
  });

  it('names the variable a dataset lacks', () => {
    expect(() => readAbinitOutput(twoDatasets.replace(/ {12}acell .*\n/g, ''))).toThrow(
      "the output echoes no 'acell' (nor 'acell1' for dataset 1)",
    );
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
