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
import { thermodynamicsResults, workflowQuantities, workflowSubSections } from './workflow-base.ts';

/** workflow2 of a molecular-dynamics run: integrator, thermostat, barostat, free-energy settings. */

const PROFILES = ['constant', 'linear', 'exponential'] as const;
const updateWindow = [
  int('step_start', 'First step the settings apply to.'),
  int('step_end', 'Last step the settings apply to.'),
] as const;

const thermostatParameters = section('ThermostatParameters', 'Settings of the thermostat.', [
  enumeration('thermostat_type', 'Kind of thermostat.', [
    'andersen',
    'berendsen',
    'brownian',
    'langevin_goga',
    'langevin_leap_frog',
    'langevin_schneider',
    'nose_hoover',
    'velocity_rescaling',
    'velocity_rescaling_langevin',
    'velocity_rescaling_woodcock',
  ]),
  float('reference_temperature', 'Target temperature.', { unit: 'kelvin' }),
  float('coupling_constant', 'Relaxation time of the coupling to the heat bath.', { unit: 'second' }),
  float('effective_mass', 'Fictitious mass of the thermostat degree of freedom.', { unit: 'kilogram' }),
  enumeration('temperature_profile', 'How the target temperature changes during the run.', PROFILES),
  float('reference_temperature_start', 'Target temperature at the start.', { unit: 'kelvin' }),
  float('reference_temperature_end', 'Target temperature at the end.', { unit: 'kelvin' }),
  int('temperature_update_frequency', 'Every how many steps the target temperature changes.'),
  float('temperature_update_delta', 'Change of the target temperature per update.'),
  float('temperature_update_factor', 'Factor of the target temperature per update.'),
  ...updateWindow,
]);

const barostatParameters = section('BarostatParameters', 'Settings of the barostat.', [
  enumeration('barostat_type', 'Kind of barostat.', [
    'berendsen',
    'martyna_tuckerman_tobias_klein',
    'nose_hoover',
    'parrinello_rahman',
    'stochastic_cell_rescaling',
  ]),
  enumeration('coupling_type', 'How the cell is coupled to the pressure bath.', [
    'isotropic',
    'semi_isotropic',
    'anisotropic',
  ]),
  float('reference_pressure', 'Target pressure tensor.', { shape: MATRIX3, unit: 'pascal' }),
  float('coupling_constant', 'Relaxation time of each coupled component.', {
    shape: MATRIX3,
    unit: 'second',
  }),
  float('compressibility', 'Compressibility assumed for the coupling.', {
    shape: MATRIX3,
    unit: '1 / pascal',
  }),
  enumeration('pressure_profile', 'How the target pressure changes during the run.', PROFILES),
  float('reference_pressure_start', 'Target pressure at the start.', { shape: MATRIX3, unit: 'pascal' }),
  float('reference_pressure_end', 'Target pressure at the end.', { shape: MATRIX3, unit: 'pascal' }),
  int('pressure_update_frequency', 'Every how many steps the target pressure changes.'),
  float('pressure_update_delta', 'Change of the target pressure per update.'),
  float('pressure_update_factor', 'Factor of the target pressure per update.'),
  ...updateWindow,
]);

const shearParameters = section('ShearParameters', 'Settings of an imposed shear flow.', [
  enumeration('shear_type', 'Kind of boundary conditions for the shear.', [
    'lees_edwards',
    'trozzi_ciccotti',
    'ashurst_hoover',
  ]),
  float('shear_rate', 'Shear-rate tensor.', { shape: MATRIX3, unit: '1 / picosecond' }),
  ...updateWindow,
]);

const lambdas = section('Lambdas', 'One kind of coupling parameter of a free-energy calculation.', [
  enumeration('type', 'Interaction the parameter switches.', [
    'output',
    'coulomb',
    'vdw',
    'bonded',
    'restraint',
    'mass',
    'temperature',
  ]),
  // NOMAD declares a scalar here although the values are a schedule of lambdas.
  float('value', 'Values of the coupling parameter.'),
]);

const freeEnergyCalculationParameters = section(
  'FreeEnergyCalculationParameters',
  'Settings of an alchemical or umbrella-sampling free-energy calculation.',
  [
    enumeration('type', 'Kind of free-energy calculation.', ['alchemical', 'umbrella_sampling']),
    int('lambda_index', 'Index of the lambda state this run samples.'),
    // NOMAD declares a scalar here although the atoms are a list.
    int('atom_indices', 'Atoms whose interactions are switched.'),
    bool('initial_state_vdw', 'Whether van der Waals interactions are on in the initial state.'),
    bool('final_state_vdw', 'Whether van der Waals interactions are on in the final state.'),
    bool('initial_state_coloumb', 'Whether electrostatics are on in the initial state.'),
    bool('final_state_coloumb', 'Whether electrostatics are on in the final state.'),
    bool('initial_state_bonded', 'Whether bonded interactions are on in the initial state.'),
    bool('final_state_bonded', 'Whether bonded interactions are on in the final state.'),
  ],
  [repeating('lambdas', lambdas)],
);

const molecularDynamicsMethod = section(
  'MolecularDynamicsMethod',
  'Settings of a molecular-dynamics run.',
  [
    enumeration('thermodynamic_ensemble', 'Ensemble sampled.', ['NVE', 'NVT', 'NPT', 'NPH']),
    enumeration('integrator_type', 'Integrator of the equations of motion.', [
      'brownian',
      'conjugant_gradient',
      'langevin_goga',
      'langevin_leap_frog',
      'langevin_schneider',
      'leap_frog',
      'rRESPA_multitimescale',
      'velocity_verlet',
    ]),
    float('integration_timestep', 'Time step of the integrator.', { unit: 'second' }),
    int('n_steps', 'Number of steps requested.'),
    int('coordinate_save_frequency', 'Every how many steps positions are written.'),
    int('velocity_save_frequency', 'Every how many steps velocities are written.'),
    int('force_save_frequency', 'Every how many steps forces are written.'),
    int('thermodynamics_save_frequency', 'Every how many steps energies and other observables are written.'),
  ],
  [
    repeating('thermostat_parameters', thermostatParameters),
    repeating('barostat_parameters', barostatParameters),
    repeating('shear_parameters', shearParameters),
    repeating('free_energy_calculation_parameters', freeEnergyCalculationParameters),
  ],
);

// The magnitudes of the energies live in HDF5 datasets in NOMAD, which the definitions here do not cover.
const freeEnergyCalculations = section(
  'FreeEnergyCalculations',
  'Energies sampled along a free-energy calculation.',
  [
    enumeration('type', 'Whether the values are per atom or per molecule.', ['molecular', 'atomic']),
    str('label', 'Label of the values.'),
    str('error_type', 'How the errors were estimated.'),
    int('n_frames', 'Number of frames sampled.'),
    int('frames', 'Step of each frame.', { shape: ['n_frames'] }),
    float('times', 'Simulated time of each frame.', { shape: ['n_frames'], unit: 'second' }),
    float('value_magnitude', 'Value at each frame.', { shape: ['n_frames'] }),
    str('value_unit', 'Unit of the energy values.'),
    float('errors', 'Errors of the values.', { shape: ['*'] }),
    reference(
      'method_ref',
      'The settings of the calculation.',
      'workflow2.method.free_energy_calculation_parameters',
    ),
    int('lambda_index', 'Index of the lambda state sampled.'),
    int('n_states', 'Number of lambda states the energies are evaluated at.'),
  ],
);

const molecularDynamicsResults = section(
  'MolecularDynamicsResults',
  'Results of a molecular-dynamics run.',
  [
    ...thermodynamicsResults,
    bool('finished_normally', 'Whether the run ended normally.'),
    int('n_steps', 'Number of steps in the trajectory.'),
    reference('trajectory', 'The structure of each step.', 'run.system', { shape: ['n_steps'] }),
  ],
  [repeating('free_energy_calculations', freeEnergyCalculations)],
);

export const molecularDynamics = section(
  'MolecularDynamics',
  'A molecular-dynamics run: a trajectory integrated in time.',
  workflowQuantities,
  [sub('method', molecularDynamicsMethod), sub('results', molecularDynamicsResults), ...workflowSubSections],
);

export const molecularDynamicsSections = [
  molecularDynamics,
  molecularDynamicsMethod,
  thermostatParameters,
  barostatParameters,
  shearParameters,
  freeEnergyCalculationParameters,
  lambdas,
  molecularDynamicsResults,
  freeEnergyCalculations,
];
