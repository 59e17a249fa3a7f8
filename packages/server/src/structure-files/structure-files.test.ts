import { describe, expect, it } from 'vitest';
import { systemAtoms, type Atoms } from './atoms.ts';
import { writePdb } from './pdb-write.ts';
import { writeStructureFile } from './write.ts';

const A = 1e-10;

describe('systemAtoms', () => {
  const archive = {
    run: [
      {
        system: [
          {
            atoms: {
              species: [8, 1, 1],
              positions: [
                [0, 0, 0],
                [A, 0, 0],
                [0, A, 0],
              ],
            },
          },
        ],
      },
    ],
    results: {
      material: {
        topology: [
          { system_id: 'results/material/topology/0', atoms_ref: '#/run/0/system/0/atoms' },
          {
            system_id: 'results/material/topology/1',
            parent_system: 'results/material/topology/0',
            indices: [[1, 2]],
          },
          {
            system_id: 'results/material/topology/2',
            parent_system: 'results/material/topology/2',
            indices: [[0]],
          },
          { system_id: 'results/material/topology/3', label: 'no atoms' },
        ],
      },
    },
  };

  it('follows atoms_ref, reads atomic numbers and takes a part from its parent by index', () => {
    const whole = systemAtoms(archive, 'results/material/topology/0') as Atoms;
    expect(whole.species).toEqual(['O', 'H', 'H']);
    expect(whole.positions[1]).toEqual([1, 0, 0]);
    expect(whole.lattice).toBeNull();
    const part = systemAtoms(archive, 'results/material/topology/1') as Atoms;
    expect(part.species).toEqual(['H', 'H']);
    expect(systemAtoms(archive, 'run/0/system/-1')).toEqual(whole);
  });

  it('tells missing systems from systems without atoms and stops at cycles', () => {
    expect(systemAtoms(archive, 'results/material/topology/9')).toBe('missing');
    expect(systemAtoms(archive, 'results/material/topology/__proto__')).toBe('missing');
    expect(systemAtoms(archive, 'results/material/topology/3')).toBe('no-atoms');
    expect(systemAtoms(archive, 'results/material/topology/2')).toBe('no-atoms');
  });
});

/** A monoclinic cell turned away from the standard orientation (a along y). */
const turned: Atoms = {
  species: ['Si', 'O'],
  positions: [
    [0, 0, 0],
    [1, 2, 1.5],
  ],
  lattice: [
    [0, 4, 0],
    [-5, 0, 0],
    [1, 0, 6],
  ],
  periodic: [true, true, true],
};

describe('writePdb', () => {
  it('states the cell in CRYST1 and turns positions into its standard orientation', () => {
    const lines = writePdb(turned).split('\n');
    expect(lines[0]).toMatch(
      /^CRYST1 {4}4\.000 {4}5\.000 {4}6\.083 {2}99\.46 {2}90\.00 {2}90\.00 P 1 {11}1$/,
    );
    const [, second] = lines.filter((l) => l.startsWith('HETATM'));
    expect(second).toHaveLength(78);
    // Columns 31-54: x, y, z. The O at fractional (0.5, 0.2, 0.25) of the standard cell.
    const xyz = [30, 38, 46].map((start) => Number(second!.slice(start, start + 8)));
    expect(xyz[0]).toBeCloseTo(2, 3);
    expect(Math.hypot(...xyz)).toBeCloseTo(Math.hypot(1, 2, 1.5), 3);
    expect(second!.slice(76, 78)).toBe(' O');
    expect(lines.at(-2)).toBe('END');
  });

  it('writes molecules without CRYST1', () => {
    const text = writePdb({ ...turned, lattice: null, periodic: [false, false, false] });
    expect(text.startsWith('HETATM    1 Si')).toBe(true);
  });
});

describe('writeStructureFile', () => {
  it('names the file by the Hill formula and refuses a CIF without a cell', () => {
    expect(writeStructureFile(turned, 'xyz').fileName).toBe('OSi.xyz');
    expect(() =>
      writeStructureFile({ ...turned, lattice: null, periodic: [false, false, false] }, 'cif'),
    ).toThrow('A CIF file needs a unit cell, and this system has none.');
  });
});
