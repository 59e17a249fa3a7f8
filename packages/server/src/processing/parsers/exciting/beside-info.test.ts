import { HARTREE } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose } from '../archive-test-helpers.ts';
import { parserInFolders } from '../folder-test-helpers.ts';
import { readEigval } from './eigval.ts';
import { excitingParser } from './exciting.ts';
import { readFinalEnergies } from './info-xml.ts';

/** A ground state of our own in INFO.OUT's layout: diamond, one SCF iteration. */
const info = `| EXCITING NITROGEN started                                                    =
 Lattice vectors (cartesian) :
      3.3700000000      3.3700000000      0.0000000000
      3.3700000000      0.0000000000      3.3700000000
      0.0000000000      3.3700000000      3.3700000000
 Species :    1 (C)
     atomic positions (lattice) :
       1 :   0.00000000  0.00000000  0.00000000
       2 :   0.25000000  0.25000000  0.25000000
| SCF iteration number :    1                                                  +
 Total energy                               :       -75.89000000
 Fermi energy                               :         0.50000000
| Convergence targets achieved. Performing final SCF iteration                 +
| Self-consistent loop stopped                                                 +
| EXCITING NITROGEN stopped                                                    =
`;

const eigval = `     2 : nkpt
     3 : nstsv

     1   0.000000000       0.000000000       0.000000000     : k-point, vkl
 (state, eigenvalue and occupancy below)
     1 -0.3000000000       2.000000000
     2  0.4500000000       2.000000000
     3  0.6500000000       0.000000000


     2  0.5000000000       0.000000000       0.000000000     : k-point, vkl
 (state, eigenvalue and occupancy below)
     1 -0.2000000000       2.000000000
     2  0.4000000000       2.000000000
     3  0.6000000000       0.000000000

`;

const { parse: parseIn } = parserInFolders(excitingParser, 'exciting-eigval');

/** info.xml of the same SCF: two iterations, the last one INFO.OUT's energy to more digits. */
const infoXml = `<?xml version="1.0"?>
<info date="2026-01-01">
  <groundstate status="finished">
    <scl>
      <iter iteration="1">
        <energies totalEnergy="-75.5" fermiEnergy="0.4" sum-of-eigenvalues="-35.0"/>
      </iter>
      <iter iteration="2">
        <energies totalEnergy="-75.8900000012" fermiEnergy="0.500000001" sum-of-eigenvalues="-35.8155007426" Madelung="-92.1624237537" xc-potential="-13.7629977959" Hartree="17.81"/>
      </iter>
    </scl>
  </groundstate>
</info>
`;

const parseWith = (eigvalText: string, infoXmlText?: string) =>
  parseIn('INFO.OUT', { 'INFO.OUT': info, 'EIGVAL.OUT': eigvalText, 'info.xml': infoXmlText });

describe("exciting's EIGVAL.OUT", () => {
  it('becomes the last calculation’s eigenvalues in J, occupations per spin channel, and band edges', async () => {
    const { archive, logs } = await parseWith(eigval);
    expect(logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    const eigenvalues = at(archive, 'run/0/calculation/0/eigenvalues/0');
    expect(eigenvalues).toMatchObject({ n_spin_channels: 1, n_kpoints: 2, n_bands: 3 });
    expect(at(eigenvalues, 'kpoints/1')).toEqual([0.5, 0, 0]);
    expectClose(at(eigenvalues, 'energies/0/1/0'), -0.2 * HARTREE);
    expect(at(eigenvalues, 'occupations/0/0')).toEqual([1, 1, 0]);
    expectClose(at(archive, 'run/0/calculation/0/energy/highest_occupied'), 0.45 * HARTREE);
    expectClose(at(archive, 'run/0/calculation/0/energy/lowest_unoccupied'), 0.6 * HARTREE);
  });

  it('splits a spin-polarised table into its spin-up and spin-down halves', () => {
    const table = readEigval(
      ' 1 : nkpt\n 4 : nstsv\n 1 0 0 0 : k-point, vkl\n (state, eigenvalue and occupancy below)\n' +
        ' 1 -0.5 1.0\n 2 0.2 0.0\n 3 -0.4 1.0\n 4 0.3 0.0\n',
      2,
    );
    expect(table).toEqual({
      kpoints: [[0, 0, 0]],
      energies: [[[-0.5, 0.2]], [[-0.4, 0.3]]],
      occupations: [[[1, 0]], [[1, 0]]],
    });
  });

  it('warns, naming the file, when it is truncated; the entry keeps INFO.OUT’s results', async () => {
    const truncated = eigval.slice(0, eigval.lastIndexOf('     3  0.6'));
    const { archive, logs } = await parseWith(truncated);
    expect(logs.filter((l) => l.level === 'WARNING').map((l) => l.event)).toEqual([
      'EIGVAL.OUT has 2 of 3 states at k-point 2',
    ]);
    expect(at(archive, 'run/0/calculation/0')).not.toHaveProperty('eigenvalues');
    expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -75.89 * HARTREE);
    expect(readEigval('     3 : nkpt\n     3 : nstsv\n', 1)).toBe(
      "EIGVAL.OUT has 0 of the 3 k-points its 'nkpt' line announces",
    );
  });
});

describe("exciting's info.xml", () => {
  it('gives the last SCF its total energy to more digits and the terms INFO.OUT leaves out', async () => {
    const { archive, logs } = await parseWith(eigval, infoXml);
    expect(logs.filter((l) => l.level === 'WARNING')).toEqual([]);
    const energy = at(archive, 'run/0/calculation/0/energy');
    expectClose(at(energy, 'total/value'), -75.8900000012 * HARTREE, 1e-14);
    expectClose(at(energy, 'fermi'), 0.500000001 * HARTREE);
    expectClose(at(energy, 'sum_eigenvalues/value'), -35.8155007426 * HARTREE);
    expectClose(at(energy, 'madelung/value'), -92.1624237537 * HARTREE);
    expectClose(at(energy, 'xc_potential/value'), -13.7629977959 * HARTREE);
    // The band edges of EIGVAL.OUT stay.
    expectClose(at(energy, 'highest_occupied'), 0.45 * HARTREE);
  });

  it('warns, naming the file, when it is cut off or of another SCF', async () => {
    const cut = infoXml.slice(0, infoXml.indexOf('</scl>'));
    expect(readFinalEnergies(cut)).toBe('info.xml is cut off inside its <groundstate>');
    const other = await parseWith(eigval, infoXml.replace('-75.8900000012', '-75.95'));
    expect(other.logs.map((l) => l.event)).toContain(
      "info.xml's total energy is not that of INFO.OUT's last SCF: not read",
    );
    expectClose(at(other.archive, 'run/0/calculation/0/energy/total/value'), -75.89 * HARTREE);
    expect(at(other.archive, 'run/0/calculation/0/energy')).not.toHaveProperty('sum_eigenvalues');
    const { logs } = await parseWith(eigval, cut);
    expect(logs.map((l) => l.event)).toContain('info.xml is cut off inside its <groundstate>');
  });
});

const samples = new URL('../../../../../../../shared/samples/codes/exciting/', import.meta.url);
const parseSample = async (path: string) => {
  const result = await parseMainfile({
    absolutePath: new URL(path, samples).pathname,
    relativePath: path,
    uploadId: 'exciting',
    parser: excitingParser,
  });
  expect(result.ok).toBe(true);
  return result.ok ? result.archive : {};
};

describe.skipIf(!existsSync(samples))(
  'EIGVAL.OUT and info.xml of the exciting samples (skipped without ../shared)',
  () => {
    it('C_gs: 30 k-points of 10 states; the edges give INFO.OUT’s gap of 0.13970175 Ha', async () => {
      const archive = await parseSample('C_gs/INFO.OUT');
      const eigenvalues = at(archive, 'run/0/calculation/0/eigenvalues/0');
      expect(eigenvalues).toMatchObject({ n_spin_channels: 1, n_kpoints: 30, n_bands: 10 });
      // k-point 1, state 1: -0.3432405195 Ha, occupancy 2; k-point 30 is (0, 0.5, 0.5).
      expectClose(at(eigenvalues, 'energies/0/0/0'), -0.3432405195 * HARTREE);
      expect(at(eigenvalues, 'occupations/0/0/0')).toBe(1);
      expect(at(eigenvalues, 'kpoints/29')).toEqual([0, 0.5, 0.5]);
      // Γ's state 4 (0.4903354522 Ha) is the highest occupied; the lowest unoccupied 0.6300372071 Ha.
      expectClose(at(archive, 'run/0/calculation/0/energy/highest_occupied'), 0.4903354522 * HARTREE);
      expectClose(at(archive, 'run/0/calculation/0/energy/lowest_unoccupied'), 0.6300372071 * HARTREE);
      // info.xml's last iteration: -75.8905800653 Ha (INFO.OUT: -75.89058007), sum of eigenvalues
      // -35.8155007426 Ha, nuclear-nuclear -25.4328849440 Ha.
      expectClose(at(archive, 'run/0/calculation/0/energy/total/value'), -75.8905800653 * HARTREE, 1e-13);
      expectClose(at(archive, 'run/0/calculation/0/energy/sum_eigenvalues/value'), -35.8155007426 * HARTREE);
      expectClose(at(archive, 'run/0/calculation/0/energy/nuclear_repulsion/value'), -25.432884944 * HARTREE);
    });

    it('GaO_strucopt: on the last step, 68 k-points of 66 states', async () => {
      const archive = await parseSample('GaO_strucopt/INFO.OUT');
      const last = (at(archive, 'run/0/calculation/length') as number) - 1;
      const eigenvalues = at(archive, `run/0/calculation/${last}/eigenvalues/0`);
      expect(eigenvalues).toMatchObject({ n_spin_channels: 1, n_kpoints: 68, n_bands: 66 });
      // k-point 1, state 1: -4.992865851 Ha.
      expectClose(at(eigenvalues, 'energies/0/0/0'), -4.992865851 * HARTREE);
      expect(at(archive, 'run/0/calculation/0')).not.toHaveProperty('eigenvalues');
      // info.xml is the last step's SCF: -8221.02233684 Ha, Madelung -9949.23202676 Ha.
      expectClose(at(archive, `run/0/calculation/${last}/energy/madelung/value`), -9949.23202676 * HARTREE);
      expect(at(archive, 'run/0/calculation/0/energy')).not.toHaveProperty('madelung');
    });
  },
);
