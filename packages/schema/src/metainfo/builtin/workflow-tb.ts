import { reference, section, sub } from '../define.ts';
import { calculationResults, workflowQuantities, workflowSubSections } from './workflow-base.ts';
import { electronicStructureOutputs } from './workflow-gw.ts';

/**
 * workflow2 of a tight-binding model fitted to a first-principles run (NOMAD's FirstPrinciplesPlusTB),
 * e.g. Wannier functions of a DFT ground state.
 */

const firstPrinciplesPlusTbMethod = section(
  'FirstPrinciplesPlusTBMethod',
  'The methods of the first-principles and the tight-binding steps.',
  [
    reference('first_principles_method_ref', 'Method of the first-principles step.', 'run.method'),
    reference('tb_method_ref', 'Tight-binding model of the TB step.', 'run.method.tb'),
  ],
);

const firstPrinciplesPlusTbResults = section(
  'FirstPrinciplesPlusTBResults',
  'Results of the first-principles and the tight-binding steps.',
  [...calculationResults],
  [
    sub('first_principles_outputs', electronicStructureOutputs),
    sub('tb_outputs', electronicStructureOutputs),
  ],
);

export const firstPrinciplesPlusTb = section(
  'FirstPrinciplesPlusTB',
  'A tight-binding model built on a first-principles calculation.',
  workflowQuantities,
  [
    sub('method', firstPrinciplesPlusTbMethod),
    sub('results', firstPrinciplesPlusTbResults),
    ...workflowSubSections,
  ],
);

export const firstPrinciplesPlusTbSections = [
  firstPrinciplesPlusTb,
  firstPrinciplesPlusTbMethod,
  firstPrinciplesPlusTbResults,
];
