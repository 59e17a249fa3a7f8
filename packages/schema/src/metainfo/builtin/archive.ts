import { repeating, section, str, sub } from '../define.ts';
import type { PackageDefinition } from '../model.ts';
import {
  compatibleSectionDef,
  entryArchiveReference,
  entryMetadata,
  searchableQuantity,
} from './entry-metadata.ts';
import { eln } from './results-eln.ts';
import { material, materialSections } from './results-material.ts';
import { resultsMethod, resultsMethodSections } from './results-method.ts';
import { properties, propertiesSections } from './results-properties.ts';
import { runCalculationSections } from './run-calculation.ts';
import { calculationPropertySections } from './run-calculation-properties.ts';
import { runMethodSections } from './run-method.ts';
import { runSystemSections } from './run-system.ts';
import { messageRun, program, run, timeRun } from './run.ts';
import { elnBasePackages } from './eln-base.ts';
import {
  geometryOptimizationSections,
  singlePointSections,
  workflowSections,
  workflowVariants,
} from './workflow.ts';
import { workflow } from './workflow-base.ts';
import { dftPlusGwSections } from './workflow-gw.ts';
import { firstPrinciplesPlusTbSections } from './workflow-tb.ts';
import { molecularDynamicsSections } from './workflow-md.ts';
import { elasticSections, phononSections } from './workflow-phonon-elastic.ts';

/** The top of the archive definitions: what processing stores for an entry. */

export const resultsDefinition = section(
  'Results',
  'Normalised, code-independent summary of the entry; what search and the entry page use.',
  [],
  [sub('material', material), sub('method', resultsMethod), sub('properties', properties), sub('eln', eln)],
);

export const archiveDefinition = section(
  'EntryArchive',
  'The archive of one entry: parsed runs, the workflow, its metadata and the normalised results.',
  [str('entry_id', 'Identifier of the entry.')],
  [
    repeating('run', run),
    sub('workflow2', workflow, workflowVariants),
    sub('metadata', entryMetadata),
    sub('results', resultsDefinition),
  ],
);

/** The built-in definitions by NOMAD package (some sections live in other NOMAD packages; see report). */
export const builtinPackages: readonly PackageDefinition[] = [
  {
    name: 'nomad.datamodel.datamodel',
    description: 'The entry archive.',
    section_definitions: [
      archiveDefinition,
      entryMetadata,
      compatibleSectionDef,
      entryArchiveReference,
      searchableQuantity,
    ],
  },
  {
    name: 'nomad.datamodel.results',
    description: 'Normalised results of an entry.',
    section_definitions: [
      resultsDefinition,
      ...materialSections,
      ...resultsMethodSections,
      ...propertiesSections,
      eln,
    ],
  },
  {
    name: 'runschema.run',
    description: 'Runs of simulation codes.',
    section_definitions: [run, program, timeRun, messageRun],
  },
  {
    name: 'runschema.method',
    description: 'Methods of simulations.',
    section_definitions: runMethodSections,
  },
  {
    name: 'runschema.system',
    description: 'Structures of simulations.',
    section_definitions: runSystemSections,
  },
  {
    name: 'runschema.calculation',
    description: 'Outputs of calculations.',
    section_definitions: [...runCalculationSections, ...calculationPropertySections],
  },
  {
    name: 'nomad.datamodel.metainfo.workflow',
    description: 'Generic workflows.',
    section_definitions: workflowSections,
  },
  {
    name: 'simulationworkflowschema.single_point',
    description: 'Single-point workflows.',
    section_definitions: singlePointSections,
  },
  {
    name: 'simulationworkflowschema.geometry_optimization',
    description: 'Geometry-optimisation workflows.',
    section_definitions: geometryOptimizationSections,
  },
  {
    name: 'simulationworkflowschema.molecular_dynamics',
    description: 'Molecular-dynamics workflows.',
    section_definitions: molecularDynamicsSections,
  },
  {
    name: 'simulationworkflowschema.phonon',
    description: 'Phonon workflows.',
    section_definitions: phononSections,
  },
  {
    name: 'simulationworkflowschema.elastic',
    description: 'Elastic-constant workflows.',
    section_definitions: elasticSections,
  },
  {
    name: 'simulationworkflowschema.gw',
    description: 'GW workflows on top of DFT.',
    section_definitions: dftPlusGwSections,
  },
  {
    name: 'simulationworkflowschema.tb',
    description: 'Tight-binding workflows on top of first-principles calculations.',
    section_definitions: firstPrinciplesPlusTbSections,
  },
  ...elnBasePackages,
];
