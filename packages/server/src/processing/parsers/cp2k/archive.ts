// From a CP2K output (and its MD trajectory) to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, atomicNumber, BOHR, FEMTOSECOND, HARTREE, type Vec3 } from '@oasis/chem';
import type {
  AtomParameters,
  BasisSet,
  BasisSetContainer,
  RunCalculation,
  RunMethod,
  WithCodeSpecific,
  Workflow,
} from '@oasis/schema';
import { type Structure } from '../../structure.ts';
import {
  calculationRefs,
  codeRun,
  forcesSection,
  geometryOptimization,
  molecularDynamics,
  scfIterations,
  singlePoint,
  thermodynamicEnsemble,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { Cp2kEvaluation, Cp2kKind, Cp2kOutput } from './read-cp2k.ts';

/** libxc names of CP2K's FUNCTIONAL| components. */
const XC: Readonly<Record<string, readonly string[]>> = {
  PADE: ['LDA_XC_TETER93'],
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  BECKE88: ['GGA_X_B88'],
  LYP: ['GGA_C_LYP'],
  PBE0: ['HYB_GGA_XC_PBEH'],
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  VWN: ['LDA_C_VWN'],
  SLATER: ['LDA_X'],
};

/** A trajectory frame: species and Cartesian positions (Å). */
export interface Cp2kFrame {
  species: string[];
  positions: Vec3[];
}

/** The element of a kind label ('Si', 'O1', 'H_w'), else of the kind's first atom. */
function elementOfKind(out: Cp2kOutput, label: string, index: number): string | undefined {
  const prefix = /^([A-Z][a-z]?)/i.exec(label)?.[1];
  for (const candidate of [prefix, prefix?.[0]]) {
    if (!candidate) continue;
    const symbol = candidate[0]!.toUpperCase() + candidate.slice(1).toLowerCase();
    if (atomicNumber(symbol) !== undefined) return symbol;
  }
  const atom = out.kindOf.indexOf(index + 1);
  return atom >= 0 ? out.species[atom] : undefined;
}

function atomParameters(out: Cp2kOutput, kind: Cp2kKind, index: number): AtomParameters {
  const element = elementOfKind(out, kind.label, index);
  const atom = out.kindOf.indexOf(index + 1);
  const valence = atom >= 0 ? out.valences[atom] : undefined;
  return {
    label: kind.label,
    ...(element ? { atom_number: atomicNumber(element) ?? 0 } : {}),
    ...(valence !== undefined && Number.isFinite(valence) ? { n_valence_electrons: valence } : {}),
    ...(kind.potential
      ? { pseudopotential_name: kind.potential, pseudopotential: { name: kind.potential } }
      : {}),
  };
}

/** Gaussians for the wave functions, one basis per kind, and plane waves for the density (GPW). */
function electronsRepresentation(out: Cp2kOutput): BasisSetContainer {
  const basisSets: BasisSet[] = [
    {
      type: 'plane waves',
      scope: ['density'],
      ...(out.cutoff !== undefined ? { cutoff: out.cutoff * HARTREE } : {}),
    },
  ];
  out.kinds.forEach((kind, index) => {
    if (!kind.basisSet) return;
    const element = elementOfKind(out, kind.label, index);
    basisSets.push({
      type: 'gaussians',
      scope: ['wavefunction'],
      atom_centered: [
        { name: kind.basisSet, ...(element ? { atom_number: atomicNumber(element) ?? 0 } : {}) },
      ],
    });
  });
  return { type: 'gaussians + plane waves', scope: ['wavefunction'], basis_set: basisSets };
}

function methodOf(out: Cp2kOutput, warnings: string[]): WithCodeSpecific<RunMethod> {
  const functional = xcFunctional(
    out.functionals.flatMap((component) => {
      const names = XC[component.toUpperCase().split(/\s/)[0]!];
      if (!names) warnings.push(`functional ${component} has no libxc names here`);
      return names ?? [];
    }),
  );
  const method: WithCodeSpecific<RunMethod> = {
    dft: { xc_functional: functional },
    electronic: { method: 'DFT', n_spin_channels: out.unrestricted ? 2 : 1 },
    electrons_representation: [electronsRepresentation(out)],
  };
  // CP2K's eps_scf, which NOMAD keeps as the SCF energy threshold.
  if (out.epsScf !== undefined) method.scf = { threshold_energy_change: out.epsScf * HARTREE };
  if (out.kinds.length > 0)
    method.atom_parameters = out.kinds.map((kind, index) => atomParameters(out, kind, index));
  if (out.charge !== undefined) method.x_cp2k_charge = out.charge;
  if (out.multiplicity !== undefined) method.x_cp2k_spin_multiplicity = out.multiplicity;
  return method;
}

function structureOf(species: string[], positions: Vec3[], cell: Cp2kOutput['cell']): Structure {
  return {
    species,
    positions: positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: cell ? (cell.map((row) => row.map((x) => x * ANGSTROM)) as Structure['lattice']) : null,
    periodic: cell ? [true, true, true] : [false, false, false],
  };
}

/** Seconds of SCF iterations so far (NOMAD's clock: the sum of the 'Time' column of the kept cycles). */
interface Clock {
  elapsed: number;
}

function calculationOf(evaluation: Cp2kEvaluation, systemIndex: number, clock: Clock): RunCalculation {
  const calculation: RunCalculation = {
    ...calculationRefs(systemIndex),
    energy: {
      total: { value: evaluation.energy! * HARTREE },
      ...(evaluation.xc !== undefined ? { xc: { value: evaluation.xc * HARTREE } } : {}),
    },
  };
  Object.assign(calculation, scfIterations(evaluation.iterations, HARTREE));
  const iterations = calculation.scf_iteration;
  if (iterations && evaluation.iterationTimes.length === iterations.length) {
    const start = clock.elapsed;
    evaluation.iterationTimes.forEach((time, index) => {
      clock.elapsed += time;
      iterations[index]!.time_calculation = time;
      iterations[index]!.time_physical = clock.elapsed;
    });
    calculation.time_calculation = clock.elapsed - start;
    calculation.time_physical = clock.elapsed;
  }
  if (evaluation.converged !== undefined) calculation.calculation_converged = evaluation.converged;
  if (evaluation.forces) calculation.forces = forcesSection(evaluation.forces, HARTREE / BOHR);
  if (evaluation.md?.temperature !== undefined) calculation.temperature = evaluation.md.temperature;
  // The simulated time; time_physical is the clock above.
  if (evaluation.md?.time !== undefined) calculation.time = evaluation.md.time * FEMTOSECOND;
  if (evaluation.md?.step !== undefined) calculation.step = evaluation.md.step;
  return calculation;
}

/** NOMAD's name of the optimiser of CP2K's banner. */
function optimizerName(banner: string | undefined): string | undefined {
  const key = (banner ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  if (key.startsWith('CONJUGATEGRADIENT')) return 'conjugate gradient';
  if (key === 'LBFGS') return 'l-bfgs';
  if (key === 'BFGS') return 'bfgs';
  if (key.startsWith('STEEPESTDESCENT')) return 'steepest descent';
  return undefined;
}

/**
 * A geometry optimisation's evaluations as NOMAD counts them: the first (step 0), the last of each
 * optimisation step (its line searches before it are left out) and the re-evaluation at the minimum.
 */
function optimizationSteps(evaluations: readonly Cp2kEvaluation[]): Cp2kEvaluation[] {
  const kept: Cp2kEvaluation[] = [];
  evaluations.forEach((evaluation, index) => {
    const next = evaluations[index + 1];
    if (!next || next.optimizationStep !== evaluation.optimizationStep) kept.push(evaluation);
  });
  return kept;
}

/** NOMAD's ensemble of CP2K's ENSEMBLE keyword: both NPT kinds (isotropic, flexible cell) are NPT. */
const ensembleOf = (name: string | undefined) => thermodynamicEnsemble(name?.replace(/^NPT_[IF]$/, 'NPT'));

function workflowOf(out: Cp2kOutput): Workflow {
  if (out.runType === 'MD') {
    const ensemble = ensembleOf(out.ensemble);
    return molecularDynamics({
      ...(ensemble ? { thermodynamic_ensemble: ensemble } : {}),
      ...(out.timeStep !== undefined ? { integration_timestep: out.timeStep * FEMTOSECOND } : {}),
    });
  }
  if (out.runType === 'GEO_OPT' || out.runType === 'CELL_OPT') {
    const method = optimizerName(out.optimizer);
    return geometryOptimization({
      type: out.runType === 'CELL_OPT' ? 'cell_shape' : 'atomic',
      ...(method ? { method } : {}),
    });
  }
  return singlePoint();
}

/**
 * The archive of an output; `frames` are the MD trajectory's (frame i the geometry of evaluation i),
 * without them every evaluation refers to the initial coordinates.
 */
export function cp2kArchive(out: Cp2kOutput, frames: readonly Cp2kFrame[] = []): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'PROGRAM ENDED': the run did not finish");
  const optimization = out.evaluations.some((e) => e.optimizationStep !== undefined);
  const evaluations = optimization ? optimizationSteps(out.evaluations) : out.evaluations;
  const structures = [structureOf(out.species, out.positions, out.cell)];
  // MD: frame i is the geometry of evaluation i. Optimisation: the file has the steps after the
  // initial geometry (the last one that of the re-evaluation at the minimum).
  const needed = optimization ? evaluations.length - 1 : evaluations.length;
  const usable =
    needed > 0 && frames.length >= needed && frames.every((f) => f.positions.length === out.positions.length);
  if (frames.length > 0 && !usable)
    warnings.push(
      `the trajectory has ${frames.length} frames of other sizes or fewer than the ${needed} steps: only the initial coordinates are used`,
    );
  else if (optimization && frames.length === 0 && evaluations.length > 1)
    warnings.push(
      'no trajectory of the optimisation steps beside the output: all refer to the initial coordinates',
    );
  if (usable) {
    const steps = frames.slice(0, needed).map((f) => structureOf(f.species, f.positions, out.cell));
    structures.splice(optimization ? 1 : 0, optimization ? 0 : 1, ...steps);
  }
  const clock: Clock = { elapsed: 0 };
  const calculations = evaluations.map((evaluation, index) =>
    calculationOf(evaluation, usable ? index : 0, clock),
  );
  const run = codeRun('CP2K', out.version, methodOf(out, warnings), structures, calculations);
  return { run, workflow2: workflowOf(out), structure: structures[structures.length - 1]!, warnings };
}
