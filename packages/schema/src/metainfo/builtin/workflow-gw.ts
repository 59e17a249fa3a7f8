import { LIST, reference, section, sub } from '../define.ts';
import { calculationResults, workflowQuantities, workflowSubSections } from './workflow-base.ts';

/** workflow2 of a GW calculation on top of DFT (NOMAD's DFTPlusGW). */

const dftPlusGwMethod = section('DFTPlusGWMethod', 'The methods of the DFT and GW steps.', [
  reference('starting_point', 'Functional of the DFT step.', 'run.method.dft.xc_functional'),
  reference('electrons_representation', 'Basis set of the DFT step.', 'run.method.electrons_representation'),
  reference('gw_method_ref', 'Settings of the GW step.', 'run.method.gw'),
]);

export const electronicStructureOutputs = section(
  'ElectronicStructureOutputs',
  'The electronic-structure results of one step.',
  [
    ...calculationResults,
    reference('band_gap', 'The band gaps.', 'run.calculation.band_gap', { shape: LIST }),
    reference('dos', 'The densities of states.', 'run.calculation.dos_electronic', { shape: LIST }),
    reference('band_structure', 'The band structures.', 'run.calculation.band_structure_electronic', {
      shape: LIST,
    }),
  ],
);

const dftPlusGwResults = section(
  'DFTPlusGWResults',
  'Results of the DFT and GW steps.',
  [...calculationResults],
  [sub('dft_outputs', electronicStructureOutputs), sub('gw_outputs', electronicStructureOutputs)],
);

export const dftPlusGw = section(
  'DFTPlusGW',
  'A GW calculation on top of a DFT ground state.',
  workflowQuantities,
  [sub('method', dftPlusGwMethod), sub('results', dftPlusGwResults), ...workflowSubSections],
);

export const dftPlusGwSections = [dftPlusGw, dftPlusGwMethod, dftPlusGwResults, electronicStructureOutputs];
