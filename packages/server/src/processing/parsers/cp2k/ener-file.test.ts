import { HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { parserInFolders } from '../folder-test-helpers.ts';
import { cp2kParser } from './cp2k.ts';
import { readEner } from './ener-file.ts';

const scf = (energy: string) => `
 SCF WAVEFUNCTION OPTIMIZATION

  Step     Update method      Time    Convergence         Total energy    Change
  ------------------------------------------------------------------------------
     1 OT DIIS     0.15E+00    0.5     0.00000100       ${energy} -3.15E+01

  *** SCF run converged in     1 steps ***

 ENERGY| Total FORCE_EVAL ( QS ) energy (a.u.):              ${energy}
`;

/** A two-step NVE run of our own, in CP2K's layout, naming its energies file. */
const output = `
  **** **** ******  **  PROGRAM STARTED AT               2024-01-01 10:00:00.000
 CP2K| version string:                                          CP2K version 2024.1
 GLOBAL| Run type                                                             MD
 CELL| Vector a [angstrom]:       5.000     0.000     0.000    |a| =       5.000
 CELL| Vector b [angstrom]:       0.000     5.000     0.000    |b| =       5.000
 CELL| Vector c [angstrom]:       0.000     0.000     5.000    |c| =       5.000
 MD| Ensemble Type                                                           NVE
 MD| Time Step [fs]                                                         0.50
 MD| Energies               1                                          o2-1.ener
 MODULE QUICKSTEP:  ATOMIC COORDINATES IN angstrom

  Atom  Kind  Element       X           Y           Z          Z(eff)       Mass

       1     1 O   8    0.000000    0.000000    0.000000      6.00      15.9994
       2     1 O   8    0.000000    0.000000    1.210000      6.00      15.9994
${scf('-31.600000000000')}
 INITIAL TEMPERATURE[K]                =                                 300.000
${scf('-31.599000000000')}
 STEP NUMBER                  =                                                1
 TIME [fs]                    =                                         0.500000
 TEMPERATURE [K]              =                     275.075              275.075
  **** **** ******  **  PROGRAM ENDED AT                 2024-01-01 10:00:05.000
`;

const ener = `#     Step Nr.          Time[fs]        Kin.[a.u.]          Temp[K]            Pot.[a.u.]        Cons Qty[a.u.]        UsedTime[s]
         0            0.000000         0.001425067       300.000000000       -31.600000000       -31.598574933         0.000000000
         1            0.500000         0.001306670       275.075405378       -31.599000000       -31.597693330         5.596860174
`;

const { parse: parseIn } = parserInFolders(cp2kParser, 'cp2k-ener');

const parseWith = (enerText: string) => parseIn('o2.out', { 'o2.out': output, 'o2-1.ener': enerText });

describe("CP2K's .ener file", () => {
  it('gives each MD step its kinetic and potential energy and the temperature to 9 decimals', async () => {
    const { archive, logs } = await parseWith(ener);
    expect(logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    expect(at(archive, 'run/0/calculation/length')).toBe(2);
    expectClose(at(archive, 'run/0/calculation/0/energy/kinetic/value'), 0.001425067 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/1/energy/kinetic/value'), 0.00130667 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/1/energy/potential/value'), -31.599 * HARTREE);
    // The output's energy stays the total; its temperature (275.075) gains the file's digits.
    expectClose(at(archive, 'run/0/calculation/1/energy/total/value'), -31.599 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/1/temperature'), 275.075405378);
    expect(at(archive, 'run/0/calculation/1/step')).toBe(1);
  });

  it('warns, naming the file, of a cut-off row and reads the rows before it', async () => {
    const cut = ener.slice(0, ener.lastIndexOf('-31.597693330'));
    const { archive, logs } = await parseWith(cut);
    expect(logs.map((l) => l.event)).toContain(
      'o2-1.ener: line 3 is cut off or malformed; the 1 rows before it are read',
    );
    expectClose(at(archive, 'run/0/calculation/0/energy/kinetic/value'), 0.001425067 * HARTREE);
    expect(at(archive, 'run/0/calculation/1/energy')).not.toHaveProperty('kinetic');
    expectClose(at(archive, 'run/0/calculation/1/temperature'), 275.075);
  });

  it('warns, naming the file, when it is of another run, and reads nothing of it', async () => {
    const { archive, logs } = await parseWith(ener.replace('275.075405378', '290.000000000'));
    expect(logs.map((l) => l.event)).toContain(
      "o2-1.ener is not of this run (its temperatures or times are not the output's): not read",
    );
    expect(at(archive, 'run/0/calculation/0/energy')).not.toHaveProperty('kinetic');
    expect(readEner('hello\n', 'x.ener').problem).toBe(
      "x.ener has no 'Step Nr. Time[fs] Kin.[a.u.] Temp[K] Pot.[a.u.]' header",
    );
  });
});

const samples = new URL(
  '../../../../../../../shared/samples/codes/cp2k/molecular_dynamics/',
  import.meta.url,
);

describe.skipIf(!existsSync(samples))('H2O-32-1.ener (skipped without ../shared)', () => {
  it('merges its eleven rows into the eleven MD calculations', async () => {
    const result = await parseMainfile({
      absolutePath: new URL('H2O-32.out', samples).pathname,
      relativePath: 'H2O-32.out',
      uploadId: 'cp2k',
      parser: cp2kParser,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    const archive = result.archive;
    // Step 0: Kin. 0.007125335, Pot. -34.330396471 Hartree.
    expectClose(at(archive, 'run/0/calculation/0/energy/kinetic/value'), 0.007125335 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/energy/potential/value'), -34.330396471 * HARTREE);
    // Step 2: 1.0 fs, Kin. 0.005583688, 235.091633019 K.
    expectClose(at(archive, 'run/0/calculation/2/energy/kinetic/value'), 0.005583688 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/2/temperature'), 235.091633019);
    // Step 10: 5.0 fs, Pot. -34.328287038 Hartree.
    expect(at(archive, 'run/0/calculation/10/step')).toBe(10);
    expectClose(at(archive, 'run/0/calculation/10/energy/potential/value'), -34.328287038 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/10/time'), 5e-15);
  });
});
