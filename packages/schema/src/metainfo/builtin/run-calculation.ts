import {
  bool,
  enumeration,
  float,
  int,
  MATRIX3,
  reference,
  repeating,
  section,
  str,
  sub,
} from '../define.ts';

/** run.calculation: the outputs of one calculation (energies, forces, stress, eigenvalues, DOS, bands). */

const atomicCounts = [
  str('kind', 'Kind of the contribution, as the code names it.'),
  int('n_orbitals', 'Number of orbitals the value is resolved for.'),
  int('n_atoms', 'Number of atoms the value is resolved for.'),
  int('n_spin_channels', 'Number of spin channels the value is resolved for.'),
];

const energyEntry = section('EnergyEntry', 'One energy term: its value and optional decompositions.', [
  float('value', 'Value of the energy term.', { unit: 'joule' }),
  float('value_per_atom', 'Value divided by the number of atoms.', { unit: 'joule' }),
  float('values_per_atom', 'Contribution of each atom.', { shape: ['n_atoms'], unit: 'joule' }),
  float('reference', 'Reference the value is measured from.', { unit: 'joule' }),
  float('potential', 'Potential-energy part.', { unit: 'joule' }),
  float('kinetic', 'Kinetic-energy part.', { unit: 'joule' }),
  float('correction', 'Correction included in the value.', { unit: 'joule' }),
  float('short_range', 'Short-range part.', { unit: 'joule' }),
  float('long_range', 'Long-range part.', { unit: 'joule' }),
  ...atomicCounts,
]);

/** The single energy terms of NOMAD's Energy section; `contributions` and `types` repeat. */
const ENERGY_TERMS = [
  'total',
  'current',
  'zero_point',
  'kinetic_electronic',
  'electronic',
  'correlation',
  'exchange',
  'xc',
  'xc_potential',
  'electrostatic',
  'nuclear_repulsion',
  'coulomb',
  'madelung',
  'ewald',
  'free',
  'sum_eigenvalues',
  'total_t0',
  'van_der_waals',
  'hartree_fock_x_scaled',
  'double_counting',
  'correction_entropy',
  'correction_hartree',
  'correction_xc',
  'kinetic',
  'potential',
  'pressure_volume_work',
] as const;

const energy = section(
  'Energy',
  'Energies of a calculation. total is the total energy, free the free energy (with smearing entropy), total_t0 the total energy extrapolated to zero smearing.',
  [
    float('fermi', 'Fermi energy.', { unit: 'joule' }),
    float('highest_occupied', 'Energy of the highest occupied state.', { unit: 'joule' }),
    float('lowest_unoccupied', 'Energy of the lowest unoccupied state.', { unit: 'joule' }),
    float('enthalpy', 'Enthalpy.', { unit: 'joule' }),
    float('entropy', 'Entropy.', { unit: 'joule / kelvin' }),
    float('chemical_potential', 'Chemical potential.', { unit: 'joule' }),
    float('internal', 'Internal energy.', { unit: 'joule' }),
    float('change', 'Change of the energy with respect to the previous step.', { unit: 'joule' }),
  ],
  [
    ...ENERGY_TERMS.map((name) => sub(name, energyEntry)),
    repeating('contributions', energyEntry),
    repeating('types', energyEntry),
  ],
);

const forcesEntry = section('ForcesEntry', 'Forces on the atoms.', [
  float('value', 'Force on each atom, with constraints applied.', { shape: ['n_atoms', 3], unit: 'newton' }),
  float('value_raw', 'Force on each atom before constraints are applied.', {
    shape: ['n_atoms', 3],
    unit: 'newton',
  }),
  ...atomicCounts,
]);

const forces = section(
  'Forces',
  'Forces on the atoms of a calculation.',
  [],
  [
    sub('total', forcesEntry),
    sub('free', forcesEntry),
    sub('t0', forcesEntry),
    repeating('contributions', forcesEntry),
    repeating('types', forcesEntry),
  ],
);

// NOMAD gives stress in J/m³ (= Pa) here, while Calculation.pressure says pascal; same SI quantity.
const stressEntry = section('StressEntry', 'A stress tensor.', [
  float('value', 'Stress tensor.', { shape: MATRIX3, unit: 'joule / meter ** 3' }),
  float('values_per_atom', 'Stress tensor contribution of each atom.', {
    shape: ['number_of_atoms', 3, 3],
    unit: 'joule / meter ** 3',
  }),
  ...atomicCounts,
]);

const stress = section(
  'Stress',
  'Stress of a calculation.',
  [],
  [sub('total', stressEntry), repeating('contributions', stressEntry), repeating('types', stressEntry)],
);

// Band gaps found by the normalisers, per spin channel; not indexed (results holds the searchable copy).
const bandGap = section('BandGapDeprecated', 'Band gap of one spin channel.', [
  int('index', 'Spin channel of the band gap.'),
  float('value', 'Size of the band gap; zero for metals.', { unit: 'joule' }),
  enumeration('type', 'Whether the band gap is direct or indirect.', ['direct', 'indirect']),
  float('energy_highest_occupied', 'Energy of the highest occupied state.', { unit: 'joule' }),
  float('energy_lowest_unoccupied', 'Energy of the lowest unoccupied state.', { unit: 'joule' }),
]);

const BANDS = ['n_spin_channels', 'n_kpoints', 'n_bands'] as const;

const bandEnergies = section(
  'BandEnergies',
  'Eigenvalues and occupations on a set of k-points (a mesh or one band-structure segment).',
  [
    int('n_spin_channels', 'Number of spin channels.'),
    int('n_bands', 'Number of bands.'),
    int('n_kpoints', 'Number of k-points.'),
    float('kpoints', 'k-points in fractional coordinates of the reciprocal cell.', {
      shape: ['n_kpoints', 3],
    }),
    float('kpoints_weights', 'Weight of each k-point.', { shape: ['n_kpoints'] }),
    float('kpoints_multiplicities', 'Multiplicity of each k-point.', { shape: ['n_kpoints'] }),
    str('endpoints_labels', 'Labels of the first and last k-point of a segment.', { shape: [2] }),
    str('orbital_labels', 'Label of each band, where bands are orbitals.', { shape: ['n_bands'] }),
    float('energies', 'Eigenvalues per spin, k-point and band.', { shape: BANDS, unit: 'joule' }),
    float('occupations', 'Occupation per spin, k-point and band.', { shape: BANDS }),
  ],
  [repeating('band_gap', bandGap)],
);

const dosValues = section('DosValues', 'Density-of-states values (total or projected) on the energy grid.', [
  float('value', 'Density of states at each energy.', { shape: ['n_energies'], unit: '1 / joule' }),
  float('value_integrated', 'Number of states up to each energy.', { shape: ['n_energies'] }),
  float('normalization_factor', 'Factor that normalises the values per atom and cell.'),
  int('spin', 'Spin channel of the values.'),
  str('atom_label', 'Label of the atom the values are projected on.'),
  int('atom_index', 'Index of the atom the values are projected on.'),
  str('orbital', 'Orbital the values are projected on.'),
  str('m_kind', 'Kind of the magnetic quantum number labels.'),
  int('lm', 'Angular momentum and magnetic quantum numbers of the projection.', { shape: [2] }),
]);

const dos = section(
  'Dos',
  'Density of states of one spin channel on an energy grid.',
  [
    int('n_energies', 'Number of energies in the grid.'),
    float('energies', 'Energy grid.', { shape: ['n_energies'], unit: 'joule' }),
    float('energy_fermi', 'Fermi energy.', { unit: 'joule' }),
    float('energy_ref', 'Reference energy of the grid.', { unit: 'joule' }),
    int('spin_channel', 'Spin channel of this DOS.'),
    ...atomicCounts,
  ],
  [
    repeating('total', dosValues),
    repeating('species_projected', dosValues),
    repeating('atom_projected', dosValues),
    repeating('orbital_projected', dosValues),
    repeating('band_gap', bandGap),
  ],
);

const bandStructure = section(
  'BandStructure',
  'Band structure along a path through the Brillouin zone, as segments between high-symmetry points.',
  [
    str('path_standard', 'Convention of the k-point path, e.g. setyawan_curtarolo.'),
    float('reciprocal_cell', 'Reciprocal cell the k-points refer to, including 2π.', {
      shape: MATRIX3,
      unit: '1 / meter',
    }),
    float('energy_fermi', 'Fermi energy.', { unit: 'joule' }),
  ],
  [repeating('segment', bandEnergies), repeating('band_gap', bandGap)],
);

const baseCalculation = [
  reference('system_ref', 'The structure this calculation is done for.', 'run.system'),
  reference('method_ref', 'The method this calculation uses.', 'run.method'),
  bool('calculation_converged', 'Whether the calculation converged.'),
  float('time_calculation', 'CPU time of the calculation.', { unit: 'second' }),
  float('time_physical', 'Wall-clock time at the end of the calculation.', { unit: 'second' }),
  float('volume', 'Volume of the cell.', { unit: 'meter ** 3' }),
  float('density', 'Mass density.', { unit: 'kilogram / meter ** 3' }),
  float('pressure', 'Pressure.', { unit: 'pascal' }),
  float('pressure_tensor', 'Pressure tensor.', { shape: MATRIX3, unit: 'pascal' }),
  float('enthalpy', 'Enthalpy.', { unit: 'joule' }),
  float('temperature', 'Temperature.', { unit: 'kelvin' }),
  int('step', 'Step number in a trajectory.'),
  float('time', 'Elapsed simulated time.', { unit: 'second' }),
] as const;

const scfIteration = section(
  'ScfIteration',
  'One iteration of the self-consistent field cycle.',
  baseCalculation,
  [sub('energy', energy)],
);

export const calculation = section(
  'Calculation',
  'The results of one calculation of a run.',
  [int('n_scf_iterations', 'Number of SCF iterations done.'), ...baseCalculation],
  [
    repeating('scf_iteration', scfIteration),
    sub('energy', energy),
    sub('forces', forces),
    sub('stress', stress),
    repeating('eigenvalues', bandEnergies),
    repeating('dos_electronic', dos),
    repeating('band_structure_electronic', bandStructure),
    // Phonons use NOMAD's same DOS and band structure sections (energies of the vibrational modes).
    repeating('dos_phonon', dos),
    repeating('band_structure_phonon', bandStructure),
  ],
);

export const runCalculationSections = [
  calculation,
  scfIteration,
  energy,
  energyEntry,
  forces,
  forcesEntry,
  stress,
  stressEntry,
  bandEnergies,
  dos,
  dosValues,
  bandStructure,
  bandGap,
];
