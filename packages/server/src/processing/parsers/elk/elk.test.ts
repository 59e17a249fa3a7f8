import { BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { elkArchive } from './archive.ts';
import { elkParser } from './elk.ts';
import { readEigval, readTdos } from './read-elk-files.ts';
import { readElkInfo } from './read-elk.ts';

/** A small INFO.OUT of our own in Elk 4's layout: rock-salt NaCl, PBEsol, two SCF loops. */
const info = `+----------------------------+
| Elk version 5.2.14 started |
+----------------------------+

Date (YYYY-MM-DD) : 2020-01-31
Time (hh:mm:ss)   : 08:15:00

Lattice vectors :
   0.000000000       5.300000000       5.300000000
   5.300000000       0.000000000       5.300000000
   5.300000000       5.300000000       0.000000000

Species :    1 (Na)
 muffin-tin radius :    2.100000000
 number of radial points in muffin-tin :    400
 atomic positions (lattice), magnetic fields (Cartesian) :
   1 :   0.00000000  0.00000000  0.00000000    0.00000000  0.00000000  0.00000000

Species :    2 (Cl)
 muffin-tin radius :    2.400000000
 number of radial points in muffin-tin :    450
 atomic positions (lattice), magnetic fields (Cartesian) :
   1 :   0.50000000  0.50000000  0.50000000    0.00000000  0.00000000  0.00000000

Spin treatment :
 spin-unpolarised

k-point grid :      6     6     6
k-point offset :    0.000000000       0.000000000       0.000000000
Maximum |G+k| for APW functions       :    3.500000000

Maximum angular momentum used for
 APW functions                      :    8

Total number of local-orbitals :   20

Exchange-correlation functional :     22     0     0

Smearing type :    0
 Gaussian
Smearing width :   0.2000000000E-02

+------------------------------+
| Self-consistent loop started |
+------------------------------+

+--------------------+
| Loop number :    1 |
+--------------------+

Energies :
 Fermi                       :     0.100000000000
 sum of eigenvalues          :     -300.000000000
 electron kinetic            :      600.000000000
 Coulomb                     :     -1200.00000000
 Coulomb potential           :     -900.000000000
 xc potential                :     -40.0000000000
 exchange                    :     -30.0000000000
 correlation                 :     -2.00000000000
 total energy                :     -650.000000000

Charges :
 core                        :    12.00000000
 valence                     :    16.00000000
 muffin-tins (core leakage)
  species :    1 (Na)
   atom    1                 :    9.500000000     (  0.1000000000E-02)
  species :    2 (Cl)
   atom    1                 :    16.50000000     (  0.2000000000E-03)
 total charge                :    28.00000000
 error                       :   0.1000000000E-01

Time (CPU seconds) :         1.50

+--------------------+
| Loop number :    2 |
+--------------------+

Energies :
 Fermi                       :     0.120000000000
 total energy                :     -650.500000000

Absolute change in total energy (target)   :   0.5000000000     (  0.1000000000E-03)

Convergence targets achieved

Forces :
 species :    1 (Na)
  atom :    1
   Hellmann-Feynman          :    0.00100000    0.00000000    0.00000000
   total force               :    0.00200000    0.00000000    0.00000000
 species :    2 (Cl)
  atom :    1
   Hellmann-Feynman          :   -0.00100000    0.00000000    0.00000000
   total force               :   -0.00200000    0.00000000    0.00000000

Timings (CPU seconds) :
 initialisation                        :         1.00
 total                                 :        12.50

+----------------------------+
| Elk version 5.2.14 stopped |
+----------------------------+
`;

const eigval = `     2 : nkpt
     3 : nstsv

     1   0.000000000       0.000000000       0.000000000     : k-point, vkl
 (state, eigenvalue and occupancy below)
     1  -0.500000000       2.000000000
     2   0.050000000       2.000000000
     3   0.300000000       0.000000000

     2   0.500000000       0.000000000       0.000000000     : k-point, vkl
 (state, eigenvalue and occupancy below)
     1  -0.450000000       2.000000000
     2   0.080000000       2.000000000
     3   0.350000000       0.000000000
`;

const tdos = `  -0.100000000       0.000000000
   0.000000000       2.000000000
   0.100000000       4.000000000
`;

describe('the Elk reader and archive', () => {
  it('reads INFO.OUT, EIGVAL.OUT and TDOS.OUT into SI units', () => {
    const eig = readEigval(eigval);
    const dos = readTdos(tdos);
    if (typeof eig === 'string' || typeof dos === 'string') throw new Error('side files not read');
    const { run, workflow2, structure, warnings } = elkArchive(readElkInfo(info), { eigenvalues: eig, dos });
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'Elk', version: '5.2.14' });
    expect(at(run, 'time_run/date_start')).toBe(Date.UTC(2020, 0, 31, 8, 15, 0) / 1000);
    expect(at(run, 'method/0/dft/xc_functional/correlation/0/name')).toBe('GGA_C_PBE_SOL');
    expect(at(run, 'method/0/electronic/smearing/kind')).toBe('gaussian');
    expectClose(at(run, 'method/0/electronic/smearing/width'), 0.002 * HARTREE);
    expect(at(run, 'method/0/k_mesh/grid')).toEqual([6, 6, 6]);
    expectClose(at(run, 'method/0/electrons_representation/0/basis_set/0/cutoff'), (3.5 ** 2 / 2) * HARTREE);
    expectClose(at(run, 'method/0/electrons_representation/0/basis_set/2/radius'), 2.4 * BOHR);
    expect(at(run, 'method/0/x_elk_lo')).toBe(20);
    expect(structure.species).toEqual(['Na', 'Cl']);
    expectClose(structure.positions[1]![0], 5.3 * BOHR);
    // The last loop's energies are the calculation's; every loop is an SCF iteration.
    expectClose(at(run, 'calculation/0/energy/total/value'), -650.5 * HARTREE);
    expect(at(run, 'calculation/0/n_scf_iterations')).toBe(2);
    expect(at(run, 'calculation/0/calculation_converged')).toBe(true);
    const first = 'calculation/0/scf_iteration/0';
    expectClose(at(run, `${first}/energy/electronic/kinetic`), 600 * HARTREE);
    expectClose(at(run, `${first}/energy/electrostatic/value`), -1200 * HARTREE);
    expectClose(at(run, `${first}/energy/electrostatic/potential`), -900 * HARTREE);
    expectClose(at(run, `${first}/energy/xc/potential`), -40 * HARTREE);
    expectClose(at(run, `${first}/energy/fermi`), 0.1 * HARTREE);
    expect(at(run, `${first}/time_calculation`)).toBe(1.5);
    expectClose(at(run, `${first}/charges/0/total`), 28 * ELEMENTARY_CHARGE);
    expect(at(run, `${first}/charges/0/n_electrons`)).toEqual([9.5, 16.5]);
    expectClose(at(run, 'calculation/0/scf_iteration/1/energy/change'), 0.5 * HARTREE);
    expect(at(run, 'calculation/0/eigenvalues/0/kpoints/1')).toEqual([0.5, 0, 0]);
    expectClose(at(run, 'calculation/0/eigenvalues/0/energies/0/1/2'), 0.35 * HARTREE);
    expect(at(run, 'calculation/0/eigenvalues/0/occupations/0/0')).toEqual([2, 2, 0]);
    // TDOS.OUT's energies are relative to the Fermi energy: made absolute with the last loop's.
    expectClose(at(run, 'calculation/0/dos_electronic/0/energies/0'), (-0.1 + 0.12) * HARTREE);
    expectClose(at(run, 'calculation/0/dos_electronic/0/total/0/value/2'), 4 / HARTREE);
    expectClose(at(run, 'calculation/0/forces/total/value/1/0'), (-0.002 * HARTREE) / BOHR);
    expect(at(run, 'calculation/0/time_calculation')).toBe(12.5);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('says when the run did not finish, and refuses what has no geometry', () => {
    const cut = info.slice(0, info.indexOf('Spin treatment'));
    expect(elkArchive(readElkInfo(cut)).warnings).toEqual([
      "INFO.OUT has no '| Elk version ... stopped |': the run did not finish",
    ]);
    expect(elkArchive(readElkInfo(info.slice(0, info.indexOf('Species')))).structure).toBeUndefined();
    expect(() => readElkInfo('hello\n')).toThrow('not an Elk INFO.OUT');
  });

  it('makes a calculation of each self-consistent cycle', () => {
    const start = info.indexOf('+------------------------------+\n| Self-consistent loop started');
    const end = info.indexOf('Timings');
    const twice = info.slice(0, end) + info.slice(start, end) + info.slice(end);
    const { run, warnings } = elkArchive(readElkInfo(twice));
    expect(at(run, 'calculation/length')).toBe(2);
    expect(at(run, 'calculation/1/scf_iteration/length')).toBe(2);
    expect(at(run, 'calculation/1/system_ref')).toBe('/run/0/system/0');
    expect(warnings[0]).toMatch(/^INFO.OUT has 2 self-consistent cycles/);
  });

  it('leaves out an EIGVAL.OUT with missing k-points', () => {
    expect(readEigval(eigval.slice(0, eigval.indexOf('     2   0.5')))).toBe(
      'EIGVAL.OUT has 1 complete k-points of 2: its eigenvalues are not read',
    );
  });

  it('matches INFO.OUT by its banner', () => {
    expect(elkParser.mainfileContents!.test(info)).toBe(true);
    expect(elkParser.mainfileContents!.test('*  WELCOME TO SIESTA  *')).toBe(false);
  });
});

const data = `${nomadTestData('electronic-parsers', 'elk')}/`;
const parse = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: data + path,
    relativePath: path,
    uploadId: 'elk',
    parser: elkParser,
  });
  expect(result.ok).toBe(true);
  return result.archive;
};

describe.skipIf(!existsSync(data))("NOMAD's Elk test data (skipped without /tmp/nomad-parser-tests)", () => {
  it('Al: an LDA ground state of 19 loops', async () => {
    const archive = await parse('Al/INFO.OUT');
    expect(at(archive, 'run/0/program/version')).toBe('4.0.15');
    expect(at(archive, 'run/0/calculation/0/scf_iteration/length')).toBe(19);
    expectClose(at(archive, 'run/0/calculation/0/scf_iteration/2/energy/total/value'), -1.05555622e-15, 1e-6);
    expectClose(at(archive, 'run/0/system/0/atoms/lattice_vectors/1/0'), 2.02500243e-10, 1e-6);
  });

  it('GaAs: eigenvalues of EIGVAL.OUT and the DOS of TDOS.OUT', async () => {
    const archive = await parse('GaAs/INFO.OUT');
    expect(at(archive, 'run/0/system/0/atoms/labels')).toEqual(['Ga', 'As']);
    expectClose(at(archive, 'run/0/calculation/0/eigenvalues/0/energies/0/13/5'), -1.6048802e-18, 1e-6);
    expect(at(archive, 'run/0/calculation/0/eigenvalues/0/occupations/0/2/13')).toBe(2);
    expectClose(at(archive, 'run/0/calculation/0/dos_electronic/0/total/0/value/49'), 1.26640442e19, 1e-6);
  });
});
