import { ANGSTROM, ELECTRON_VOLT } from '@oasis/chem';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMainfile } from '../../pipeline.ts';
import { at, expectClose, nomadTestData } from '../archive-test-helpers.ts';
import { wannierArchive } from './archive.ts';
import { readColumns, readHr, readWin, readWout } from './read-wannier90.ts';
import { wannier90Parser } from './wannier90.ts';

/** A small run of our own in Wannier90's layout: one s-like function on a simple cubic lattice. */
const wout = `
             |                   WANNIER90                       |
             |      Release: 3.1.0        5th March    2020      |
                              Lattice Vectors (Ang)
                    a_1     2.000000   0.000000   0.000000
                    a_2     0.000000   2.000000   0.000000
                    a_3     0.000000   0.000000   2.000000

                        Reciprocal-Space Vectors (Ang^-1)
                    b_1     3.141593   0.000000   0.000000
                    b_2     0.000000   3.141593   0.000000
                    b_3     0.000000   0.000000   3.141593

 *----------------------------------------------------------------------------*
 |   Site       Fractional Coordinate          Cartesian Coordinate (Ang)     |
 +----------------------------------------------------------------------------+
 | H    1   0.00000   0.00000   0.00000   |    0.00000   0.00000   0.00000    |
 *----------------------------------------------------------------------------*
             Grid size =  2 x  1 x  1      Total points =    2
 *----------------------------------------------------------------------------*
 | k-point      Fractional Coordinate        Cartesian Coordinate (Ang^-1)    |
 +----------------------------------------------------------------------------+
 |     1    0.00000   0.00000   0.00000   |    0.00000   0.00000   0.00000    |
 |     2    0.50000   0.00000   0.00000   |    1.57080   0.00000   0.00000    |
 *----------------------------------------------------------------------------*
 *---------------------------------- MAIN ------------------------------------*
 |  Number of Wannier Functions               :                 1             |
 |  Number of input Bloch states              :                 2             |
 *------------------------------- WANNIERISE ---------------------------------*
 |  Total number of iterations                :               100             |
 |  Convergence tolerence                     :         0.100E-09             |
 *-------------------------------- PLOTTING ----------------------------------*
 |   Number of K-path sections                :                 2             |
 |   Divisions along first K-path section     :                 2             |
 |    From: G       0.000  0.000  0.000     To: X       0.500  0.000  0.000   |
 |    From: X       0.500  0.000  0.000     To: M       0.500  0.500  0.000   |
 |                   Outer:   -5.00000  to    5.00000  (eV)                   |
 |                   Inner:   -1.00000  to    1.00000  (eV)                   |
    Final Spread (Ang^2)       Omega Total  =     1.500000000
 Total Execution Time           0.250 (sec)
 All done: wannier90 exiting
`;

const win = `num_wann = 1
fermi_energy = 0.5
begin projections
Ang
H:l=0
end projections
`;

const hr = ` written on  1Jan2024 at 10:00:00
           1
           3
    1    2    1
   -1    0    0    1    1   -1.000000    0.000000
    0    0    0    1    1    0.250000    0.000000
    1    0    0    1    1   -1.000000    0.000000
`;

// Five k-points (two per section and the closing M), one band; the first column is the path length.
const band = ` 0.0 -2.0\n 0.5 -1.0\n 1.0 0.0\n 1.5 1.0\n 2.0 2.0\n\n`;
const dos = ` -1.0 0.1\n 0.0 0.2\n 1.0 0.3\n`;

describe('the Wannier90 reader and archive', () => {
  const side = { win: readWin(win), hr: readHr(hr)!, band: readColumns(band), dos: readColumns(dos) };

  it('reads the model, structure, projections, hoppings, bands and DOS, in SI units', () => {
    const { run, workflow2, structure, warnings } = wannierArchive(readWout(wout), side);
    expect(warnings).toEqual([]);
    expect(at(run, 'program')).toEqual({ name: 'Wannier90', version: '3.1.0' });
    expect(structure.species).toEqual(['H']);
    expectClose(structure.lattice![0]![0], 2 * ANGSTROM);
    expect(at(run, 'method/0/tb/wannier')).toEqual({
      n_projected_orbitals: 1,
      n_bands: 2,
      is_maximally_localized: true,
      convergence_tolerance_max_localization: 1e-10,
      energy_window_outer: [-5, 5],
      energy_window_inner: [-1, 1],
    });
    expect(at(run, 'method/0/k_mesh/grid')).toEqual([2, 1, 1]);
    expect(at(run, 'method/0/k_mesh/points/1')).toEqual([0.5, 0, 0]);
    expect(at(run, 'method/0/atom_parameters/0/orbitals')).toEqual(['s']);
    expect(at(run, 'system/0/atoms_group/0/atom_indices')).toEqual([0]);
    expectClose(at(run, 'calculation/0/energy/fermi'), 0.5 * ELECTRON_VOLT);
    expect(at(run, 'calculation/0/hopping_matrix/0/n_wigner_seitz_points')).toBe(3);
    expect(at(run, 'calculation/0/hopping_matrix/0/value/1/0')).toEqual([0, 0, 0, 1, 1, 0.25, 0]);
    // G-X has two divisions; X-M is as long, so two as well, and M closes the path.
    expect(at(run, 'calculation/0/band_structure_electronic/0/segment/0/n_kpoints')).toBe(2);
    expect(at(run, 'calculation/0/band_structure_electronic/0/segment/1/kpoints')).toEqual([
      [0.5, 0, 0],
      [0.5, 0.25, 0],
      [0.5, 0.5, 0],
    ]);
    expectClose(
      at(run, 'calculation/0/band_structure_electronic/0/segment/1/energies/0/2/0'),
      2 * ELECTRON_VOLT,
    );
    expectClose(at(run, 'calculation/0/dos_electronic/0/total/0/value/2'), 0.3 / ELECTRON_VOLT);
    expect(at(workflow2, 'name')).toBe('SinglePoint');
  });

  it('warns when the run did not finish and refuses an output without sites', () => {
    const cut = wout.slice(0, wout.indexOf(' All done'));
    expect(wannierArchive(readWout(cut), side).warnings).toEqual([
      "the output has no 'All done: wannier90 exiting': the run did not finish",
    ]);
    const head = wout.slice(0, wout.indexOf(' *---'));
    expect(() => wannierArchive(readWout(head), side)).toThrow('before its sites');
  });

  it('names orbitals by Wannier90 (l, mr): p starts with pz', () => {
    expect(readWin('begin projections\nf=0,0,0:l=1,mr=1;l=2,mr=4\nend projections\n').projections).toEqual([
      { site: 'f=0,0,0', orbitals: ['pz', 'dx2-y2'] },
    ]);
  });
});

const data = `${nomadTestData('electronic-parsers', 'wannier90')}/`;

describe.skipIf(!existsSync(data))(
  "NOMAD's Wannier90 test data (skipped without /tmp/nomad-parser-tests)",
  () => {
    it('lco_mlwf: one dx2-y2 function of La2CuO4 with hoppings, bands and DOS', async () => {
      const result = await parseMainfile({
        absolutePath: `${data}lco_mlwf/lco.wout`,
        relativePath: 'lco_mlwf/lco.wout',
        uploadId: 'wannier90',
        parser: wannier90Parser,
      });
      expect(result.ok).toBe(true);
      const archive = result.archive;
      expect(at(archive, 'run/0/method/0/k_mesh/n_points')).toBe(343);
      expect(at(archive, 'run/0/system/0/atoms_group/0/atom_indices')).toEqual([2]);
      expect(at(archive, 'run/0/method/0/atom_parameters/0/orbitals')).toEqual(['dx2-y2']);
      expect(at(archive, 'run/0/calculation/0/hopping_matrix/0/n_wigner_seitz_points')).toBe(397);
      expect(at(archive, 'run/0/calculation/0/band_structure_electronic/0/segment/length')).toBe(4);
      expect(at(archive, 'run/0/calculation/0/dos_electronic/0/n_energies')).toBe(692);
      // The Fermi energy is the .win's fermi_energy.
      expectClose(at(archive, 'run/0/calculation/0/energy/fermi'), 11.375 * ELECTRON_VOLT);
    });
  },
);
