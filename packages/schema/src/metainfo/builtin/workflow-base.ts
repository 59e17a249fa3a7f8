import { float, int, reference, repeating, section, str } from '../define.ts';

/** workflow2: the base workflow (tasks, inputs, outputs) that every kind of workflow extends. */

export const link = section('Link', 'A named link to an input or output section.', [
  str('name', 'Name of the input or output.'),
  reference('section', 'The linked section.', undefined),
]);

export const task = section(
  'Task',
  'One step of a workflow with its inputs and outputs.',
  [str('name', 'Name of the task.')],
  [repeating('inputs', link), repeating('outputs', link)],
);

export const workflowQuantities = [str('name', 'Name of the workflow.')] as const;
export const workflowSubSections = [
  repeating('tasks', task),
  repeating('inputs', link),
  repeating('outputs', link),
] as const;

export const workflow = section(
  'Workflow',
  'A workflow: tasks that turn inputs into outputs.',
  workflowQuantities,
  workflowSubSections,
);

export const calculationResults = [
  reference('calculation_result_ref', 'The calculation holding the final result.', 'run.calculation'),
  int('n_calculations', 'Number of calculations in the workflow.'),
  reference('calculations_ref', 'All calculations of the workflow.', 'run.calculation', {
    shape: ['n_calculations'],
  }),
] as const;

const perValue = (unit: string) => ({ shape: ['n_values'], unit }) as const;

/** Thermodynamic results at a series of temperatures or states (NOMAD's ThermodynamicsResults). */
export const thermodynamicsResults = [
  ...calculationResults,
  int('n_values', 'Number of states (temperatures) the values are given for.'),
  float('temperature', 'Temperature of each state.', perValue('kelvin')),
  float('pressure', 'Pressure of each state.', perValue('pascal')),
  float('helmholtz_free_energy', 'Helmholtz free energy.', perValue('joule')),
  float('heat_capacity_c_p', 'Heat capacity at constant pressure.', perValue('joule / kelvin')),
  float('heat_capacity_c_v', 'Heat capacity at constant volume.', perValue('joule / kelvin')),
  float('heat_capacity_c_v_specific', 'Heat capacity at constant volume per mass.', {
    shape: ['n_values'],
    unit: 'joule / kelvin / kilogram',
  }),
  float(
    'vibrational_free_energy_at_constant_volume',
    'Helmholtz free energy of the vibrations.',
    perValue('joule'),
  ),
  float(
    'vibrational_free_energy_at_constant_volume_specific',
    'Helmholtz free energy of the vibrations per mass.',
    perValue('joule / kilogram'),
  ),
  float('vibrational_free_energy', 'Free energy of the vibrations.', perValue('joule')),
  float('vibrational_internal_energy', 'Internal energy of the vibrations.', perValue('joule')),
  float('vibrational_entropy', 'Entropy of the vibrations.', perValue('joule / kelvin')),
  float('gibbs_free_energy', 'Gibbs free energy.', perValue('joule')),
  float('entropy', 'Entropy.', perValue('joule / kelvin')),
  float('enthalpy', 'Enthalpy.', perValue('joule')),
  float('internal_energy', 'Internal energy.', perValue('joule')),
] as const;
