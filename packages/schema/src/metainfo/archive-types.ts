import type { archiveDefinition } from './builtin/archive.ts';
import type { workflowVariants } from './builtin/workflow.ts';
import type {
  EnumQuantity,
  PrimitiveType,
  QuantityDefinition,
  SectionDefinition,
  Shape,
  SubSectionDefinition,
} from './model.ts';

/**
 * TypeScript types of archive data, derived from the definitions that the builders of define.ts keep
 * literal. Every field is optional (an archive holds what processing found) and arrays are readonly:
 * these types describe data read or built for the archive, not a contract that it is complete.
 */

/** The JSON value of one element of each scalar type; a reference is its path string ('/run/0/system/0'). */
interface ScalarValues {
  readonly str: string;
  readonly datetime: string;
  readonly int: number;
  readonly float: number;
  readonly bool: boolean;
  readonly reference: string;
  readonly complex: number;
  readonly any: unknown;
}

type ScalarOf<Q extends QuantityDefinition> = Q extends EnumQuantity
  ? Q['values'][number]
  : ScalarValues[Q['type'] & (PrimitiveType | 'reference')];

/**
 * One array level per dimension: `[]` is the scalar, `['*']` a list, `[3, 3]` a list of lists. A shape
 * whose length is not known to the compiler (a wide `Shape`) gives `unknown` rather than a guess.
 */
type Shaped<T, S extends Shape> = S extends readonly []
  ? T
  : S extends readonly [unknown, ...infer Rest extends Shape]
    ? readonly Shaped<T, Rest>[]
    : unknown;

type QuantityValue<Q extends QuantityDefinition> = Shaped<ScalarOf<Q>, Q['shape']>;

/** A section that a variant sub-section holds also says which definition it follows. */
type WithDefinition<T> = T & { m_def?: string };

/** The data of the section a sub-section holds: with variants, of whichever definition `m_def` names. */
type SectionsOf<U extends SubSectionDefinition> = [NonNullable<U['variants']>] extends [never]
  ? ArchiveOf<U['section']>
  : WithDefinition<ArchiveOf<U['section']> | VariantArchives<NonNullable<U['variants']>>>;

type VariantArchives<V> = {
  [K in keyof V]: V[K] extends SectionDefinition ? ArchiveOf<V[K]> : never;
}[keyof V];

type SubSectionValue<U extends SubSectionDefinition> = U['repeats'] extends true
  ? readonly SectionsOf<U>[]
  : SectionsOf<U>;

type Member<S extends SectionDefinition> = S['quantities'][number] | S['sub_sections'][number];

/**
 * The archive data of a section: each quantity by its type and shape (str, datetime and references are
 * strings, int and float numbers, enums the union of their values) and each sub-section as its section's
 * data (a list when it repeats, a union when it has variants). Keyed by the definitions' names.
 */
export type ArchiveOf<S extends SectionDefinition> = {
  [M in Member<S> as M['name']]?: M extends SubSectionDefinition
    ? SubSectionValue<M>
    : M extends QuantityDefinition
      ? QuantityValue<M>
      : never;
};

/** The archive of an entry as far as the built-in definitions go (run, workflow2, results). */
export type EntryArchive = ArchiveOf<typeof archiveDefinition>;

/** results: the normalised summary that search and the entry page read. */
export type EntryResults = NonNullable<EntryArchive['results']>;
export type ResultsMaterial = NonNullable<EntryResults['material']>;
export type ResultsSymmetry = NonNullable<ResultsMaterial['symmetry']>;
export type ResultsMethod = NonNullable<EntryResults['method']>;
export type ResultsProperties = NonNullable<EntryResults['properties']>;
export type ResultsStructures = NonNullable<ResultsProperties['structures']>;
/** One of the cells of results.properties.structures (original, conventional, primitive). */
export type ResultsStructure = NonNullable<ResultsStructures['structure_original']>;
export type ResultsElectronic = NonNullable<ResultsProperties['electronic']>;
export type ResultsBandGap = NonNullable<ResultsElectronic['band_gap']>[number];
export type ResultsDos = NonNullable<ResultsElectronic['dos_electronic']>[number];
export type ResultsBandStructure = NonNullable<ResultsElectronic['band_structure_electronic']>[number];
export type ResultsGeometryOptimization = NonNullable<ResultsProperties['geometry_optimization']>;

/** run: what the parsers read from the mainfile. */
export type Run = NonNullable<EntryArchive['run']>[number];
export type RunSystem = NonNullable<Run['system']>[number];
export type RunMethod = NonNullable<Run['method']>[number];
export type RunCalculation = NonNullable<Run['calculation']>[number];
export type RunProgram = NonNullable<Run['program']>;
export type TimeRun = NonNullable<Run['time_run']>;

/**
 * A section with code-specific quantities besides its defined ones: NOMAD's `x_<code>_` names, which each
 * code's parser package defines and the built-in definitions do not.
 */
export type WithCodeSpecific<T> = T & { [name: `x_${string}`]: unknown };

/** The sub-sections parsers build apart, named once so that builders do not repeat deep indexed access. */
export type SystemAtoms = NonNullable<RunSystem['atoms']>;
type MethodDft = NonNullable<RunMethod['dft']>;
export type XcFunctional = NonNullable<MethodDft['xc_functional']>;
export type MethodElectronic = NonNullable<RunMethod['electronic']>;
export type BasisSetContainer = NonNullable<RunMethod['electrons_representation']>[number];
export type BasisSet = NonNullable<BasisSetContainer['basis_set']>[number];
export type AtomParameters = NonNullable<RunMethod['atom_parameters']>[number];
export type MethodScf = NonNullable<RunMethod['scf']>;
export type MethodKMesh = NonNullable<RunMethod['k_mesh']>;
export type GwMethod = NonNullable<RunMethod['gw']>;
export type ForceCalculations = NonNullable<NonNullable<RunMethod['force_field']>['force_calculations']>;
export type CalculationEnergy = NonNullable<RunCalculation['energy']>;
export type EnergyEntry = NonNullable<CalculationEnergy['total']>;
export type CalculationForces = NonNullable<RunCalculation['forces']>;
export type ScfIteration = NonNullable<RunCalculation['scf_iteration']>[number];
export type BandEnergies = NonNullable<RunCalculation['eigenvalues']>[number];
export type RunDos = NonNullable<RunCalculation['dos_electronic']>[number];
export type RunDosValues = NonNullable<RunDos['total']>[number];
export type RunBandStructure = NonNullable<RunCalculation['band_structure_electronic']>[number];
export type CalculationCharges = NonNullable<RunCalculation['charges']>[number];
export type CalculationThermodynamics = NonNullable<RunCalculation['thermodynamics']>[number];

/** workflow2: the base workflow or one of its variants (single point, geometry optimisation). */
export type Workflow = NonNullable<EntryArchive['workflow2']>;

type WorkflowVariant<K extends keyof typeof workflowVariants> = WithDefinition<
  ArchiveOf<(typeof workflowVariants)[K]>
>;
export type SinglePointWorkflow = WorkflowVariant<'simulationworkflowschema.single_point.SinglePoint'>;
export type GeometryOptimizationWorkflow =
  WorkflowVariant<'simulationworkflowschema.geometry_optimization.GeometryOptimization'>;
export type MolecularDynamicsWorkflow =
  WorkflowVariant<'simulationworkflowschema.molecular_dynamics.MolecularDynamics'>;
export type PhononWorkflow = WorkflowVariant<'simulationworkflowschema.phonon.Phonon'>;
export type ElasticWorkflow = WorkflowVariant<'simulationworkflowschema.elastic.Elastic'>;
export type FirstPrinciplesPlusTbWorkflow =
  WorkflowVariant<'simulationworkflowschema.tb.FirstPrinciplesPlusTB'>;
export type GeometryOptimizationMethod = NonNullable<GeometryOptimizationWorkflow['method']>;
export type MolecularDynamicsMethod = NonNullable<MolecularDynamicsWorkflow['method']>;
export type ThermostatParameters = NonNullable<MolecularDynamicsMethod['thermostat_parameters']>[number];
export type BarostatParameters = NonNullable<MolecularDynamicsMethod['barostat_parameters']>[number];
