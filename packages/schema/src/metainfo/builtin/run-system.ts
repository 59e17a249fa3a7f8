import {
  anyValue,
  bool,
  float,
  int,
  MATRIX3,
  reference,
  repeating,
  section,
  selfNesting,
  str,
  sub,
  VECTOR3,
} from '../define.ts';

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
  float('concentrations', 'Occupation of each site, for partially occupied sites.', { shape: ['n_atoms'] }),
  float('local_rotations', 'Rotation into the local frame of each atom.', { shape: ['n_atoms', 3, 3] }),
  int('supercell_matrix', 'Matrix that builds this cell from the primitive one.', { shape: MATRIX3 }),
  bool('symmorphic', 'Whether the space group is symmorphic.'),
  int('bond_list', 'Pairs of indices of bonded atoms.', { shape: ['*', 2] }),
]);

const atomsGroupQuantities = [
  str('label', 'Label of the group, e.g. a molecule or residue name.'),
  str('type', 'Kind of group, e.g. molecule_group, molecule, monomer.'),
  int('index', 'Index of the group among its siblings.'),
  str('composition_formula', 'Formula of the group in terms of its sub-groups or atoms.'),
  int('n_atoms', 'Number of atoms in the group.'),
  int('atom_indices', 'Indices of the atoms of the group in the system.', { shape: ['n_atoms'] }),
  bool('is_molecule', 'Whether the group is one molecule.'),
  int('bond_list', 'Pairs of indices of bonded atoms.', { shape: ['*', 2] }),
] as const;

// NOMAD nests AtomsGroup in itself: four levels, as deep as the topologies of MD codes go (molecule groups,
// molecules, monomer groups, monomers).
const atomsGroupLevels = selfNesting(
  'AtomsGroup',
  'A group of atoms of a system.',
  atomsGroupQuantities,
  'atoms_group',
  4,
);

// NOMAD's Constraint: force-field codes (DL_POLY) write fixed bond lengths and rigid bodies here.
const constraint = section('Constraint', 'A kind of constraint on atoms of the system.', [
  str('kind', 'Kind of the constraint, e.g. fixed bond length, static atoms.'),
  int('n_constraints', 'Number of constraints of this kind.'),
  int('n_atoms', 'Number of atoms each constraint involves.'),
  int('atom_indices', 'Indices of the atoms of each constraint.', { shape: ['n_constraints', 'n_atoms'] }),
  anyValue('parameters', 'Parameters of the constraint, e.g. the fixed bond length.'),
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
    str('configuration_raw_gid', 'Identifier of the configuration, computed from its atoms and cell.'),
    int('n_references', 'Number of systems referenced.'),
    reference(
      'sub_system_ref',
      'A part of this system, e.g. the primitive cell of a supercell.',
      'run.system',
    ),
    reference('systems_ref', 'Further systems this one relates to.', 'run.system', {
      shape: ['n_references'],
    }),
  ],
  [sub('atoms', atoms), repeating('atoms_group', atomsGroupLevels[0]), repeating('constraint', constraint)],
);

export const runSystemSections = [system, atoms, ...atomsGroupLevels, constraint];
