import { BOHR, ELECTRON_VOLT, HARTREE, RYDBERG } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { parserInFolders } from '../folder-test-helpers.ts';
import { readDataFile, saveFolderOf } from './data-file-xml.ts';
import { quantumEspressoParser } from './quantum-espresso.ts';

/** A small SCF output of our own (MgO in a cube of 10 bohr) that writes 'mgo.save'. */
const output = `
     Program PWSCF v.7.2 starts on  1Jan2024 at 10: 0: 0
     lattice parameter (alat)  =      10.0000  a.u.
     number of electrons       =        16.00
     Exchange-correlation= PBE
     crystal axes: (cart. coord. in units of alat)
               a(1) = (   1.000000   0.000000   0.000000 )
               a(2) = (   0.000000   1.000000   0.000000 )
               a(3) = (   0.000000   0.000000   1.000000 )

     atomic species   valence    mass     pseudopotential
        Mg             8.00    24.30500     Mg( 1.00)
        O              6.00    15.99900     O ( 1.00)

     site n.     atom                  positions (alat units)
         1           Mg  tau(   1) = (   0.0000000   0.0000000   0.0000000  )
         2           O   tau(   2) = (   0.5000000   0.5000000   0.5000000  )

     Self-consistent Calculation

     iteration #  1     ecut=    40.00 Ry     beta= 0.70
     total energy              =     -10.00000000 Ry

     End of self-consistent calculation

          k = 0.0000 0.0000 0.5000 (  1000 PWs)   bands (ev):

   -10.0000  -5.0000   1.0000   2.0000

     the Fermi energy is     1.5000 ev

!    total energy              =     -10.50000000 Ry

     convergence has been achieved in   1 iterations

     Writing all to output data dir ./mgo.save/ :
     XML data file, charge density, pseudopotentials, collected wavefunctions

   JOB DONE.
`;

/** Its data-file XML: the same SCF at full precision, with occupations and weights. */
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<qes:espresso>
  <input><atomic_structure nat="2" alat="10.0"><cell><a1>9 0 0</a1></cell></atomic_structure></input>
  <output>
    <atomic_structure nat="2" alat="1.000000000000000E+001">
      <atomic_positions>
        <atom name="Mg" index="1">0.000000000000000E+000  0.000000000000000E+000  0.000000000000000E+000</atom>
        <atom name="O" index="2">5.000000012345678E+000  5.000000000000000E+000  5.000000000000000E+000</atom>
      </atomic_positions>
      <cell>
        <a1>1.000000000000000E+001  0.000000000000000E+000  0.000000000000000E+000</a1>
        <a2>0.000000000000000E+000  1.000000000000000E+001  0.000000000000000E+000</a2>
        <a3>0.000000000000000E+000  0.000000000000000E+000  1.000000000000000E+001</a3>
      </cell>
    </atomic_structure>
    <total_energy>
      <etot>-5.250000000123456E+000</etot>
    </total_energy>
    <band_structure>
      <lsda>false</lsda>
      <nbnd>4</nbnd>
      <fermi_energy>5.512483889238080E-002</fermi_energy>
      <nks>1</nks>
      <ks_energies>
        <k_point weight="2.000000000000000E+000">0.000000000000000E+000  0.000000000000000E+000  5.000000000000000E-001</k_point>
        <npw>1000</npw>
        <eigenvalues size="4">
 -3.674932217565499E-001 -1.837466108782749E-001  3.674932217565499E-002  7.349864435130998E-002
        </eigenvalues>
        <occupations size="4">
  1.000000000000000E+000  1.000000000000000E+000  9.000000000000000E-001  0.000000000000000E+000
        </occupations>
      </ks_energies>
    </band_structure>
    <forces rank="2" dims="           3           2">
  1.000000000000000E-003  0.000000000000000E+000 -2.000000000000000E-003
 -1.000000000000000E-003  0.000000000000000E+000  2.000000000000000E-003
    </forces>
    <stress rank="2" dims="           3           3">
  3.400000000000000E-006  0.000000000000000E+000  0.000000000000000E+000
  0.000000000000000E+000  3.400000000000000E-006  0.000000000000000E+000
  0.000000000000000E+000  0.000000000000000E+000  3.400000000000000E-006
    </stress>
  </output>
</qes:espresso>
`;

const { parse: parseIn } = parserInFolders(quantumEspressoParser, 'qe-xml');

const parseWith = (xmlText: string) =>
  parseIn('pw.out', { 'pw.out': output, 'mgo.save/data-file-schema.xml': xmlText });

describe("pw.x's data-file-schema.xml", () => {
  it('finds the folder the output last wrote', () => {
    expect(saveFolderOf(output)).toBe('./mgo.save');
    expect(saveFolderOf('     Writing output data file pwscf.save\n')).toBe('pwscf.save');
    expect(saveFolderOf('     Writing output data file /scratch/run/Si.save/\n')).toBe('Si.save');
    expect(saveFolderOf('no data file\n')).toBeUndefined();
  });

  it('replaces the output’s values by its full-precision ones and adds occupations and weights', async () => {
    const { archive, logs } = await parseWith(xml);
    expect(logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    const calculation = at(archive, 'run/0/calculation/0');
    expectClose(at(calculation, 'energy/total/value'), -5.250000000123456 * HARTREE, 1e-15);
    expectClose(at(calculation, 'energy/fermi'), 0.0551248388923808 * HARTREE);
    const eigenvalues = at(calculation, 'eigenvalues/0');
    expect(eigenvalues).toMatchObject({ n_spin_channels: 1, n_kpoints: 1, n_bands: 4, kpoints_weights: [1] });
    // (0, 0, 0.5) 2π/alat is half the third reciprocal vector.
    expect(at(eigenvalues, 'kpoints/0')).toEqual([0, 0, 0.5]);
    expectClose(at(eigenvalues, 'energies/0/0/0'), -0.3674932217565499 * HARTREE);
    expect(at(eigenvalues, 'occupations/0/0')).toEqual([1, 1, 0.9, 0]);
    expectClose(at(calculation, 'forces/total/value/1/2'), (0.002 * HARTREE) / BOHR);
    expectClose(at(calculation, 'stress/total/value/0/0'), (3.4e-6 * HARTREE) / BOHR ** 3);
    // The position pw.x printed as 0.5 alat, to 1e-9 bohr here; the entry's structure has it too.
    expectClose(at(archive, 'run/0/system/0/atoms/positions/1/0'), 5.000000012345678 * BOHR, 1e-15);
    expectClose(
      at(archive, 'results/properties/structures/structure_original/cartesian_site_positions/1/0'),
      5.000000012345678 * BOHR,
      1e-12,
    );
  });

  it('warns, naming the file, when it is cut off or of another SCF; the output’s values stay', async () => {
    const cut = await parseWith(xml.slice(0, xml.indexOf('<forces')));
    expect(cut.logs.map((l) => l.event)).toContain(
      './mgo.save/data-file-schema.xml has no complete <output>',
    );
    expectClose(at(cut.archive, 'run/0/calculation/0/energy/total/value'), -10.5 * RYDBERG);
    expectClose(at(cut.archive, 'run/0/calculation/0/energy/fermi'), 1.5 * ELECTRON_VOLT);
    const other = await parseWith(xml.replace('-5.250000000123456E+000', '-5.260000000000000E+000'));
    expect(other.logs.map((l) => l.event)).toContain(
      "./mgo.save/data-file-schema.xml is not of the output's last SCF (energy, positions or cell differ): not read",
    );
    expect(at(other.archive, 'run/0/calculation/0/eigenvalues/0')).not.toHaveProperty('occupations');
  });

  it('splits a spin-polarised k-point into its spin-up and spin-down bands', () => {
    const lsda = xml
      .replace('<lsda>false</lsda>', '<lsda>true</lsda>')
      .replace('<nbnd>4</nbnd>', '<nbnd>2</nbnd>');
    const data = readDataFile(lsda);
    expect(typeof data).toBe('object');
    if (typeof data === 'string') return;
    expect(data.energies.map((spin) => spin[0]!.length)).toEqual([2, 2]);
    expect(data.occupations[1]![0]).toEqual([0.9, 0]);
  });
});

const samples = new URL(
  '../../../../../../../shared/samples/codes/quantumespresso/TiO2_opt/',
  import.meta.url,
);

describe.skipIf(!existsSync(samples))('TiO2_opt’s TiO2.save (skipped without ../shared)', () => {
  it('gives the final SCF of the vc-relax its XML values', async () => {
    const result = await parseMainfile({
      absolutePath: new URL('pw.out', samples).pathname,
      relativePath: 'pw.out',
      uploadId: 'qe',
      parser: quantumEspressoParser,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    const archive = result.archive;
    const last = (at(archive, 'run/0/calculation/length') as number) - 1;
    const calculation = at(archive, `run/0/calculation/${last}`);
    // <etot> -2.030013044367079E+002 Ha (pw.out: -406.00260887 Ry); <fermi_energy> 0.330734176551755 Ha.
    expectClose(at(calculation, 'energy/total/value'), -203.0013044367079 * HARTREE, 1e-15);
    expectClose(at(calculation, 'energy/fermi'), 0.330734176551755 * HARTREE);
    const eigenvalues = at(calculation, 'eigenvalues/0');
    expect(eigenvalues).toMatchObject({ n_spin_channels: 1, n_kpoints: 70, n_bands: 29 });
    // k-point 1: band 1 -1.762382602143683 Ha; band 24 occupied, band 25 empty.
    expectClose(at(eigenvalues, 'energies/0/0/0'), -1.762382602143683 * HARTREE);
    expect(at(eigenvalues, 'occupations/0/0/23')).toBe(1);
    expect(at(eigenvalues, 'occupations/0/0/24')).toBe(0);
    // k-point 2: (0, 0, 0.1295319197612510) 2π/alat is 1/12 of b3; weight 6.80272e-3 of 2.
    expectClose(at(eigenvalues, 'kpoints/1/2'), 1 / 12, 1e-9);
    expectClose(at(eigenvalues, 'kpoints_weights/1'), 6.8027210884353713e-3 / 2, 1e-9);
    // Atom 3 (O): force 5.450721113658935E-006 Ha/bohr; stress xx 1.159247089163142E-006 Ha/bohr³.
    expectClose(at(calculation, 'forces/total/value/2/0'), (5.450721113658935e-6 * HARTREE) / BOHR);
    expectClose(at(calculation, 'stress/total/value/0/0'), (1.159247089163142e-6 * HARTREE) / BOHR ** 3);
    // The final cell a = 8.741198570015111 bohr and Ti 1 at 4.370599285007556 bohr.
    const system = String(at(calculation, 'system_ref')).replace('/run/0/', 'run/0/');
    expectClose(at(archive, `${system}/atoms/lattice_vectors/0/0`), 8.741198570015111 * BOHR, 1e-15);
    expectClose(at(archive, `${system}/atoms/positions/0/0`), 4.370599285007556 * BOHR, 1e-15);
  });
});
