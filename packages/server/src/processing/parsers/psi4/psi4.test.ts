import { ANGSTROM, BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { psi4Archive } from './archive.ts';
import { psi4Parser } from './psi4.ts';
import { readPsi4Output } from './read-psi4.ts';

/** A small RHF single point of our own in Psi4's layout (hydrogen fluoride), then an MP2 program. */
const output = `
          Psi4: An Open-Source Ab Initio Electronic Structure Package
                               Psi4 1.9.1 release

    Psi4 started on: Tuesday, 02 January 2024 03:30PM

*** tstart() called on host
*** at Tue Jan  2 15:30:00 2024

         ---------------------------------------------------------
                                   SCF
               by Justin Turney, Rob Parrish, Andy Simmonett
                              RHF Reference
         ---------------------------------------------------------

  ==> Geometry <==

    Geometry (in Angstrom), charge = 0, multiplicity = 1:

       Center              X                  Y                   Z               Mass
    ------------   -----------------  -----------------  -----------------  -----------------
         F            0.000000000000     0.000000000000    -0.046000000000    18.998403162730
         H            0.000000000000     0.000000000000     0.874000000000     1.007825032230

  ==> Algorithm <==

  SCF Algorithm Type is PK.
  Energy threshold   = 1.00e-06

  ==> Primary Basis <==

  Basis Set: CC-PVDZ
    Number of shells: 9
    Number of basis function: 19

  ==> Iterations <==

                        Total Energy        Delta E     RMS |[F,P]|

   @RHF iter   1:  -100.00000000000000   -1.00000e+02   1.00000e-01
   @RHF iter   2:  -100.02000000000000   -2.00000e-02   1.00000e-03 DIIS

    Doubly Occupied:

       1A1   -26.300000     2A1    -1.600000

    Virtual:

       3A1     0.150000

   => Energetics <=

    Nuclear Repulsion Energy =              5.2000000000000000
    One-Electron Energy =                -150.0000000000000000
    Total Energy =                       -100.0200000000000000

Properties will be evaluated at   0.000000,   0.000000,   0.000000 [a0]

  Dipole Moment: (a.u.)
     X:     0.0000      Y:     0.0000      Z:     0.7000     Total:     0.7000

  Mulliken Charges: (a.u.)
   Center  Symbol    Alpha    Beta     Spin     Total
       1     F     4.70000  4.70000  0.00000 -0.40000
       2     H     0.30000  0.30000  0.00000  0.40000

   Total alpha =  5.00000, Total beta =  5.00000, Total charge =  0.00000

*** tstop() called on host at Tue Jan  2 15:30:01 2024
Module time:
	user time   =       0.50 seconds =       0.01 minutes
Total time:
	user time   =       0.50 seconds =       0.01 minutes

*** tstart() called on host
*** at Tue Jan  2 15:30:01 2024

                       MP2
              Program Written by Ugur Bozkaya

	Computing MP2 energy using SCF MOs (Canonical MP2)...
	==============================================================================
	Nuclear Repulsion Energy (a.u.)    :     5.20000000000000
	MP2 Correlation Energy (a.u.)      :    -0.20000000000000
	MP2 Total Energy (a.u.)            :  -100.22000000000000
	==============================================================================

*** tstop() called on host at Tue Jan  2 15:30:02 2024
Module time:
	user time   =       0.25 seconds =       0.00 minutes
Total time:
	user time   =       0.75 seconds =       0.01 minutes

*** Psi4 exiting successfully. Buy a developer a beer!
`;

describe('the Psi4 reader and archive', () => {
  it('reads the SCF and the MP2 program as methods and calculations, in SI units', () => {
    const { run, workflow2, structure, warnings } = psi4Archive(readPsi4Output(output));
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'Psi4', version: '1.9.1' });
    expect(at(run, 'time_run/date_start')).toBe(Date.UTC(2024, 0, 2, 15, 30) / 1000);
    expect(at(run, 'method/0/electronic/method')).toBe('RHF');
    expect(at(run, 'method/0/scf/minimization_algorithm')).toBe('PK');
    expectClose(at(run, 'method/0/scf/threshold_energy_change'), 1e-6 * HARTREE);
    expect(at(run, 'method/0/electrons_representation/0/basis_set/0/atom_centered/0/name')).toBe('CC-PVDZ');
    expect(at(run, 'method/1/electronic/method')).toBe('MP2');
    expect(at(run, 'method/1/core_method_ref')).toBe('/run/0/method/0');
    // Positions as printed, in Å.
    expect(structure!.species).toEqual(['F', 'H']);
    expectClose(structure!.positions[1]![2], 0.874 * ANGSTROM);
    expectClose(at(run, 'calculation/0/energy/total/value'), -100.02 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/nuclear_repulsion/value'), 5.2 * HARTREE);
    expect(at(run, 'calculation/0/energy/contributions/0/kind')).toBe('One-Electron');
    expect(at(run, 'calculation/0/scf_iteration/length')).toBe(2);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/change'), -0.02 * HARTREE);
    expect(at(run, 'calculation/0/eigenvalues/0/occupations')).toEqual([[[2, 2, 0]]]);
    expect(at(run, 'calculation/0/eigenvalues/0/orbital_labels')).toEqual(['1A1', '2A1', '3A1']);
    expectClose(at(run, 'calculation/0/multipoles/0/dipole/total/2'), 0.7 * ELEMENTARY_CHARGE * BOHR);
    expectClose(at(run, 'calculation/0/charges/0/value/0'), -0.4 * ELEMENTARY_CHARGE);
    expect(at(run, 'calculation/0/time_calculation')).toBe(0.5);
    expectClose(at(run, 'calculation/1/energy/total/value'), -100.22 * HARTREE);
    expect(at(run, 'calculation/1/time_physical')).toBe(0.75);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('warns that an output without its closing line did not finish', () => {
    const cut = output.slice(0, output.indexOf('*** Psi4 exiting'));
    expect(psi4Archive(readPsi4Output(cut)).warnings).toEqual([
      "the output has no 'Psi4 exiting successfully': the run did not finish",
    ]);
  });

  it('refuses what is no Psi4 output', () => {
    expect(() => readPsi4Output('hello\n')).toThrow('not a Psi4 output');
  });
});

const data = '/tmp/nomad-parser-tests/src/electronic-parsers/tests/data/psi4/';
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: data + path,
    relativePath: path,
    uploadId: 'psi4',
    parser: psi4Parser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(data))("NOMAD's Psi4 test data (skipped without /tmp/nomad-parser-tests)", () => {
  it('cc1: a CCSD geometry optimisation with OPTKING', async () => {
    const archive = await parse('cc1/output.ref');
    expect(at(archive, 'run/0/method/length')).toBe(15);
    expect(at(archive, 'run/0/calculation/length')).toBe(30);
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expectClose(at(archive, 'workflow2/method/convergence_tolerance_force_maximum'), (3e-4 * HARTREE) / BOHR);
  });

  it('mcscf1: the MCSCF program alone, with no geometry printed', async () => {
    const archive = await parse('mcscf1/output.ref');
    expect(at(archive, 'run/0/calculation/0/scf_iteration/length')).toBe(17);
  });
});
