import { BOHR, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { turbomoleArchive } from './archive.ts';
import { turbomoleParser } from './turbomole.ts';
import { readTurbomoleOutput } from './read-turbomole.ts';

/** A small job of our own in TURBOMOLE's layout: dscf then grad on hydrogen fluoride with PBE. */
const output = `
 dscf (host1) : TURBOMOLE V7.5 ( 24000 ) 1 Jan 2021 at 10:00:00
 Copyright (C) 2021 TURBOMOLE GmbH, Karlsruhe

    2021-03-01 12:00:00.000

              | Atomic coordinate, charge and isotop information |

                    atomic coordinates            atom    charge  isotop
          0.00000000    0.00000000    0.00000000    f      9.000     0
          0.00000000    0.00000000    1.75000000    h      1.000     0

              |               basis set information              |

              ...i.e. with spherical basis functions...

   type   atoms  prim   cont   basis
    f        1     24     14   def2-SVP   [3s2p1d|7s4p1d]
    h        1      7      5   def2-SVP   [2s1p|4s1p]
   total number of SCF-basis functions       :   19

           ------------------
           density functional
           ------------------
 PBE functional
 exchange:    LDA + PBE
 correlation: LDA (PW) + PBE

 ITERATION  ENERGY          1e-ENERGY        2e-ENERGY     NORM[dD(SAO)]  TOL
   1  -100.30000000000    -150.00000000      40.00000000    0.000D+00 0.417D-09
                            Exc =   -10.000000000000     N = 10.000000000
          Delta Eig. =     0.0100000000 eV

 ITERATION  ENERGY          1e-ENERGY        2e-ENERGY     NORM[dD(SAO)]  TOL
   2  -100.35000000000    -150.10000000      40.05000000    0.100D-02 0.264D-09
                            Exc =   -10.100000000000     N = 10.000000000

 convergence criteria satisfied after  2 iterations

                 |  total energy      =   -100.35000000000  |
                 :  kinetic energy    =     99.90000000000  :
                 :  virial theorem    =      2.00450450450  :

    irrep                  4a1         5a1         1b1
 eigenvalues H         -0.65000    -0.45000     0.05000
            eV         -17.6874    -12.2451      1.3606
 occupation              2.0000      2.0000

         total wall-time :  1 minutes and  2.50 seconds

   ****  dscf : all done  ****

    2021-03-01 12:01:02.500

 grad (host1) : TURBOMOLE V7.5 ( 24000 ) 1 Jan 2021 at 10:00:00
 Copyright (C) 2021 TURBOMOLE GmbH, Karlsruhe

    2021-03-01 12:01:03.000

                    atomic coordinates            atom    charge  isotop
          0.00000000    0.00000000    0.00000000    f      9.000     0
          0.00000000    0.00000000    1.75000000    h      1.000     0

          ------------------------------------------------
           cartesian gradient of the energy (hartree/bohr)
          ------------------------------------------------

  ATOM      1 f           2 h
dE/dx  0.0000000D+00  0.0000000D+00
dE/dy  0.0000000D+00  0.0000000D+00
dE/dz  0.1000000D-01 -0.1000000D-01

     --- calculation of the energy gradient finished ---

         total wall-time :   0.50 seconds

   ****  grad : all done  ****

    2021-03-01 12:01:04.000
`;

describe('the TURBOMOLE reader and archive', () => {
  it('reads each module as a method, system and calculation, in SI units', () => {
    const { run, workflow2, structure, warnings } = turbomoleArchive(readTurbomoleOutput(output));
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'TURBOMOLE', version: '7.5 ( 24000 )' });
    expect(at(run, 'time_run/date_start')).toBe(Date.UTC(2021, 2, 1, 12, 0, 0) / 1000);
    expect(at(run, 'time_run/date_end')).toBe(Date.UTC(2021, 2, 1, 12, 1, 4) / 1000);
    expect(at(run, 'method/length')).toBe(2);
    expect(at(run, 'method/0/electronic/method')).toBe('DFT');
    expect(at(run, 'method/0/dft/xc_functional/exchange')).toEqual([{ name: 'GGA_X_PBE' }]);
    expect(at(run, 'method/0/electrons_representation/0/basis_set/0/atom_centered/1')).toEqual({
      name: 'def2-SVP',
      formula: 'H',
      atom_number: 1,
      n_basis_functions: 5,
    });
    expect(structure.species).toEqual(['F', 'H']);
    expectClose(structure.positions[1]![2], 1.75 * BOHR);
    expectClose(at(run, 'calculation/0/energy/total/value'), -100.35 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/kinetic_electronic/value'), 99.9 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/xc/value'), -10.1 * HARTREE);
    expect(at(run, 'calculation/0/time_calculation')).toBe(62.5);
    // The orbitals printed around the frontier: the unprinted occupation is none.
    expect(at(run, 'calculation/0/eigenvalues/0/occupations')).toEqual([[[2, 2, 0]]]);
    expectClose(at(run, 'calculation/0/energy/highest_occupied'), -0.45 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/lowest_unoccupied'), 0.05 * HARTREE);
    // The force is the negative gradient; the grad module's time runs on from dscf's.
    expectClose(at(run, 'calculation/1/forces/total/value/1/2'), (0.01 * HARTREE) / BOHR);
    expect(at(run, 'calculation/1/time_physical')).toBe(63);
    expect(at(run, 'calculation/1/system_ref')).toBe('/run/0/system/1');
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('warns that a run whose last module has no "all done" did not finish', () => {
    const cut = output.slice(0, output.indexOf('   ****  grad'));
    const { warnings } = turbomoleArchive(readTurbomoleOutput(cut));
    expect(warnings).toEqual(["the grad module has no 'all done': the run did not finish"]);
  });

  it('refuses what is no TURBOMOLE output', () => {
    expect(() => readTurbomoleOutput('hello\n')).toThrow('not a TURBOMOLE output');
  });
});

const data = `${nomadTestData('electronic-parsers', 'turbomole')}/`;
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: data + path,
    relativePath: path,
    uploadId: 'turbomole',
    parser: turbomoleParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(data))(
  "NOMAD's TURBOMOLE test data (skipped without /tmp/nomad-parser-tests)",
  () => {
    it('acrolein: grad, statpt and dscf of one optimisation cycle', async () => {
      const archive = await parse('acrolein_grad_statpt_dscf.out');
      expect(at(archive, 'run/0/method/length')).toBe(3);
      expect(at(archive, 'run/0/method/0/dft/xc_functional/hybrid/0/name')).toBe('HYB_GGA_XC_B3LYP');
      expect(at(archive, 'workflow2/method/method')).toBe('BFGS');
      expectClose(
        at(archive, 'workflow2/method/convergence_tolerance_force_maximum'),
        (1e-3 * HARTREE) / BOHR,
      );
      expect(at(archive, 'run/0/calculation/2/scf_iteration/length')).toBe(3);
    });

    it('pnoccsd: the MP2, CCSD and CCSD(T0) energies before the final CCSD(T)', async () => {
      const archive = await parse('pnoccsd.out');
      expect(at(archive, 'run/0/method/0/electronic/method')).toBe('CCSD(T)');
      expect(at(archive, 'run/0/calculation/length')).toBe(4);
      expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -1293.2201184442 * HARTREE);
      expectClose(at(archive, 'run/0/calculation/2/energy/current/value'), -5.0264468434 * HARTREE);
    });

    it('aoforce: the Hessian of 31 atoms and the zero-point energy', async () => {
      const archive = await parse('aoforce/vib.out');
      expect(at(archive, 'run/0/calculation/0/hessian_matrix/length')).toBe(31);
      expectClose(at(archive, 'run/0/calculation/0/energy/zero_point/value'), 0.2343521 * HARTREE);
    });
  },
);
