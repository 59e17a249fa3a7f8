import { anyValue, enumeration, float, int, repeating, section, selfNesting, str, sub } from '../define.ts';

/** run.method.force_field: the classical force field of a molecular-dynamics or force-field run. */

const interactionQuantities = [
  str('type', 'Kind of interaction, e.g. bond, angle, dihedral, LJ.'),
  str('name', 'Name of the interaction.'),
  int('n_interactions', 'Number of interaction terms of this kind.'),
  int('n_atoms', 'Number of atoms each term involves.'),
  str('atom_labels', 'Labels of the atoms of each term.', { shape: ['n_interactions', 'n_atoms'] }),
  int('atom_indices', 'Indices of the atoms of each term.', { shape: ['n_interactions', 'n_atoms'] }),
  str('functional_form', 'Functional form of the potential.'),
  int('n_parameters', 'Number of parameters of the potential.'),
  anyValue('parameters', 'Parameters of the potential, as a JSON value.'),
] as const;

// NOMAD nests Interaction in itself; two levels are defined here.
export const interactionLevels = selfNesting(
  'Interaction',
  'One kind of interaction of the force field.',
  interactionQuantities,
  'contributions',
  2,
);

const model = section(
  'Model',
  'A named force-field model and its interactions.',
  [
    str('name', 'Name of the force field, e.g. OPLS-AA, CHARMM, ReaxFF.'),
    str('reference', 'Literature reference or source of the force field.'),
  ],
  [repeating('contributions', interactionLevels[0])],
);

const neighborSearching = section('NeighborSearching', 'How neighbour lists are built and updated.', [
  int('neighbor_update_frequency', 'Every how many steps the neighbour list is rebuilt.'),
  float('neighbor_update_cutoff', 'Cutoff radius of the neighbour list.', { unit: 'meter' }),
]);

const forceCalculations = section(
  'ForceCalculations',
  'How the forces are evaluated: cutoffs and the treatment of electrostatics.',
  [
    float('vdw_cutoff', 'Cutoff radius of the van der Waals interactions.', { unit: 'meter' }),
    enumeration('coulomb_type', 'Method for the electrostatic interactions.', [
      'cutoff',
      'ewald',
      'multilevel_summation',
      'particle_mesh_ewald',
      'particle_particle_particle_mesh',
      'reaction_field',
    ]),
    float('coulomb_cutoff', 'Cutoff radius of the real-space electrostatics.', { unit: 'meter' }),
  ],
  [sub('neighbor_searching', neighborSearching)],
);

export const forceField = section(
  'ForceField',
  'The force field of a run: its models and how forces are computed.',
  [],
  [repeating('model', model), sub('force_calculations', forceCalculations)],
);

export const forceFieldSections = [
  forceField,
  model,
  ...interactionLevels,
  forceCalculations,
  neighborSearching,
];
