export * from './model.ts';
/** Builders for definitions: define.str(...), define.section(...), ... */
export * as define from './define.ts';
export type { QuantityOptions, SearchOption } from './define.ts';
export * from './lookup.ts';
export * from './values.ts';
export type { LogLevel, ProcessingLog } from './processing-log.ts';
export * from './indexed.ts';
export { BASIS_SET_TYPES, METHOD_NAMES } from './builtin/results-method.ts';
export { BASIS_SET_CONTAINER_TYPES, RELATIVITY_METHODS } from './builtin/run-method.ts';
export { archiveDefinition, resultsDefinition, builtinPackages } from './builtin/archive.ts';
export { builtinElnSchemas, ELN_CATEGORIES, type BuiltinElnSchema } from './builtin/eln-base.ts';
export { workflowVariants } from './builtin/workflow.ts';
export * from './artifacts-format.ts';
export { conformanceProblems, type ConformanceProblem } from './conformance.ts';
/** TypeScript types of archive data, derived from the built-in definitions. */
export type {
  ArchiveOf,
  EntryArchive,
  EntryResults,
  ResultsBandGap,
  ResultsBandStructure,
  ResultsDos,
  ResultsElectronic,
  ResultsGeometryOptimization,
  ResultsMaterial,
  ResultsMethod,
  ResultsProperties,
  ResultsStructure,
  ResultsStructures,
  ResultsSymmetry,
  Run,
  RunCalculation,
  RunMethod,
  RunSystem,
  RunProgram,
  TimeRun,
  MethodScf,
  MethodKMesh,
  GwMethod,
  ForceCalculations,
  ThermostatParameters,
  BarostatParameters,
  SystemAtoms,
  XcFunctional,
  MethodElectronic,
  BasisSetContainer,
  BasisSet,
  AtomParameters,
  CalculationEnergy,
  EnergyEntry,
  CalculationForces,
  ScfIteration,
  BandEnergies,
  RunDos,
  RunDosValues,
  RunBandStructure,
  CalculationCharges,
  CalculationThermodynamics,
  Workflow,
  SinglePointWorkflow,
  GeometryOptimizationWorkflow,
  MolecularDynamicsWorkflow,
  PhononWorkflow,
  ElasticWorkflow,
  FirstPrinciplesPlusTbWorkflow,
  GeometryOptimizationMethod,
  MolecularDynamicsMethod,
  WithCodeSpecific,
} from './archive-types.ts';
