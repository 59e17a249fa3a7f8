// From a Gaussian log to NOMAD's run and workflow2 sections, in SI units: one run per job of the log
// (Link1 steps), one system and one calculation per step of a job.
import { ANGSTROM, BOHR, ELEMENT_SYMBOLS, ELEMENTARY_CHARGE, HARTREE, type Vec3 } from '@oasis/chem';
import type {
  CalculationEnergy,
  MethodElectronic,
  Run,
  RunCalculation,
  RunMethod,
  TimeRun,
  WithCodeSpecific,
  Workflow,
} from '@oasis/schema';
import { type Structure } from '../../structure.ts';
import { finalDifference } from '../../normalizers/workflow.ts';
import {
  calculationRefs,
  codeRun,
  frontierOrbitals,
  geometryOptimization,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import {
  atomicCharges,
  gaussianBasisRepresentation,
  molecularEigenvalues,
  molecularOptimizationType,
} from '../molecular-sections.ts';
import type { GaussianJob, GaussianStep } from './read-gaussian.ts';
import { thermodynamicsOf } from './thermo.ts';

/** Reciprocal metres per reciprocal centimetre. */
const PER_CM = 100;

/** libxc names of Gaussian's functional keywords (the route's method, spin prefix R/U/RO removed). */
const XC: Readonly<Record<string, readonly string[]>> = {
  SVWN: ['LDA_X', 'LDA_C_VWN_RPA'],
  SVWN5: ['LDA_X', 'LDA_C_VWN'],
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  PBEPBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  PBE1PBE: ['HYB_GGA_XC_PBEH'],
  BLYP: ['GGA_X_B88', 'GGA_C_LYP'],
  BP86: ['GGA_X_B88', 'GGA_C_P86'],
  B3PW91: ['HYB_GGA_XC_B3PW91'],
  HSEH1PBE: ['HYB_GGA_XC_HSE06'],
  M062X: ['HYB_MGGA_X_M06_2X', 'MGGA_C_M06_2X'],
  CAMB3LYP: ['HYB_GGA_XC_CAM_B3LYP'],
  WB97XD: ['HYB_GGA_XC_WB97X_D'],
  TPSSTPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
};

/** Wave-function methods of the route, by the name NOMAD's electronic.method takes. */
const WAVEFUNCTION = /^(HF|MP2|MP3|MP4|CCSD|CCSD\(T\)|QCISD|QCISD\(T\)|CISD|CIS|CASSCF)$/;

/** The route's method and basis set ('#p B3LYP/6-31G(d) opt freq' -> B3LYP, 6-31G(d)). */
function methodAndBasis(route: string | undefined): { method?: string; basis?: string } {
  // '#', or '#p', '#n', '#t' (print levels) followed by a space, start the route.
  const token = (route ?? '')
    .replace(/^#(?:[pnt]\s+|\s*)/i, '')
    .split(/\s+/)
    .find((part) => part.includes('/') && !part.includes('='));
  if (!token) return {};
  const [method, basis] = token.split('/');
  return { method, basis };
}

const withoutSpinPrefix = (name: string) => name.replace(/^(RO|R|U)(?=[A-Z])/i, '');

function methodOf(job: GaussianJob, warnings: string[]): WithCodeSpecific<RunMethod> {
  const { method: routeMethod, basis } = methodAndBasis(job.route);
  const scfMethod = job.steps.find((step) => step.scf)?.scf?.method ?? '';
  const name = withoutSpinPrefix((routeMethod ?? scfMethod).toUpperCase());
  const unrestricted = /^U/i.test(scfMethod) || /^U/i.test(routeMethod ?? '') || (job.multiplicity ?? 1) > 1;
  const electronic: MethodElectronic = { n_spin_channels: unrestricted ? 2 : 1 };
  if (job.charge !== undefined) electronic.charge = job.charge * ELEMENTARY_CHARGE;
  const basisName = (basis ?? job.basis)?.toUpperCase();
  const method: WithCodeSpecific<RunMethod> = {
    electronic,
    electrons_representation: gaussianBasisRepresentation([{ name: basisName }]),
  };
  const names = XC[name.replace(/-/g, '')];
  if (names) {
    electronic.method = 'DFT';
    method.dft = { xc_functional: xcFunctional(names) };
  } else if (WAVEFUNCTION.test(name)) electronic.method = name;
  else if (name) warnings.push(`the method ${name} is kept by name only (no libxc functional for it here)`);
  method.x_gaussian_method = name;
  if (job.route) method.x_gaussian_settings = job.route;
  return method;
}

function structureOf(step: GaussianStep): Structure {
  return {
    species: step.geometry.atomicNumbers.map((z) => (z > 0 ? ELEMENT_SYMBOLS[z] : undefined) ?? 'X'),
    positions: step.geometry.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: null,
    periodic: [false, false, false],
  };
}

/** Orbitals per spin channel, occupied first; a restricted log prints alpha only (two electrons each). */
function orbitalsOf(step: GaussianStep) {
  const spins = Math.max(step.occupied.length, step.virtual.length);
  const occupation = spins > 1 ? 1 : 2;
  return Array.from({ length: spins }, (_, spin) => [
    ...(step.occupied[spin] ?? []).map((energy) => ({ energy, occupation })),
    ...(step.virtual[spin] ?? []).map((energy) => ({ energy, occupation: 0 })),
  ]);
}

function calculationOf(step: GaussianStep, runIndex: number, stepIndex: number): RunCalculation {
  const total = step.postHf?.energy ?? step.scf?.energy;
  const orbitals = orbitalsOf(step);
  const energy: CalculationEnergy = {
    ...(total !== undefined ? { total: { value: total * HARTREE } } : {}),
    ...frontierOrbitals(orbitals.flat(), HARTREE),
  };
  const calculation: RunCalculation = calculationRefs(stepIndex, 0, runIndex);
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (step.scf) {
    calculation.calculation_converged = step.scf.converged;
    if (step.scf.cycles !== undefined) calculation.n_scf_iterations = step.scf.cycles;
    calculation.scf_iteration = step.scf.iterations.map((iteration) => ({
      energy: {
        total: { value: iteration.energy * HARTREE },
        ...(iteration.change !== undefined ? { change: iteration.change * HARTREE } : {}),
      },
    }));
  }
  const eigenvalues = molecularEigenvalues(orbitals, HARTREE);
  if (eigenvalues.length > 0) calculation.eigenvalues = eigenvalues;
  if (step.mulliken) calculation.charges = [atomicCharges('mulliken', step.mulliken)];
  if (step.forces) {
    // Gaussian prints forces (not gradients): raw and total are the same here.
    const value = step.forces.map((f) => f.map((x) => (x * HARTREE) / BOHR));
    calculation.forces = { total: { value, value_raw: value } };
  }
  return calculation;
}

/** The run of one job: its method, a system and a calculation per step, frequencies on the last. */
function jobRun(job: GaussianJob, runIndex: number, warnings: string[]): WithCodeSpecific<Run> {
  const structures = job.steps.map(structureOf);
  const calculations = job.steps.map((step, index) => calculationOf(step, runIndex, index));
  const last = calculations[calculations.length - 1]!;
  if (job.frequencies.length > 0)
    last.vibrational_frequencies = [
      { n_frequencies: job.frequencies.length, value: job.frequencies.map((f) => f * PER_CM) },
    ];
  if (job.thermo.zeroPointCorrection !== undefined)
    last.energy = {
      ...last.energy,
      zero_point: { value: job.thermo.zeroPointCorrection * HARTREE },
    };
  const thermodynamics = thermodynamicsOf(job.thermo);
  if (thermodynamics) last.thermodynamics = [thermodynamics];
  const run: WithCodeSpecific<Run> = codeRun(
    'Gaussian',
    job.version,
    methodOf(job, warnings),
    structures,
    calculations,
  );
  if (job.implementation) run.x_gaussian_program_implementation = job.implementation;
  // NOMAD keeps the charge and multiplicity of the input on each system.
  for (const system of run.system ?? []) {
    if (job.charge !== undefined) Object.assign(system, { x_gaussian_total_charge: job.charge });
    if (job.multiplicity !== undefined)
      Object.assign(system, { x_gaussian_spin_target_multiplicity: job.multiplicity });
  }
  // 'Job cpu time' and (Gaussian 16) 'Elapsed time' of the job, counted from its start.
  const timeRun: TimeRun = {};
  if (job.cpuTime !== undefined) Object.assign(timeRun, { cpu1_start: 0, cpu1_end: job.cpuTime });
  if (job.wallTime !== undefined) Object.assign(timeRun, { wall_start: 0, wall_end: job.wallTime });
  if (Object.keys(timeRun).length > 0) run.time_run = timeRun;
  return run;
}

const isOptimization = (job: GaussianJob) => /\bopt\b/i.test(job.route ?? '');

/**
 * The workflow of the log: an optimisation when a job optimises. Its results point into the optimisation's
 * run, which the normaliser (reading the last run) would miss when a frequency job follows, and count the
 * energies there are (the final geometry's population analysis has none of its own).
 */
function workflowOf(jobs: readonly GaussianJob[], runs: readonly Run[]): Workflow {
  const index = jobs.findIndex(isOptimization);
  if (index < 0) return singlePoint();
  // A transition-state search (opt=TS, QST2, QST3) optimises to a saddle point.
  const saddle = /\bopt\s*[=(][^\s]*\b(ts|qst2|qst3)\b/i.test(jobs[index]!.route ?? '');
  const workflow = geometryOptimization(
    saddle ? { method: 'saddle_point_search' } : {},
    jobs[index]!.optimizationCompleted,
  );
  const calculations = runs[index]!.calculation ?? [];
  const energies = calculations
    .map((c) => c.energy?.total?.value)
    .filter((e): e is number => typeof e === 'number');
  Object.assign(workflow.results!, {
    optimization_steps: calculations.length,
    calculations_ref: calculations.map((_, i) => `/run/${index}/calculation/${i}`),
    calculation_result_ref: `/run/${index}/calculation/${calculations.length - 1}`,
    ...(energies.length > 0 ? { energies } : {}),
    ...(energies.length > 1 ? { final_energy_difference: finalDifference(energies) } : {}),
  });
  return {
    ...workflow,
    method: {
      ...workflow.method,
      type: molecularOptimizationType(jobs[index]!.steps.map((step) => step.geometry)),
    },
  };
}

export function gaussianArchive(jobs: readonly GaussianJob[]): CodeArchive & { runs: Run[] } {
  const warnings: string[] = [];
  const lastJob = jobs[jobs.length - 1]!;
  if (jobs.some((job) => job.errorTermination)) warnings.push('Gaussian ended with an error termination');
  else if (!lastJob.terminated)
    warnings.push("the log has no 'Normal termination' for its last job: the run did not finish");
  const runs = jobs.map((job, index) => jobRun(job, index, warnings));
  const lastSteps = lastJob.steps;
  const structure = structureOf(lastSteps[lastSteps.length - 1]!);
  return { run: runs[0]!, runs, workflow2: workflowOf(jobs, runs), structure, warnings };
}
