// From a NAMD log (and the coordinates, structure and trajectory beside it) to NOMAD's run and workflow2
// sections in SI units: one calculation per ENERGY line, the initial system, trajectory frames and the
// final coordinates, the force-field settings and the MD workflow.
import { ANGSTROM, AVOGADRO, FEMTOSECOND, PICOSECOND, type Mat3, type Vec3 } from '@oasis/chem';
import type {
  CalculationEnergy,
  ForceCalculations,
  MolecularDynamicsMethod,
  Run,
  RunCalculation,
  RunMethod,
  WithCodeSpecific,
} from '@oasis/schema';
import { systemSection } from '../../run-sections.ts';
import type { Structure } from '../../structure.ts';
import { geometryOptimization, molecularDynamics, type CodeArchive } from '../code-sections.ts';
import type { ConfigValue } from './read-inputs.ts';
import type { NamdLog } from './read-log.ts';

/** NAMD's energies are kcal/mol of the whole system. */
const KCAL_PER_MOL = 4184 / AVOGADRO;
const BAR = 1e5;

/** A geometry of the run: its step, positions (Å) and cell rows (Å), if any. */
export interface NamdFrame {
  step: number;
  positions: readonly (readonly number[])[];
  cell?: readonly (readonly number[])[];
}

type EnergyKey = 'total' | 'electrostatic' | 'van_der_waals' | 'kinetic' | 'potential';

/** Where each ENERGY column goes. */
const COLUMNS: Readonly<
  Record<
    string,
    | { energy: EnergyKey }
    | { contribution: string }
    | { quantity: string; factor: number }
    | { code: `x_${string}` }
  >
> = {
  bond: { contribution: 'bond' },
  angle: { contribution: 'angle' },
  dihed: { contribution: 'dihedral' },
  imprp: { contribution: 'improper' },
  boundary: { contribution: 'boundary' },
  misc: { contribution: 'miscellaneous' },
  cross: { contribution: 'crossterm' },
  elect: { energy: 'electrostatic' },
  vdw: { energy: 'van_der_waals' },
  total: { energy: 'total' },
  kinetic: { energy: 'kinetic' },
  potential: { energy: 'potential' },
  total3: { code: 'x_namd_total3' as const },
  temp: { quantity: 'temperature', factor: 1 },
  tempavg: { quantity: 'x_namd_temperature_average', factor: 1 },
  pressure: { quantity: 'pressure', factor: BAR },
  gpressure: { quantity: 'x_namd_gpressure', factor: BAR },
  pressavg: { quantity: 'x_namd_pressure_average', factor: BAR },
  gpressavg: { quantity: 'x_namd_gpressure_average', factor: BAR },
  volume: { quantity: 'x_namd_volume', factor: ANGSTROM ** 3 },
};

function calculationOf(columns: readonly string[], row: readonly number[]): WithCodeSpecific<RunCalculation> {
  const calculation: WithCodeSpecific<RunCalculation> = { step: row[0]!, method_ref: '/run/0/method/0' };
  const energy: WithCodeSpecific<CalculationEnergy> = {};
  const contributions: { kind: string; value: number }[] = [];
  columns.forEach((column, index) => {
    const target = COLUMNS[column];
    const value = row[index];
    if (!target || value === undefined) return;
    if ('quantity' in target)
      (calculation as Record<string, unknown>)[target.quantity] = value * target.factor;
    else if ('contribution' in target)
      contributions.push({ kind: target.contribution, value: value * KCAL_PER_MOL });
    else if ('energy' in target) energy[target.energy] = { value: value * KCAL_PER_MOL };
    else energy[target.code] = { value: value * KCAL_PER_MOL };
  });
  // NOMAD also keeps the kinetic and potential parts on the total.
  if (energy.total) {
    if (energy.kinetic?.value !== undefined) energy.total.kinetic = energy.kinetic.value;
    if (energy.potential?.value !== undefined) energy.total.potential = energy.potential.value;
  }
  if (contributions.length > 0) energy.contributions = contributions;
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  return calculation;
}

/**
 * Wall time per step from the TIMING line covering it (every 'TIMING OUTPUT STEPS'), and the wall time at
 * the step's end: the previous TIMING's wall time plus its per-step time for the steps since. Without
 * TIMING lines, the run's WallClock spread evenly over its steps.
 */
function timesOf(log: NamdLog, step: number): Pick<RunCalculation, 'time_calculation' | 'time_physical'> {
  const timing = log.timings.find((t) => t.step > step);
  if (timing) {
    const before = [...log.timings].reverse().find((t) => t.step <= step);
    const since = step - (before?.step ?? 0) + 1;
    return { time_calculation: timing.perStep, time_physical: (before?.wall ?? 0) + timing.perStep * since };
  }
  const steps = log.rows.length;
  if (log.wallClock !== undefined && steps > 0) {
    const perStep = log.wallClock / steps;
    return { time_calculation: perStep, time_physical: perStep * step };
  }
  return {};
}

function forceCalculationsOf(log: NamdLog): ForceCalculations | undefined {
  const p = log.parameters;
  const calculations: ForceCalculations = {};
  const cutoff = p['SWITCHING OFF'] ?? p.CUTOFF;
  if (cutoff !== undefined) {
    calculations.vdw_cutoff = cutoff * ANGSTROM;
    calculations.coulomb_cutoff = cutoff * ANGSTROM;
  }
  calculations.coulomb_type = log.pme ? 'particle_mesh_ewald' : log.msm ? 'multilevel_summation' : 'cutoff';
  const pairlist = p['PAIRLIST DISTANCE'];
  const perCycle = p['STEPS PER CYCLE'];
  const lists = p['PAIRLISTS PER CYCLE'] ?? 1;
  if (pairlist !== undefined || perCycle !== undefined)
    calculations.neighbor_searching = {
      ...(perCycle !== undefined
        ? { neighbor_update_frequency: Math.max(1, Math.round(perCycle / lists)) }
        : {}),
      ...(pairlist !== undefined ? { neighbor_update_cutoff: pairlist * ANGSTROM } : {}),
    };
  return calculations;
}

const diagonal = (x: number): Mat3 => [
  [x, 0, 0],
  [0, x, 0],
  [0, 0, x],
];

function mdMethodOf(log: NamdLog): MolecularDynamicsMethod {
  const p = log.parameters;
  const thermostat = log.langevin
    ? { type: undefined }
    : log.stochasticRescaling
      ? { type: 'velocity_rescaling' as const }
      : log.velocityRescaling
        ? { type: 'velocity_rescaling_woodcock' as const }
        : log.temperatureCoupling
          ? { type: 'berendsen' as const }
          : undefined;
  const barostat = log.langevinPiston || log.berendsenPressure;
  const ensemble = thermostat ? (barostat ? 'NPT' : 'NVT') : barostat ? 'NPH' : 'NVE';
  const method: MolecularDynamicsMethod = {
    thermodynamic_ensemble: ensemble,
    // Velocity Verlet, with r-RESPA multiple time steps when long-range forces are evaluated less often.
    integrator_type:
      (p['FULL ELECTROSTATIC EVALUATION FREQUENCY'] ?? 1) > 1 ? 'rRESPA_multitimescale' : 'velocity_verlet',
  };
  if (p.TIMESTEP !== undefined) method.integration_timestep = p.TIMESTEP * FEMTOSECOND;
  if (p['NUMBER OF STEPS'] !== undefined) method.n_steps = p['NUMBER OF STEPS'];
  if (p['DCD FREQUENCY'] !== undefined) method.coordinate_save_frequency = p['DCD FREQUENCY'];
  if (p['ENERGY OUTPUT STEPS'] !== undefined) method.thermodynamics_save_frequency = p['ENERGY OUTPUT STEPS'];
  const temperature =
    p['LANGEVIN TEMPERATURE'] ?? p['TEMPERATURE COUPLING TARGET'] ?? p['INITIAL TEMPERATURE'];
  if (thermostat)
    method.thermostat_parameters = [
      {
        ...(thermostat.type ? { thermostat_type: thermostat.type } : {}),
        ...(temperature !== undefined ? { reference_temperature: temperature } : {}),
        // The Langevin damping coefficient is a rate: its inverse is the coupling time.
        ...(log.langevin && log.langevinDamping
          ? { coupling_constant: PICOSECOND / log.langevinDamping }
          : {}),
      },
    ];
  if (barostat)
    method.barostat_parameters = [
      {
        ...(log.berendsenPressure ? { barostat_type: 'berendsen' as const } : {}),
        ...(log.targetPressure !== undefined
          ? { reference_pressure: diagonal(log.targetPressure * BAR) }
          : {}),
      },
    ];
  return method;
}

function structureOf(frame: NamdFrame, labels: readonly string[], fallbackCell: NamdLog['cell']): Structure {
  const metres = (v: readonly number[]) => v.map((x) => x * ANGSTROM) as Vec3;
  const cell = frame.cell ?? fallbackCell;
  return {
    species: [...labels],
    positions: frame.positions.map(metres),
    lattice: cell ? (cell.map(metres) as Mat3) : null,
    periodic: cell ? [true, true, true] : [false, false, false],
  };
}

export interface NamdInputs {
  config?: Record<string, ConfigValue>;
  labels: string[];
  /** The input coordinates, then trajectory frames and the final coordinates, in step order. */
  frames: NamdFrame[];
}

export function namdArchive(
  log: NamdLog,
  inputs: NamdInputs,
): Omit<CodeArchive, 'structure'> & { structure?: Structure } {
  const warnings = [...log.warnings];
  if (!log.finished) warnings.push("the log has no 'WallClock' or 'End of program': the run did not finish");
  // A run that only minimizes (no 'run' command in its configuration) is a geometry optimisation.
  const optimisation = log.minimization && inputs.config !== undefined && inputs.config.run === undefined;
  const frames = inputs.frames.filter((frame) => frame.positions.length === inputs.labels.length);
  if (frames.length < inputs.frames.length)
    warnings.push(
      `${inputs.frames.length - frames.length} geometries have another number of atoms: left out`,
    );
  const structures = frames.map((frame) => structureOf(frame, inputs.labels, log.cell));
  const systemOfStep = new Map(frames.map((frame, index) => [frame.step, index]));
  const calculations = log.rows.map((row) => {
    const calculation = { ...calculationOf(log.columns, row), ...timesOf(log, row[0]!) };
    const system = systemOfStep.get(calculation.step!);
    if (system !== undefined) calculation.system_ref = `/run/0/system/${system}`;
    return calculation;
  });
  const method: WithCodeSpecific<RunMethod> = {
    force_field: {
      model: [{ ...(log.files.parameters.length > 0 ? { name: log.files.parameters.join(', ') } : {}) }],
      force_calculations: forceCalculationsOf(log),
    },
    x_namd_simulation_parameters: log.parameters,
    ...(inputs.config ? { x_namd_input_parameters: inputs.config } : {}),
  };
  const run: Run = {
    program: {
      name: 'NAMD',
      ...(log.version ? { version: log.version } : {}),
      ...(log.arch ? { x_namd_build_osarch: log.arch } : {}),
    },
    method: [method],
    ...(structures.length > 0 ? { system: structures.map(systemSection) } : {}),
    ...(calculations.length > 0 ? { calculation: calculations } : {}),
  };
  return {
    run,
    workflow2: optimisation
      ? geometryOptimization({ type: 'atomic', method: 'conjugate_gradient' })
      : molecularDynamics(mdMethodOf(log)),
    ...(structures.length > 0 ? { structure: structures.at(-1)! } : {}),
    warnings,
  };
}
