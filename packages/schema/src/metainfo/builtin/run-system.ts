import { bool, float, int, MATRIX3, section, str, sub, VECTOR3 } from '../define.ts';

/** run.system: the atomic structures a run computes, as parsers read them. Lengths in meter. */

/** NOMAD's Atoms: also the atoms of results.material.topology systems. */
export const atoms = section('Atoms', 'Species, positions and cell of a structure.', [
  int('n_atoms', 'Number of atoms.'),
  int('atomic_numbers', 'Atomic number of each atom.', { shape: ['n_atoms'] }),
  str('labels', 'Label (usually the chemical symbol) of each atom.', { shape: ['n_atoms'] }),
  int('species', 'Species index of each atom.', { shape: ['n_atoms'] }),
  float('positions', 'Cartesian position of each atom.', { shape: ['n_atoms', 3], unit: 'meter' }),
  float('velocities', 'Cartesian velocity of each atom.', { shape: ['n_atoms', 3], unit: 'meter / second' }),
  float('lattice_vectors', 'Lattice vectors of the cell, one per row.', { shape: MATRIX3, unit: 'meter' }),
  float('lattice_vectors_reciprocal', 'Reciprocal lattice vectors (including the factor 2π), one per row.', {
    shape: MATRIX3,
    unit: '1 / meter',
  }),
  bool('periodic', 'Whether the cell is periodic along each lattice vector.', { shape: VECTOR3 }),
  int('equivalent_atoms', 'Index of the symmetry-equivalent representative of each atom.', {
    shape: ['n_atoms'],
  }),
  str('wyckoff_letters', 'Wyckoff letter of each atom.', { shape: ['n_atoms'] }),
]);

export const system = section(
  'System',
  'One atomic structure of a run: the input, an optimisation step, a snapshot.',
  [
    str('name', 'Name of the structure.'),
    str('type', 'Structural class, e.g. bulk, surface, molecule / cluster.'),
    bool('is_representative', 'Whether this structure represents the entry (used for results.material).'),
    str('chemical_composition', 'Symbols of all atoms in their order.'),
    str('chemical_composition_hill', 'Formula in Hill order.'),
    str('chemical_composition_reduced', 'Formula with counts divided by their greatest common divisor.'),
    str('chemical_composition_anonymous', 'Formula with elements replaced by letters A, B, ... by count.'),
  ],
  [sub('atoms', atoms)],
);

export const runSystemSections = [system, atoms];
