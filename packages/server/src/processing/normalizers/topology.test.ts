import type { Mat3, Vec3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../structure.ts';
import { materialNormalizer } from './material-normalizer.ts';
import type { Section } from './normalizer.ts';

const A = 1e-10;

/** Rock salt in its conventional cell (8 atoms), written out here. */
function rockSalt(a: number): Structure {
  const lattice: Mat3 = [
    [a * A, 0, 0],
    [0, a * A, 0],
    [0, 0, a * A],
  ];
  const fcc: Vec3[] = [
    [0, 0, 0],
    [0, 0.5, 0.5],
    [0.5, 0, 0.5],
    [0.5, 0.5, 0],
  ];
  const species = [...fcc.map(() => 'Na'), ...fcc.map(() => 'Cl')];
  const fractional = [...fcc, ...fcc.map((f) => f.map((x) => (x + 0.5) % 1) as Vec3)];
  const positions = fractional.map((f) => f.map((x) => x * a * A) as Vec3);
  return { species, positions, lattice, periodic: [true, true, true] };
}

async function topology(structure: Structure, run?: Section[]): Promise<Record<string, unknown>[]> {
  const archive = { results: {} as Section, ...(run ? { run } : {}) };
  await materialNormalizer.normalize({ archive, structure, log: () => undefined });
  const material = archive.results.material as { topology: Record<string, unknown>[] };
  return material.topology;
}

describe('results.material.topology', () => {
  it('lists the original system and its conventional cell for a bulk crystal', async () => {
    const [original, conventional, ...rest] = await topology(rockSalt(5.64));
    expect(rest).toEqual([]);
    expect(original).toMatchObject({
      system_id: 'results/material/topology/0',
      label: 'original',
      method: 'parser',
      structural_type: 'bulk',
      system_relation: { type: 'root' },
      n_atoms: 8,
      elements: ['Cl', 'Na'],
      chemical_formula_hill: 'Cl4Na4',
      chemical_formula_reduced: 'ClNa',
      chemical_formula_anonymous: 'AB',
      child_systems: ['results/material/topology/1'],
    });
    // Without a run (a CIF), the system holds its atoms, as NOMAD's Atoms.
    const atoms = original!.atoms as Record<string, unknown>;
    expect(atoms).toMatchObject({ n_atoms: 8, periodic: [true, true, true] });
    expect(atoms.labels).toEqual(['Na', 'Na', 'Na', 'Na', 'Cl', 'Cl', 'Cl', 'Cl']);
    expect((atoms.species as number[]).slice(0, 1)).toEqual([11]);
    expect(original).not.toHaveProperty('atoms_ref');
    const cell = original!.cell as Record<string, number>;
    expect(cell.a).toBeCloseTo(5.64e-10, 20);
    expect(cell.alpha).toBeCloseTo(Math.PI / 2, 12);
    expect(cell.volume).toBeCloseTo(5.64 ** 3 * 1e-30, 40);
    expect(conventional).toMatchObject({
      system_id: 'results/material/topology/1',
      label: 'conventional cell',
      parent_system: 'results/material/topology/0',
      system_relation: { type: 'conventional_cell' },
      atoms: { n_atoms: 8 },
      n_atoms: 8,
      symmetry: { space_group_number: 225, crystal_system: 'cubic', bravais_lattice: 'cF' },
    });
  });

  it('points the original system at the run system it comes from', async () => {
    const salt = rockSalt(5.64);
    const other = { atoms: { positions: salt.positions.map(([x, y, z]) => [x + 1e-10, y, z]) } };
    const systems = await topology(salt, [{ system: [{ atoms: { positions: salt.positions } }, other] }]);
    expect(systems[0]).toMatchObject({ atoms_ref: '/run/0/system/0/atoms' });
    expect(systems[0]).not.toHaveProperty('atoms');
  });

  it('has only the original system for a molecule, without a cell', async () => {
    const water: Structure = {
      species: ['O', 'H', 'H'],
      positions: [
        [0, 0, 0],
        [0.96 * A, 0, 0],
        [-0.24 * A, 0.93 * A, 0],
      ],
      lattice: null,
      periodic: [false, false, false],
    };
    const systems = await topology(water);
    expect(systems).toHaveLength(1);
    expect(systems[0]).toMatchObject({
      label: 'original',
      n_atoms: 3,
      structural_type: 'molecule / cluster',
    });
    expect(systems[0]).not.toHaveProperty('cell');
    expect(systems[0]).not.toHaveProperty('child_systems');
  });
});
