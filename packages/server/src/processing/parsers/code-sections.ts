// The parts of NOMAD's run and workflow2 sections every code parser writes the same way: functionals by
// libxc names, SCF iterations, forces, frontier orbitals, one system per distinct geometry, the workflow
// kinds, and the parser output with its entry name.
import type {
  CalculationEnergy,
  CalculationForces,
  GeometryOptimizationMethod,
  GeometryOptimizationWorkflow,
  MolecularDynamicsMethod,
  MolecularDynamicsWorkflow,
  Run,
  RunCalculation,
  RunMethod,
  SinglePointWorkflow,
  Workflow,
  XcFunctional,
  LogLevel,
} from '@oasis/schema';
import { elementComposition, hillFormula } from '../normalizers/formula.ts';
import { systemSection } from '../run-sections.ts';
import type { Structure } from '../structure.ts';
import type { ParserOutput } from '../types.ts';

type Vec = readonly [number, number, number] | readonly number[];

/**
 * run.method[].dft.xc_functional of libxc names: hybrids apart, combined exchange-correlation
 * functionals as contributions, then exchange and correlation parts.
 */
export function xcFunctional(names: readonly string[]): XcFunctional {
  const functional: Record<'exchange' | 'correlation' | 'hybrid' | 'contributions', { name: string }[]> = {
    exchange: [],
    correlation: [],
    hybrid: [],
    contributions: [],
  };
  for (const name of names) {
    const kind = name.startsWith('HYB_')
      ? 'hybrid'
      : name.includes('_XC_')
        ? 'contributions'
        : /_X(_|$)/.test(name)
          ? 'exchange'
          : 'correlation';
    functional[kind]!.push({ name });
  }
  return functional;
}

/** n_scf_iterations and scf_iteration of a calculation from the total energy of each iteration. */
export const scfIterations = (
  energies: readonly number[],
  unit: number,
): Pick<RunCalculation, 'n_scf_iterations' | 'scf_iteration'> =>
  energies.length === 0
    ? {}
    : {
        n_scf_iterations: energies.length,
        scf_iteration: energies.map((energy) => ({ energy: { total: { value: energy * unit } } })),
      };

/** calculation.forces of forces in a code's unit (a negative `unit` turns a gradient into forces). */
export const forcesSection = (forces: readonly Vec[], unit: number): CalculationForces => ({
  total: { value: forces.map((force) => force.map((x) => x * unit)) },
});

/** energy.highest_occupied and lowest_unoccupied of orbitals with occupations. */
export function frontierOrbitals(
  orbitals: readonly { occupation: number; energy: number }[],
  unit: number,
): Pick<CalculationEnergy, 'highest_occupied' | 'lowest_unoccupied'> {
  const occupied = orbitals.filter((o) => o.occupation > 0).map((o) => o.energy);
  const empty = orbitals.filter((o) => o.occupation === 0).map((o) => o.energy);
  return {
    ...(occupied.length > 0 ? { highest_occupied: Math.max(...occupied) * unit } : {}),
    ...(empty.length > 0 ? { lowest_unoccupied: Math.min(...empty) * unit } : {}),
  };
}

/**
 * One system per geometry a run's steps ran on, in order (consecutive steps on the same geometry share
 * it), and each step's system index.
 */
export function systemsOfSteps<G>(steps: readonly { geometry: G }[]): {
  geometries: G[];
  systemIndex: number[];
} {
  const geometries: G[] = [];
  const systemIndex = steps.map((step) => {
    if (geometries[geometries.length - 1] !== step.geometry) geometries.push(step.geometry);
    return geometries.length - 1;
  });
  return { geometries, systemIndex };
}

/** A calculation's references to its system and method (the first run's one method unless told). */
export const calculationRefs = (
  systemIndex: number,
  methodIndex = 0,
  runIndex = 0,
): Pick<RunCalculation, 'system_ref' | 'method_ref'> => ({
  system_ref: `/run/${runIndex}/system/${systemIndex}`,
  method_ref: `/run/${runIndex}/method/${methodIndex}`,
});

export const singlePoint = (): SinglePointWorkflow => ({
  m_def: 'simulationworkflowschema.SinglePoint',
  name: 'SinglePoint',
});

export const geometryOptimization = (
  method: GeometryOptimizationMethod = {},
  converged?: boolean,
): GeometryOptimizationWorkflow => ({
  m_def: 'simulationworkflowschema.GeometryOptimization',
  name: 'GeometryOptimization',
  ...(Object.keys(method).length > 0 ? { method } : {}),
  ...(converged !== undefined ? { results: { is_converged_geometry: converged } } : {}),
});

type Ensemble = NonNullable<MolecularDynamicsMethod['thermodynamic_ensemble']>;
const ENSEMBLES: readonly Ensemble[] = ['NVE', 'NVT', 'NPT', 'NPH'];

/** The thermodynamic ensemble of a name the code gives, if it is one NOMAD's enum has. */
export const thermodynamicEnsemble = (name: string | undefined): Ensemble | undefined =>
  ENSEMBLES.find((ensemble) => ensemble === name);

export const molecularDynamics = (method: MolecularDynamicsMethod): MolecularDynamicsWorkflow => ({
  m_def: 'simulationworkflowschema.MolecularDynamics',
  name: 'MolecularDynamics',
  method,
});

/** Cartesian positions (in the cell's unit) of fractional coordinates. */
export const cartesian = (fractional: readonly Vec[], cell: readonly Vec[]): [number, number, number][] =>
  fractional.map(
    (f) =>
      [0, 1, 2].map((j) => f[0]! * cell[0]![j]! + f[1]! * cell[1]![j]! + f[2]! * cell[2]![j]!) as [
        number,
        number,
        number,
      ],
  );

/** What a code parser's archive builder gives: the sections, the entry's structure, and warnings to log. */
export interface CodeArchive {
  run: Run;
  workflow2: Workflow;
  structure: Structure;
  warnings: string[];
}

/** The run of a code: program, its one method, a system per structure and the calculations (if any). */
export const codeRun = (
  program: string,
  version: string | undefined,
  method: RunMethod,
  structures: readonly Structure[],
  calculations: readonly RunCalculation[],
): Run => ({
  program: { name: program, ...(version ? { version } : {}) },
  method: [method],
  system: structures.map(systemSection),
  ...(calculations.length > 0 ? { calculation: calculations } : {}),
});

/** What every code parser returns: the run and workflow, the entry's structure, type and name. */
export function codeOutput(
  archive: CodeArchive,
  entryType: string,
  noun: 'simulation' | 'calculation',
  log: (level: LogLevel, event: string) => void,
): ParserOutput {
  for (const warning of archive.warnings) log('WARNING', warning);
  // A run cut off before its first geometry has nothing to make an entry of.
  if (!(archive.structure as Structure | undefined))
    throw new Error('the output stops before its first structure');
  return {
    sections: { run: [archive.run], workflow2: archive.workflow2 },
    structure: archive.structure,
    entryType,
    entryName: `${hillFormula(elementComposition(archive.structure.species))} ${entryType} ${noun}`,
  };
}

/**
 * The output of a simulation that may have no coordinates beside it (an MD log whose configuration
 * files were not uploaded): with a structure, as codeOutput; without one, its calculations alone make
 * the entry, and with none either it fails saying what is missing.
 */
export function simulationOutput(
  archive: Omit<CodeArchive, 'structure'> & { structure?: Structure },
  entryType: string,
  log: (level: LogLevel, event: string) => void,
  nothingToShow: string,
): ParserOutput {
  const { structure } = archive;
  if (structure) return codeOutput({ ...archive, structure }, entryType, 'simulation', log);
  if (!archive.run.calculation) throw new Error(nothingToShow);
  for (const warning of archive.warnings) log('WARNING', warning);
  return {
    sections: { run: [archive.run], workflow2: archive.workflow2 },
    entryType,
    entryName: `${entryType} simulation`,
  };
}
