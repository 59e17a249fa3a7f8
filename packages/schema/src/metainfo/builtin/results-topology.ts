import { ELEMENT_SYMBOLS } from '@oasis/chem';
import {
  bool,
  enumeration,
  float,
  int,
  LIST,
  MATRIX3,
  reference,
  repeating,
  section,
  str,
  sub,
  SUGGESTED,
  VECTOR3,
} from '../define.ts';
import { classificationQuantities } from './results-classification.ts';
import { elementalComposition } from './results-elemental-composition.ts';
import {
  BRAVAIS_LATTICES,
  CRYSTAL_SYSTEMS,
  STRUCTURE_NAMES,
  SYSTEM_STRUCTURAL_TYPES,
} from './results-material-values.ts';
import { wyckoffSet } from './results-structure.ts';
import { atoms } from './run-system.ts';

/**
 * results.material.topology: the material split into systems (the whole, conventional and primitive
 * cells, molecules, building units of frameworks) that refer to each other by system_id.
 */

const relation = section('Relation', 'How a system relates to its parent.', [
  enumeration(
    'type',
    'Kind of relation to the parent system.',
    ['root', 'subsystem', 'group', 'primitive_cell', 'conventional_cell'],
    SUGGESTED,
  ),
]);

const cell = section('Cell', 'Lengths of and angles between the cell vectors, and cell densities.', [
  float('a', 'Length of the first cell vector.', { unit: 'meter', search: true }),
  float('b', 'Length of the second cell vector.', { unit: 'meter', search: true }),
  float('c', 'Length of the third cell vector.', { unit: 'meter', search: true }),
  float('alpha', 'Angle between the second and third cell vectors.', { unit: 'radian', search: true }),
  float('beta', 'Angle between the first and third cell vectors.', { unit: 'radian', search: true }),
  float('gamma', 'Angle between the first and second cell vectors.', { unit: 'radian', search: true }),
  float('volume', 'Volume of the cell.', { unit: 'meter ** 3', search: true }),
  float('atomic_density', 'Number of atoms per volume.', { unit: '1 / meter ** 3', search: true }),
  float('mass_density', 'Mass per volume.', { unit: 'kilogram / meter ** 3', search: true }),
]);

const systemSymmetry = section(
  'SymmetryNew',
  'Symmetry of one system, with the transformation to its standard setting.',
  [
    enumeration(
      'bravais_lattice',
      'Bravais lattice in Pearson notation (crystal family and centring).',
      BRAVAIS_LATTICES,
      SUGGESTED,
    ),
    enumeration('crystal_system', 'Crystal system.', CRYSTAL_SYSTEMS, SUGGESTED),
    int('hall_number', 'Hall number (1-530) identifying the space-group setting.', { search: true }),
    str('hall_symbol', 'Hall symbol of the space-group setting.', SUGGESTED),
    str('point_group', 'Point group in Hermann-Mauguin notation.', SUGGESTED),
    int('space_group_number', 'International space-group number (1-230).', { search: true }),
    str('space_group_symbol', 'International short symbol of the space group.', SUGGESTED),
    str('choice', 'Setting choice of the space group (origin or axes).'),
    str(
      'strukturbericht_designation',
      'Strukturbericht designation of the structure type, e.g. B1.',
      SUGGESTED,
    ),
    str('symmetry_method', 'Tool or method that determined the symmetry.'),
    float('origin_shift', 'Shift of the origin to the standard setting.', { shape: VECTOR3 }),
    float('transformation_matrix', 'Transformation of the cell to the standard setting.', {
      shape: MATRIX3,
    }),
    bool('symmorphic', 'Whether the space group is symmorphic.'),
    str('prototype_label_aflow', 'AFLOW label of the structure prototype.', SUGGESTED),
    enumeration('prototype_name', 'Common name of the structure prototype.', STRUCTURE_NAMES, SUGGESTED),
  ],
  [repeating('wyckoff_sets', wyckoffSet)],
);

const coordination = section('Coordination', 'Coordination of one metal in a framework.', [
  enumeration('element', 'Chemical symbol of the metal.', ELEMENT_SYMBOLS),
  int('coordination_number', 'Number of atoms bonded to the metal.'),
]);

/** The orbitals a core-hole system excites, by quantum numbers. */
const activeOrbitals = section('CoreHole', 'Orbital with a core hole and its occupation.', [
  int('n_quantum_number', 'Principal quantum number n.', { search: true }),
  float('j_quantum_number', 'Total angular momentum quantum number(s) j.', {
    shape: ['1..2'],
    search: true,
  }),
  float('mj_quantum_number', 'Projections mj of the total angular momentum.', { shape: LIST, search: true }),
  float('occupation', 'Number of electrons left in the orbital.', { search: true }),
  float('n_electrons_excited', 'Number of electrons excited out of the orbital.', { search: true }),
  int('degeneracy', 'Degeneracy of the orbital.', { search: true }),
  str('l_quantum_symbol', 'Azimuthal quantum number as a letter (s, p, d, f).', { search: true }),
  str('ml_quantum_symbol', 'Magnetic quantum number as a symbol.', { search: true }),
  str('ms_quantum_symbol', 'Spin quantum number as a symbol.', { search: true }),
  enumeration('dscf_state', 'Whether this is the initial or the final state of a ΔSCF calculation.', [
    'initial',
    'final',
  ]),
  int('l_quantum_number', 'Azimuthal quantum number l.'),
  int('ml_quantum_number', 'Magnetic quantum number ml.'),
  bool('ms_quantum_bool', 'Spin quantum number ms as up (true) or down (false).'),
]);

export const topologySystem = section(
  'System',
  'One system of the topology: the whole material, one of its cells or one of its parts.',
  [
    str('system_id', 'Identifier of the system within the entry.', { search: true }),
    str('label', 'Short label of the system.', SUGGESTED),
    enumeration('method', 'How the system was found.', ['parser', 'user', 'matid', 'porosity'], SUGGESTED),
    str('description', 'What the system is.', { search: true }),
    ...classificationQuantities(SYSTEM_STRUCTURAL_TYPES),
    str('parent_system', 'system_id of the system this one is part of.', { search: true }),
    str('child_systems', 'system_ids of the parts of this system.', { shape: LIST, search: true }),
    float('atomic_fraction', 'Share of the atoms of the whole that belong to this system.', {
      search: true,
    }),
    float('mass_fraction', 'Share of the mass of the whole that belongs to this system.', {
      search: true,
    }),
    int('n_atoms', 'Number of atoms in the system.', { search: true }),
    int('indices', 'Indices of the atoms of each instance of the system in the whole structure.', {
      shape: ['*', '*'],
    }),
    reference(
      'atoms_ref',
      'The atoms of the system where the archive holds them (a run system).',
      'run.system.atoms',
    ),
    str('sbu_type', 'Kind of secondary building unit of a framework.', SUGGESTED),
    float('largest_cavity_diameter', 'Diameter of the largest sphere that fits into a pore.', {
      unit: 'meter',
      search: true,
    }),
    float('pore_limiting_diameter', 'Diameter of the largest sphere that can pass through the pores.', {
      unit: 'meter',
      search: true,
    }),
    float(
      'largest_included_sphere_along_free_sphere_path',
      'Diameter of the largest sphere that fits anywhere along the path of the free sphere.',
      { unit: 'meter', search: true },
    ),
    float('accessible_surface_area', 'Pore surface a probe molecule can reach.', {
      unit: 'meter ** 2',
      search: true,
    }),
    float('accessible_volume', 'Pore volume a probe molecule can reach.', {
      unit: 'meter ** 3',
      search: true,
    }),
    float('void_fraction', 'Share of the volume that is empty.', { search: true }),
    int('n_channels', 'Number of channels through the framework.', { search: true }),
    int('sbu_coordination_number', 'Number of linkers bonded to a secondary building unit.', {
      search: true,
    }),
  ],
  [
    repeating('elemental_composition', elementalComposition),
    sub('system_relation', relation),
    sub('atoms', atoms),
    sub('cell', cell),
    sub('symmetry', systemSymmetry),
    repeating('metal_coordination', coordination),
    sub('active_orbitals', activeOrbitals),
  ],
);

export const topologySections = [
  topologySystem,
  relation,
  cell,
  systemSymmetry,
  coordination,
  activeOrbitals,
];
