import { bool, float, int, MATRIX3, reference, repeating, section, str, sub } from '../define.ts';
import {
  atomicCounts,
  bandEnergies,
  bandGap,
  bandStructure,
  dos,
  dosValues,
} from './run-calculation-bands.ts';
import { calculationPropertySubSections } from './run-calculation-properties.ts';
import { hoppingMatrix } from './run-method-tb.ts';

/** run.calculation: the outputs of one calculation (energies, forces, stress, eigenvalues, DOS, bands). */

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
  reference('starting_calculation_ref', 'The calculation this one starts from.', 'run.calculation'),
  int('n_references', 'Number of calculations referenced.'),
  reference('calculations_ref', 'Further calculations this one relates to.', 'run.calculation', {
    shape: ['n_references'],
  }),
  str('calculations_path', 'Archive paths of the calculations referenced.', { shape: ['n_references'] }),
  float('hessian_matrix', 'Second derivatives of the energy by the atomic positions.', {
    shape: ['number_of_atoms', 'number_of_atoms', 3, 3],
  }),
  float('spin_S2', 'Expectation value of S squared.'),
  float('virial_tensor', 'Virial tensor.', { shape: MATRIX3, unit: 'joule' }),
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
    ...calculationPropertySubSections,
    repeating('hopping_matrix', hoppingMatrix),
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
