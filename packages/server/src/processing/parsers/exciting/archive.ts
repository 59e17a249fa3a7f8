// From exciting's INFO.OUT to NOMAD's run and workflow2 sections, in SI units: one system and one
// calculation per ground state, hybrid run, optimisation step and optimised state.
import { BOHR, ELECTRON_MASS, ELEMENTARY_CHARGE, HARTREE, type Vec3 } from '@oasis/chem';
import type {
  AtomParameters,
  BasisSet,
  BasisSetContainer,
  CalculationCharges,
  CalculationEnergy,
  MethodElectronic,
  MethodScf,
  RunCalculation,
  RunMethod,
  ScfIteration,
  Workflow,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  cartesian,
  codeRun,
  forcesSection,
  geometryOptimization,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { ExcitingGeometry, ExcitingInfo, ExcitingIteration, ExcitingStep } from './read-info.ts';

/** libxc names of exciting's xctype numbers. */
const XC_TYPES: Readonly<Record<number, readonly string[]>> = {
  2: ['LDA_X', 'LDA_C_PZ'],
  3: ['LDA_X', 'LDA_C_PW'],
  20: ['GGA_X_PBE', 'GGA_C_PBE'],
  21: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  22: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  26: ['GGA_X_WC', 'GGA_C_PBE'],
  30: ['GGA_X_AM05', 'GGA_C_AM05'],
  406: ['HYB_GGA_XC_PBEH'],
  408: ['HYB_GGA_XC_HSE03'],
};

/** NOMAD's energy terms of INFO.OUT's iteration lines. */
const ENERGY_TERMS: Readonly<
  Record<string, 'total' | 'kinetic_electronic' | 'coulomb' | 'exchange' | 'correlation'>
> = {
  total: 'total',
  kinetic: 'kinetic_electronic',
  coulomb: 'coulomb',
  exchange: 'exchange',
  correlation: 'correlation',
};

/** The settings input.xml adds to INFO.OUT's. */
export interface ExcitingInput {
  /** k-point grid offset, in grid steps. */
  kOffset?: number[];
}

const LAPW_REPRESENTATION: BasisSetContainer = { type: '(L)APW+lo', scope: ['wavefunction'] };

/** The species as NOMAD's atom_parameters (exciting gives masses in electron masses). */
function atomParametersOf(info: ExcitingInfo): AtomParameters[] {
  return info.species.map((species) => ({
    label: species.symbol,
    ...(species.nuclearCharge !== undefined ? { atom_number: Math.round(species.nuclearCharge) } : {}),
    ...(species.mass !== undefined ? { mass: species.mass * ELECTRON_MASS } : {}),
  }));
}

/**
 * The (L)APW+lo basis: plane waves up to |G+k|max in the interstitial (their cut-off energy
 * |G+k|max^2/2), and per species a muffin-tin sphere of its radius, radial grid and l cut-off.
 */
function lapwRepresentation(info: ExcitingInfo): BasisSetContainer {
  const basisSet: BasisSet[] = [];
  if (info.gkMax !== undefined)
    basisSet.push({
      type: 'plane waves',
      scope: ['interstitial'],
      cutoff: ((info.gkMax * info.gkMax) / 2) * HARTREE,
    });
  info.species.forEach((species, index) => {
    if (species.muffinTinRadius === undefined) return;
    basisSet.push({
      scope: ['muffin-tin'],
      shape: 'spherical',
      radius: species.muffinTinRadius * BOHR,
      ...(species.radialPoints !== undefined ? { n_radial_grid_points: species.radialPoints } : {}),
      ...(info.lMaxApw !== undefined ? { spherical_harmonics_cutoff: info.lMaxApw } : {}),
      atom_parameters: `/run/0/method/0/atom_parameters/${index}`,
    });
  });
  return { ...LAPW_REPRESENTATION, ...(basisSet.length > 0 ? { basis_set: basisSet } : {}) };
}

/** libxc names of the functionals exciting's libxc line ('libxc; exchange: ...; correlation: ...') names. */
const LIBXC_DESCRIPTIONS: readonly [RegExp, string, string][] = [
  [/Perdew, Burke & Ernzerhof SOL|PBEsol/i, 'GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  [/Perdew, Burke & Ernzerhof/i, 'GGA_X_PBE', 'GGA_C_PBE'],
  [/Slater exchange/i, 'LDA_X', 'LDA_X'],
  [/Perdew & Wang/i, 'LDA_C_PW', 'LDA_C_PW'],
  [/Perdew & Zunger/i, 'LDA_C_PZ', 'LDA_C_PZ'],
];

function libxcNames(description: string | undefined): string[] | undefined {
  const parts = /exchange:\s*([^;]+);\s*correlation:\s*([^(;]+)/.exec(description ?? '');
  if (!parts) return undefined;
  const exchange = LIBXC_DESCRIPTIONS.find(([pattern]) => pattern.test(parts[1]!))?.[1];
  const correlation = LIBXC_DESCRIPTIONS.find(([pattern]) => pattern.test(parts[2]!))?.[2];
  return exchange && correlation ? [exchange, correlation] : undefined;
}

function methodOf(info: ExcitingInfo, input: ExcitingInput, warnings: string[]): RunMethod {
  const names =
    info.xcType === 100 ? libxcNames(info.xc) : info.xcType !== undefined ? XC_TYPES[info.xcType] : undefined;
  if (info.xcType !== undefined && !names)
    warnings.push(`exchange-correlation type ${info.xcType} (${info.xc ?? ''}) has no libxc names here`);
  const functional = xcFunctional(names ?? []);
  const electronic: MethodElectronic = { method: 'DFT', n_spin_channels: info.spinPolarized ? 2 : 1 };
  if (info.smearing) {
    electronic.smearing = {
      kind: info.smearing.scheme.toLowerCase(),
      ...(info.smearing.width !== undefined ? { width: info.smearing.width * HARTREE } : {}),
    };
  }
  const method: RunMethod = {
    dft: { xc_functional: functional },
    electronic,
    electrons_representation: [lapwRepresentation(info)],
  };
  if (info.species.length > 0) method.atom_parameters = atomParametersOf(info);
  const scf: MethodScf = {};
  if (info.energyTarget !== undefined) scf.threshold_energy_change = info.energyTarget * HARTREE;
  if (info.chargeTarget !== undefined) scf.threshold_density_change = info.chargeTarget;
  if (Object.keys(scf).length > 0) method.scf = scf;
  if (info.kGrid?.length === 3) method.k_mesh = { grid: info.kGrid, offset: input.kOffset ?? [0, 0, 0] };
  return method;
}

export function structureOf(
  geometry: ExcitingGeometry,
  lattice: NonNullable<ExcitingInfo['lattice']>,
): Structure {
  const cell = lattice.map((row) => row.map((x) => x * BOHR)) as [Vec3, Vec3, Vec3];
  return {
    species: geometry.species,
    positions: geometry.cartesian
      ? geometry.fractional.map((r) => r.map((x) => x * BOHR) as Vec3)
      : cartesian(geometry.fractional, cell),
    lattice: cell,
    periodic: [true, true, true],
  };
}

function energyOf(iteration: ExcitingIteration): CalculationEnergy {
  const energy: CalculationEnergy = {};
  for (const [key, term] of Object.entries(ENERGY_TERMS)) {
    const value = iteration.energies[key];
    if (value !== undefined) energy[term] = { value: value * HARTREE };
  }
  if (iteration.energies.fermi !== undefined) energy.fermi = iteration.energies.fermi * HARTREE;
  return energy;
}

function chargesOf(iteration: ExcitingIteration): CalculationCharges[] {
  const total = iteration.charges.total;
  if (total === undefined) return [];
  const charges: CalculationCharges = { total: total * ELEMENTARY_CHARGE };
  // The muffin-tin charges are electrons in each atom's sphere (the interstitial ones are not shared out).
  if (iteration.muffinTin.length > 0) {
    charges.n_atoms = iteration.muffinTin.length;
    charges.n_electrons = iteration.muffinTin;
  }
  return [charges];
}

/** The SCF iterations as printed, with their energies and the wall time each took. */
function scfIterationsOf(
  iterations: ExcitingIteration[],
): Pick<RunCalculation, 'n_scf_iterations' | 'scf_iteration'> {
  if (iterations.length === 0) return {};
  let previous = 0;
  const scf = iterations.map((iteration) => {
    const section: ScfIteration = { energy: energyOf(iteration) };
    if (iteration.wallTime !== undefined) {
      section.time_physical = iteration.wallTime;
      section.time_calculation = iteration.wallTime - previous;
      previous = iteration.wallTime;
    }
    return section;
  });
  return { n_scf_iterations: iterations.length, scf_iteration: scf };
}

function calculationOf(step: ExcitingStep, index: number): RunCalculation {
  const state = step.state;
  const energy: CalculationEnergy = state ? energyOf(state) : {};
  energy.total = { value: step.energy * HARTREE };
  const calculation: RunCalculation = { ...calculationRefs(index), energy };
  Object.assign(calculation, scfIterationsOf(step.iterations));
  if (state) {
    const charges = chargesOf(state);
    if (charges.length > 0) calculation.charges = charges;
    if (state.gap !== undefined && state.gap > 0 && state.energies.fermi !== undefined)
      calculation.band_gap = [{ value: state.gap * HARTREE }];
  }
  if (step.converged !== undefined) calculation.calculation_converged = step.converged;
  if (step.forces) calculation.forces = forcesSection(step.forces, HARTREE / BOHR);
  return calculation;
}

/** time_calculation and time_physical (seconds since the run started) of each calculation. */
function addTimes(info: ExcitingInfo, calculations: RunCalculation[]): void {
  let elapsed = 0;
  info.steps.forEach((step, index) => {
    const calculation = calculations[index]!;
    let seconds: number | undefined;
    if (step.kind === 'groundstate' || step.kind === 'hybrids') {
      const walls = step.iterations.map((it) => it.wallTime).filter((t) => t !== undefined);
      if (walls.length > 0) seconds = walls[walls.length - 1]!;
      // A hybrid run prints no wall times: it lasts until the run's total time.
      else if (step.kind === 'hybrids' && info.totalTime !== undefined) seconds = info.totalTime - elapsed;
    } else if (step.kind === 'optimization') seconds = step.seconds;
    else if (info.totalTime !== undefined) seconds = info.totalTime - elapsed;
    if (seconds !== undefined) {
      calculation.time_calculation = seconds;
      elapsed += seconds;
    }
    if (seconds !== undefined || index > 0) calculation.time_physical = elapsed;
  });
}

export function excitingArchive(info: ExcitingInfo, input: ExcitingInput = {}): CodeArchive {
  const warnings: string[] = [];
  if (!info.finished) warnings.push("INFO.OUT has no 'EXCITING ... stopped': the run did not finish");
  const steps = [...info.steps];
  if (info.unfinished) {
    const last = info.unfinished[info.unfinished.length - 1]!;
    if (last.energies.total !== undefined) {
      warnings.push(`INFO.OUT stops inside an SCF after ${info.unfinished.length} iterations`);
      steps.push({
        kind: 'groundstate',
        geometry: info.initial,
        iterations: info.unfinished,
        state: last,
        energy: last.energies.total,
        converged: false,
      });
    }
  }
  if (steps.length === 0) warnings.push('INFO.OUT has no completed SCF: the system only');
  const lattice = info.lattice!;
  const structures =
    steps.length > 0
      ? steps.map((step) => structureOf(step.geometry, lattice))
      : [structureOf(info.initial, lattice)];
  const calculations = steps.map(calculationOf);
  addTimes({ ...info, steps }, calculations);
  const run = codeRun('exciting', info.version, methodOf(info, input, warnings), structures, calculations);
  if (info.hash) run.program = { ...run.program, version_internal: info.hash };
  if (info.totalTime !== undefined) run.time_run = { wall_end: info.totalTime, wall_start: 0 };
  const optimization = steps.some((step) => step.kind === 'optimization');
  const workflow2: Workflow = optimization ? geometryOptimization({ type: 'atomic' }) : singlePoint();
  return { run, workflow2, structure: structures[structures.length - 1]!, warnings };
}
