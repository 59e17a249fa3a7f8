import { bool, enumeration, float, int, reference, section, str, sub } from '../define.ts';
import { taskReference } from './eln-base.ts';
import {
  calculationResults,
  link,
  task,
  workflow,
  workflowQuantities,
  workflowSubSections,
} from './workflow-base.ts';
import { elastic, phonon } from './workflow-phonon-elastic.ts';
import { dftPlusGw } from './workflow-gw.ts';
import { firstPrinciplesPlusTb } from './workflow-tb.ts';
import { molecularDynamics } from './workflow-md.ts';

/**
 * workflow2: how the calculations of an entry relate (a single point, a geometry optimisation, and the
 * kinds of workflow-md.ts, workflow-phonon-elastic.ts and workflow-gw.ts). The archive declares the kind
 * with `m_def`; the base definition only knows name, tasks, inputs and outputs.
 */

const singlePointMethod = section('SinglePointMethod', 'Method of a single-point calculation.', [
  str('method', 'Electronic-structure method, e.g. DFT.'),
]);

const singlePointResults = section('SinglePointResults', 'Results of a single-point calculation.', [
  int('n_scf_steps', 'Number of SCF steps done.'),
  float('final_scf_energy_difference', 'Energy change in the last SCF step.', { unit: 'joule' }),
  bool('is_converged', 'Whether the SCF cycle converged.'),
  int('n_data', 'Number of data items (DOS, band structures, ...) referenced.'),
  reference('dos', 'The densities of states computed.', 'run.calculation.dos_electronic', {
    shape: ['n_data'],
  }),
  reference('band_structure', 'The band structures computed.', 'run.calculation.band_structure_electronic', {
    shape: ['n_data'],
  }),
  reference('eigenvalues', 'The eigenvalues computed.', 'run.calculation.eigenvalues', { shape: ['n_data'] }),
  ...calculationResults,
]);

const singlePoint = section('SinglePoint', 'A single calculation of one structure.', workflowQuantities, [
  sub('method', singlePointMethod),
  sub('results', singlePointResults),
  ...workflowSubSections,
]);

const geometryOptimizationMethod = section(
  'GeometryOptimizationMethod',
  'Settings of a geometry optimisation.',
  [
    enumeration('type', 'Degrees of freedom that are optimised.', [
      'static',
      'atomic',
      'cell_shape',
      'cell_volume',
    ]),
    str('method', 'Optimisation algorithm, e.g. conjugate gradient, quasi-Newton.'),
    float('convergence_tolerance_energy_difference', 'Energy change below which the optimisation stops.', {
      unit: 'joule',
    }),
    float('convergence_tolerance_force_maximum', 'Largest force below which the optimisation stops.', {
      unit: 'newton',
    }),
    float('convergence_tolerance_stress_maximum', 'Largest stress below which the optimisation stops.', {
      unit: 'pascal',
    }),
    float('convergence_tolerance_displacement_maximum', 'Largest displacement below which it stops.', {
      unit: 'meter',
    }),
    int('optimization_steps_maximum', 'Maximum number of optimisation steps.'),
    int('save_frequency', 'Every how many steps a structure is stored.'),
  ],
);

const geometryOptimizationResults = section(
  'GeometryOptimizationResults',
  'Results of a geometry optimisation.',
  [
    int('optimization_steps', 'Number of optimisation steps.'),
    float('energies', 'Total energy at each step.', { shape: ['optimization_steps'], unit: 'joule' }),
    int('steps', 'Index of the calculation of each step.', { shape: ['optimization_steps'] }),
    float('final_energy_difference', 'Energy change in the last step.', { unit: 'joule' }),
    float('final_force_maximum', 'Largest force on an atom at the end.', { unit: 'newton' }),
    float('final_displacement_maximum', 'Largest atomic displacement in the last step.', { unit: 'meter' }),
    bool('is_converged_geometry', 'Whether the optimisation met its tolerances.'),
    ...calculationResults,
  ],
);

const geometryOptimization = section(
  'GeometryOptimization',
  'An optimisation of atomic positions and/or the cell towards minimal energy.',
  workflowQuantities,
  [
    sub('method', geometryOptimizationMethod),
    sub('results', geometryOptimizationResults),
    ...workflowSubSections,
  ],
);

/**
 * The kinds of workflow2 by the `m_def` that declares them: NOMAD's qualified name (plugin module and
 * class). The short form 'simulationworkflowschema.GeometryOptimization' is accepted too (variantOf).
 */
export const workflowVariants = {
  'simulationworkflowschema.single_point.SinglePoint': singlePoint,
  'simulationworkflowschema.geometry_optimization.GeometryOptimization': geometryOptimization,
  'simulationworkflowschema.molecular_dynamics.MolecularDynamics': molecularDynamics,
  'simulationworkflowschema.phonon.Phonon': phonon,
  'simulationworkflowschema.elastic.Elastic': elastic,
  'simulationworkflowschema.gw.DFTPlusGW': dftPlusGw,
  'simulationworkflowschema.tb.FirstPrinciplesPlusTB': firstPrinciplesPlusTb,
} as const;

export const workflowSections = [workflow, task, link, taskReference];
export const singlePointSections = [singlePoint, singlePointMethod, singlePointResults];
export const geometryOptimizationSections = [
  geometryOptimization,
  geometryOptimizationMethod,
  geometryOptimizationResults,
];
