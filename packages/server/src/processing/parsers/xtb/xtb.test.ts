import { ANGSTROM, BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { xtbArchive } from './archive.ts';
import { readCoord } from './read-xtb-files.ts';
import { readXtbOutput } from './read-xtb.ts';
import { xtbParser } from './xtb.ts';

/** A small GFN2-xTB single point of our own in xtb's layout (a hydrogen fluoride molecule). */
const output = `
     |                           x T B                           |
   * xtb version 6.5.0 (abcdef0) compiled by 'someone' on 2022-01-01
 * started run on 2023/05/01 at 10:00:00.000
          |                Calculation Setup                |
          coordinate file            : coord
          number of atoms            :                     2
          charge                     :                     0
   ID    Z sym.   atoms
          |                 G F N 2 - x T B                 |
        Reference                      10.1021/acs.jctc.8b01176
      * Hamiltonian:
        H0-scaling (s, p, d)           1.850000    2.230000    2.230000
      * Dispersion:
        a1                             0.520000
      * Coulomb:
        third order                    shell-resolved

          ...................................................
          :                      SETUP                      :
          :.................................................:
          :  max. iterations                   250          :
          :  Hamiltonian                  GFN2-xTB          :
          :  -> SCF convergence          0.1000000E-05 Eh   :
          ...................................................

 iter      E             dE          RMSdq      gap      omega  full diag
   1     -5.5000000 -0.550000E+01  0.400E+00   14.00       0.0  T
   2     -5.5100000 -0.100000E-01  0.100E+00   14.10       1.0  T

   *** convergence criteria satisfied after 2 iterations ***

         #    Occupation            Energy/Eh            Energy/eV
      -------------------------------------------------------------
         1        2.0000           -0.7000000             -19.0480
         2        2.0000           -0.5000000             -13.6057 (HOMO)
         3                          0.1000000               2.7211 (LUMO)
      -------------------------------------------------------------

         :::::::::::::::::::::::::::::::::::::::::::::::::::::
         ::                     SUMMARY                     ::
         :::::::::::::::::::::::::::::::::::::::::::::::::::::
         :: total energy              -5.400000000000 Eh    ::
         :: SCC energy                -5.510000000000 Eh    ::
         :: repulsion energy           0.110000000000 Eh    ::
         :::::::::::::::::::::::::::::::::::::::::::::::::::::

          |                Property Printout                |
     #   Z          covCN         q      C6AA      α(0)
     1   9 f        0.900    -0.300     9.000     3.000
     2   1 h        0.900     0.300     2.000     1.000

molecular dipole:
                 x           y           z       tot (Debye)
 q only:        0.000       0.000       0.500
   full:        0.000       0.000       0.700       1.779
molecular quadrupole (traceless):
                xx          xy          yy          xz          yz          zz
 q only:        1.000       0.000      -0.500       0.000       0.000      -0.500
  q+dip:        1.100       0.000      -0.550       0.000       0.000      -0.550
   full:        1.200       0.000      -0.600       0.000       0.000      -0.600

 * finished run on 2023/05/01 at 10:00:01.500
 total:
 * wall-time:     0 d,  0 h,  0 min,  1.500 sec
 SCF:
 * wall-time:     0 d,  0 h,  0 min,  0.250 sec
`;

const coord = `$coord
    0.00000000000000    0.00000000000000    0.00000000000000      f
    0.00000000000000    0.00000000000000    1.73300000000000      h
$end
`;

describe('the xtb reader and archive', () => {
  const initial = readCoord(coord)!;

  it('reads the model, SCF, orbitals, summary and multipoles, in SI units', () => {
    const { run, workflow2, structure, warnings } = xtbArchive(readXtbOutput(output), {
      initial,
      optimization: [],
      trajectory: [],
    });
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'xTB', version: '6.5.0' });
    expect(structure.species).toEqual(['F', 'H']);
    expectClose(structure.positions[1]![2], 1.733 * BOHR);
    expect(at(run, 'method/0/tb/name')).toBe('xTB');
    expect(at(run, 'method/0/tb/xtb/name')).toBe('GFN2-xTB');
    expect(at(run, 'method/0/tb/xtb/reference')).toBe('10.1021/acs.jctc.8b01176');
    expect(at(run, 'method/0/tb/xtb/hamiltonian/0/parameters')).toEqual({
      'H0-scaling (s, p, d)': [1.85, 2.23, 2.23],
    });
    expect(at(run, 'method/0/tb/xtb/contributions/0')).toEqual({
      type: 'dispersion',
      parameters: { a1: [0.52] },
    });
    expect(at(run, 'method/0/tb/xtb/coulomb/0/parameters')).toEqual({ 'third order': ['shell-resolved'] });
    expect(at(run, 'method/0/scf/n_max_iteration')).toBe(250);
    expectClose(at(run, 'method/0/scf/threshold_energy_change'), 1e-6 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/total/value'), -5.4 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/x_xtb_repulsion/value'), 0.11 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/change'), -0.01 * HARTREE);
    expect(at(run, 'calculation/0/eigenvalues/0/occupations')).toEqual([[[2, 2, 0]]]);
    expectClose(at(run, 'calculation/0/eigenvalues/0/energies/0/0/2'), 0.1 * HARTREE);
    expectClose(at(run, 'calculation/0/multipoles/0/dipole/total/2'), 0.7 * ELEMENTARY_CHARGE * BOHR);
    expectClose(
      at(run, 'calculation/0/multipoles/0/quadrupole/total/5'),
      -0.6 * ELEMENTARY_CHARGE * BOHR ** 2,
    );
    expectClose(at(run, 'calculation/0/charges/0/value/0'), -0.3 * ELEMENTARY_CHARGE);
    expectClose(at(run, 'calculation/0/energy/highest_occupied'), -0.5 * HARTREE);
    expectClose(at(run, 'calculation/0/energy/lowest_unoccupied'), 0.1 * HARTREE);
    // The SCF module's wall time, after the total.
    expect(at(run, 'calculation/0/time_calculation')).toBe(0.25);
    expect(at(run, 'time_run/date_end') as number).toBeCloseTo(
      (at(run, 'time_run/date_start') as number) + 1.5,
      6,
    );
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('warns when the run did not finish and refuses an output without a module', () => {
    const cut = output.slice(0, output.indexOf('* finished run'));
    const { warnings } = xtbArchive(readXtbOutput(cut), { initial, optimization: [], trajectory: [] });
    expect(warnings).toEqual(["the output has no 'finished run on' line: the run did not finish"]);
    const head = output.slice(0, output.indexOf('G F N 2'));
    expect(() => xtbArchive(readXtbOutput(head), { initial, optimization: [], trajectory: [] })).toThrow(
      'before its first single point',
    );
  });

  it('reads periodic Turbomole coordinates in Å with a lattice', () => {
    const periodic = readCoord(
      '$coord angs\n 0 0 0 si\n 1.3 1.3 1.3 si\n$periodic 3\n$lattice angs\n 0 2.7 2.7\n 2.7 0 2.7\n 2.7 2.7 0\n$end\n',
    )!;
    expect(periodic.periodic).toEqual([true, true, true]);
    expectClose(periodic.lattice![0]![1], 2.7 * ANGSTROM);
    expectClose(periodic.positions[1]![0], 1.3 * ANGSTROM);
  });
});

const data = `${nomadTestData('atomistic-parsers', 'xtb')}/`;
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: data + path,
    relativePath: path,
    uploadId: 'xtb',
    parser: xtbParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(data))("NOMAD's xtb test data (skipped without /tmp/nomad-parser-tests)", () => {
  it('opt_gfn1: a water optimisation with its cycles, log geometries and final single point', async () => {
    const archive = await parse('opt_gfn1/out');
    expect(at(archive, 'run/0/system/length')).toBe(6);
    expect(at(archive, 'run/0/calculation/length')).toBe(6);
    expectClose(at(archive, 'run/0/system/1/atoms/positions/0/2'), -0.38936114592126 * ANGSTROM);
    expectClose(at(archive, 'run/0/calculation/4/energy/change'), -0.1191356e-6 * HARTREE);
    expect(at(archive, 'workflow2/name')).toBe('GeometryOptimization');
    expect(at(archive, 'workflow2/results/is_converged_geometry')).toBe(true);
    expectClose(at(archive, 'workflow2/method/convergence_tolerance_force_maximum'), (1e-3 * HARTREE) / BOHR);
  });

  it('md: ethane dynamics, its 200 frames and 50 printed steps', async () => {
    const archive = await parse('md/out');
    expect(at(archive, 'run/0/system/length')).toBe(201);
    expect(at(archive, 'run/0/calculation/length')).toBe(51);
    expect(at(archive, 'run/0/calculation/27/temperature')).toBe(763);
    // Step 200 is the fifth frame dumped every 50 steps (the input geometry is system 0).
    expect(at(archive, 'run/0/calculation/2/system_ref')).toBe('/run/0/system/5');
    expect(at(archive, 'workflow2/name')).toBe('MolecularDynamics');
  });
});
