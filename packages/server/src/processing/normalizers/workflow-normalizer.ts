// workflow2.method and workflow2.results from the run's calculations, as NOMAD's simulation
// workflow schema normalises them. Values a parser wrote already are kept.
import type { LogLevel } from '@oasis/schema';
import type { Vec3 } from '@oasis/chem';
import { ensureSection, isSection, type Normalizer, type Section } from './normalizer.ts';
import { energyValue, finiteNumber, indexedSections, sectionAt, vectors3 } from './archive-path.ts';
import {
  finalDifference,
  finalDisplacementMaximum,
  geometryOptimizationType,
  maxForceNorm,
  workflowClassName,
} from './workflow.ts';

type Log = (level: LogLevel, event: string) => void;

const WORKFLOW_DEFINITIONS: Record<string, string> = {
  SinglePoint: 'simulationworkflowschema.single_point.SinglePoint',
  GeometryOptimization: 'simulationworkflowschema.geometry_optimization.GeometryOptimization',
  MolecularDynamics: 'simulationworkflowschema.molecular_dynamics.MolecularDynamics',
  Phonon: 'simulationworkflowschema.phonon.Phonon',
  Elastic: 'simulationworkflowschema.elastic.Elastic',
};

/** Programs whose runs are a known workflow whatever their number of calculations (NOMAD's list). */
const PROGRAM_WORKFLOWS: Record<string, string> = {
  elastic: 'Elastic',
  lammps: 'MolecularDynamics',
  phonopy: 'Phonon',
};

/** The workflow NOMAD assumes when a parser wrote none: one calculation is a single point. */
function defaultWorkflowName(run: Section, nCalculations: number): string {
  const program = sectionAt(run, 'program')?.name;
  const byProgram = typeof program === 'string' ? PROGRAM_WORKFLOWS[program.toLowerCase()] : undefined;
  return byProgram ?? (nCalculations === 1 ? 'SinglePoint' : 'GeometryOptimization');
}

function setMissing(section: Section, key: string, value: unknown): void {
  if (section[key] === undefined && value !== undefined) section[key] = value;
}

function singlePoint(workflow: Section, run: Section, calcPath: string, last: Section): void {
  const methods = indexedSections(run.method);
  const lastMethod = methods[methods.length - 1]?.[1];
  const method = ensureSection(workflow, 'method');
  const kind = ['dft', 'gw', 'bse', 'dmft'].find((key) => isSection(lastMethod?.[key]));
  setMissing(method, 'method', kind?.toUpperCase());

  const results = ensureSection(workflow, 'results');
  const scf = indexedSections(last.scf_iteration).map(([, s]) => s);
  setMissing(results, 'n_scf_steps', scf.length);
  const energies = scf
    .map((s) => energyValue(sectionAt(s, 'energy')?.total))
    .filter((e): e is number => e !== undefined);
  const delta = finalDifference(energies);
  setMissing(results, 'final_scf_energy_difference', delta);
  const threshold = finiteNumber(sectionAt(lastMethod, 'scf')?.threshold_energy_change);
  if (delta !== undefined && threshold !== undefined) setMissing(results, 'is_converged', delta <= threshold);
  // References to the last calculation's electronic-structure outputs.
  const refs = (key: string): string[] | undefined => {
    const items = indexedSections(last[key]);
    return items.length > 0 ? items.map(([i]) => `${calcPath}/${key}/${i}`) : undefined;
  };
  setMissing(results, 'dos', refs('dos_electronic'));
  setMissing(results, 'band_structure', refs('band_structure_electronic'));
  setMissing(results, 'eigenvalues', refs('eigenvalues'));
}

/**
 * The force components an optimisation acts on: VASP's selective dynamics fixes atoms (or single axes),
 * whose forces its convergence criterion leaves out, as it is left out here. A mixed flag drops the
 * Cartesian component of that axis (exact for the usual fully fixed or fully free atoms).
 */
function freeForces(forces: Vec3[], system: Section | undefined): Vec3[] {
  const flags = system?.x_vasp_selective_dynamics;
  if (!Array.isArray(flags) || flags.length !== forces.length) return forces;
  return forces.map((force, atom) => {
    const free = flags[atom] as unknown;
    return Array.isArray(free) ? (force.map((x, axis) => (free[axis] === false ? 0 : x)) as Vec3) : force;
  });
}

function geometryOptimization(workflow: Section, run: Section, calculations: Section[], log: Log): void {
  const systems = indexedSections(run.system).map(([, s]) => s);
  const method = ensureSection(workflow, 'method');
  setMissing(method, 'type', geometryOptimizationType(systems));

  const results = ensureSection(workflow, 'results');
  setMissing(results, 'optimization_steps', calculations.length);
  const energies: number[] = [];
  for (const calc of calculations) {
    const energy = energyValue(sectionAt(calc, 'energy')?.total);
    if (energy === undefined) {
      log('WARNING', 'Energy not reported for a calculation that is part of a geometry optimization');
      break;
    }
    energies.push(energy);
  }
  if (energies.length > 0) setMissing(results, 'energies', energies);
  setMissing(results, 'final_energy_difference', finalDifference(energies));
  const forces = vectors3(
    sectionAt(sectionAt(calculations[calculations.length - 1], 'forces'), 'total')?.value,
  );
  if (forces)
    setMissing(results, 'final_force_maximum', maxForceNorm(freeForces(forces, systems[systems.length - 1])));
  setMissing(results, 'final_displacement_maximum', finalDisplacementMaximum(systems));

  if (results.is_converged_geometry === undefined) {
    // Any one fulfilled criterion counts, as in NOMAD.
    const pairs: [string, string][] = [
      ['final_energy_difference', 'convergence_tolerance_energy_difference'],
      ['final_force_maximum', 'convergence_tolerance_force_maximum'],
      ['final_displacement_maximum', 'convergence_tolerance_displacement_maximum'],
    ];
    const criteria = pairs.flatMap(([value, tolerance]) => {
      const v = finiteNumber(results[value]);
      const t = finiteNumber(method[tolerance]);
      return v !== undefined && t !== undefined ? [v <= t] : [];
    });
    if (criteria.length > 0) results.is_converged_geometry = criteria.includes(true);
  }
}

/**
 * As NOMAD's simulation workflows do: the first system is the workflow's input structure and the last
 * calculation its output, unless the parser linked others (the overview draws them as the workflow graph).
 */
function linkInputAndOutput(workflow: Section, run: Section, runIndex: number, calcPath: string): void {
  const [first] = indexedSections(run.system);
  if (!Array.isArray(workflow.inputs) && first)
    workflow.inputs = [{ name: 'Input structure', section: `/run/${runIndex}/system/${first[0]}` }];
  if (!Array.isArray(workflow.outputs))
    workflow.outputs = [{ name: 'Output calculation', section: calcPath }];
}

/** Fills archive.workflow2 (creating it when the parser wrote none) from the last run. */
export function normalizeWorkflow(archive: Section, log: Log): void {
  const runs = indexedSections(archive.run);
  const lastRun = runs[runs.length - 1];
  if (!lastRun) return;
  const [runIndex, run] = lastRun;
  const calculations = indexedSections(run.calculation);
  if (calculations.length === 0) return;

  const existing = archive.workflow2;
  const workflow: Section = isSection(existing)
    ? existing
    : { m_def: WORKFLOW_DEFINITIONS[defaultWorkflowName(run, calculations.length)] };
  archive.workflow2 = workflow;
  const [lastIndex, lastCalc] = calculations[calculations.length - 1] as [number, Section];
  const calcPath = `/run/${runIndex}/calculation/${lastIndex}`;
  const className = workflowClassName(workflow);
  const mDef = typeof workflow.m_def === 'string' ? workflow.m_def : '';
  // Plain (non-simulation) workflows, e.g. hand-written task graphs, have no results section.
  const simulation =
    (className !== undefined && className in WORKFLOW_DEFINITIONS) ||
    mDef.startsWith('simulationworkflowschema.') ||
    mDef.includes('.simulation.workflow.');
  if (!simulation) return;
  if (className === 'SinglePoint') singlePoint(workflow, run, calcPath, lastCalc);
  if (className === 'GeometryOptimization') {
    geometryOptimization(
      workflow,
      run,
      calculations.map(([, c]) => c),
      log,
    );
  }
  linkInputAndOutput(workflow, run, runIndex, calcPath);
  const results = ensureSection(workflow, 'results');
  setMissing(results, 'calculation_result_ref', calcPath);
  setMissing(
    results,
    'calculations_ref',
    calculations.map(([i]) => `/run/${runIndex}/calculation/${i}`),
  );
}

export const workflowNormalizer: Normalizer = {
  name: 'workflow',
  normalize: ({ archive, log }) => normalizeWorkflow(archive, log),
};
