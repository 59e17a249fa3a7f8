// From a LAMMPS log (and the data file it read) to NOMAD's run and workflow2 sections, in SI units: the
// force field, the initial system, one calculation per thermodynamic output.
import {
  ANGSTROM,
  AVOGADRO,
  BOHR,
  ELECTRON_VOLT,
  elementOfMass,
  FEMTOSECOND,
  HARTREE,
  PICOSECOND,
  type Vec3,
} from '@oasis/chem';
import type {
  BarostatParameters,
  CalculationEnergy,
  ForceCalculations,
  GeometryOptimizationMethod,
  GeometryOptimizationWorkflow,
  MolecularDynamicsMethod,
  Run,
  RunCalculation,
  RunMethod,
  ThermostatParameters,
} from '@oasis/schema';
import { systemSection } from '../../run-sections.ts';
import { type Structure } from '../../structure.ts';
import {
  calculationRefs,
  geometryOptimization,
  molecularDynamics,
  type CodeArchive,
} from '../code-sections.ts';
import type { DumpFrame } from './read-dump.ts';
import type { LammpsData, LammpsLog, ThermoRow } from './read-lammps.ts';

type Units = (typeof UNITS)[string];

const KCAL = 4184;
const ATMOSPHERE = 101325;

/** SI factors of LAMMPS' unit styles (lj is unitless: no conversion is claimed for it). */
const UNITS: Readonly<Record<string, { energy: number; length: number; time: number; pressure: number }>> = {
  real: { energy: KCAL / AVOGADRO, length: ANGSTROM, time: FEMTOSECOND, pressure: ATMOSPHERE },
  metal: { energy: ELECTRON_VOLT, length: ANGSTROM, time: PICOSECOND, pressure: 1e5 },
  si: { energy: 1, length: 1, time: 1, pressure: 1 },
  electron: { energy: HARTREE, length: BOHR, time: FEMTOSECOND, pressure: 1e6 },
};

const ENSEMBLES: Readonly<
  Record<
    string,
    {
      ensemble: NonNullable<MolecularDynamicsMethod['thermodynamic_ensemble']>;
      thermostat?: ThermostatParameters['thermostat_type'];
      barostat?: BarostatParameters['barostat_type'];
    }
  >
> = {
  nve: { ensemble: 'NVE' },
  nvt: { ensemble: 'NVT', thermostat: 'nose_hoover' },
  npt: { ensemble: 'NPT', thermostat: 'nose_hoover', barostat: 'nose_hoover' },
  nph: { ensemble: 'NPH', barostat: 'nose_hoover' },
  langevin: { ensemble: 'NVT', thermostat: 'langevin_schneider' },
  'temp/berendsen': { ensemble: 'NVT', thermostat: 'berendsen' },
  'temp/csvr': { ensemble: 'NVT', thermostat: 'velocity_rescaling' },
};

/** An element per atom type from its mass; lj masses are reduced, so they name no element. */
function labelsOf(
  atoms: readonly { type: number; element?: string }[],
  masses: ReadonlyMap<number, number>,
  reduced: boolean,
  warnings: string[],
): string[] {
  const unknown = new Set<number>();
  const labels = atoms.map(({ type, element }) => {
    if (element) return element;
    const mass = masses.get(type);
    const symbol = mass === undefined || reduced ? undefined : elementOfMass(mass);
    if (!symbol && !Number.isNaN(type)) unknown.add(type);
    return symbol ?? 'X';
  });
  if (unknown.size > 0)
    warnings.push(`atom types ${[...unknown].sort().join(', ')} have no element of their mass: they are 'X'`);
  return labels;
}

function structureOf(
  atoms: readonly { position: readonly number[] }[],
  box: LammpsData['box'] | undefined,
  origin: readonly number[],
  labels: string[],
  length: number,
): Structure {
  const toMetres = (v: readonly number[]) => v.map((x) => x * length) as Vec3;
  return {
    species: labels,
    positions: atoms.map(({ position }) => toMetres(position.map((x, i) => x - origin[i]!))),
    lattice: box ? (box.map(toMetres) as Structure['lattice']) : null,
    periodic: box ? [true, true, true] : [false, false, false],
  };
}

function calculationOf(
  row: ThermoRow,
  units: (typeof UNITS)[string] | undefined,
  timestep: number | undefined,
): RunCalculation {
  const value = (key: string) => row.values.get(key);
  const calculation: RunCalculation = calculationRefs(0);
  const step = value('Step');
  if (step !== undefined) {
    calculation.step = step;
    // The simulated time; time_physical is the elapsed wall time (the CPU column), below.
    if (units && timestep !== undefined) calculation.time = step * timestep * units.time;
  }
  const elapsed = value('CPU');
  if (elapsed !== undefined && Number.isFinite(elapsed)) calculation.time_physical = elapsed;
  const temperature = value('Temp');
  if (temperature !== undefined) calculation.temperature = temperature;
  if (units) {
    const pressure = value('Press');
    if (pressure !== undefined) calculation.pressure = pressure * units.pressure;
    const energy: CalculationEnergy = {};
    const total = value('TotEng');
    const potential = value('PotEng');
    const kinetic = value('KinEng');
    if (total !== undefined) energy.total = { value: total * units.energy };
    if (potential !== undefined) energy.potential = { value: potential * units.energy };
    if (kinetic !== undefined) energy.kinetic = { value: kinetic * units.energy };
    if (Object.keys(energy).length > 0) calculation.energy = energy;
  }
  return calculation;
}

export function lammpsArchive(
  log: LammpsLog,
  data: LammpsData | undefined,
  frames: readonly DumpFrame[] = [],
): Omit<CodeArchive, 'structure'> & { structure?: Structure } {
  const warnings: string[] = [];
  if (!log.finished) warnings.push("the log has no 'Loop time': the run did not finish");
  const units = UNITS[log.units];
  if (!units) warnings.push(`units ${log.units}: values are kept without SI conversion`);
  const length = units?.length ?? ANGSTROM;
  const reduced = log.units === 'lj';
  const masses = new Map([...log.masses, ...(data?.masses ?? [])]);
  const initial = data
    ? structureOf(data.atoms, data.box, data.origin, labelsOf(data.atoms, masses, reduced, warnings), length)
    : undefined;
  // A trajectory gives the systems, one per frame with its step (thermo rows of that step refer to it);
  // the data file's types name the atoms of frames that give none (dcd).
  const atomCount = data?.atoms.length ?? frames[0]?.atoms.length;
  const usable = frames.filter((frame) => frame.atoms.length === atomCount);
  if (usable.length < frames.length)
    warnings.push(`${frames.length - usable.length} dump frames have another number of atoms: left out`);
  const frameStructures = usable.map((frame, index) => {
    const atoms = frame.atoms.map((atom, k) =>
      Number.isNaN(atom.type) && !atom.element && data ? { ...atom, type: data.atoms[k]!.type } : atom,
    );
    const labels = labelsOf(atoms, masses, reduced, index === 0 && !initial ? warnings : []);
    // The reader has taken the frame's origin off already.
    return structureOf(atoms, frame.box ?? data?.box, [0, 0, 0], labels, length);
  });
  const frameOfStep = new Map(usable.map((frame, index) => [frame.step, index]));
  const systems = frameStructures.length > 0 ? frameStructures : initial ? [initial] : [];
  const forceCalculations = forceCalculationsOf(log, units);
  const method: RunMethod = {
    force_field: {
      model: [{ name: log.pairStyle ?? 'unknown' }],
      ...(forceCalculations ? { force_calculations: forceCalculations } : {}),
    },
  };
  const run: Run = {
    program: { name: 'LAMMPS', ...(log.version ? { version: log.version } : {}) },
    method: [method],
    ...(systems.length > 0 ? { system: systems.map(systemSection) } : {}),
  };
  if (log.thermo.length > 0)
    run.calculation = log.thermo.map((row) => {
      const calculation = calculationOf(row, units, log.timestep);
      const frame = frameOfStep.get(row.values.get('Step') ?? Number.NaN);
      if (frame !== undefined) calculation.system_ref = `/run/0/system/${frame}`;
      // With a trajectory, a step between its frames has no positions of its own: no system.
      else if (usable.length > 0 || systems.length === 0) delete calculation.system_ref;
      return calculation;
    });
  const workflow2 =
    log.minimize && !log.runSteps ? minimisation(log, units) : molecularDynamics(mdMethodOf(log, units));
  return {
    run,
    workflow2,
    ...(systems.length > 0 ? { structure: systems[systems.length - 1]! } : {}),
    warnings,
  };
}

/** Pair styles' cut-offs: 'lj/cut/coul/long 10 12' (LJ, then Coulomb, which defaults to the LJ one). */
function forceCalculationsOf(log: LammpsLog, units: Units | undefined): ForceCalculations | undefined {
  const calculations: ForceCalculations = {};
  const [style = '', ...args] = (log.pairStyle ?? '').split(/\s+/);
  const numbers = args.map(Number).filter(Number.isFinite);
  if (units && numbers.length > 0) {
    // CHARMM styles give an inner and an outer cut-off: the outer one cuts.
    const charmm = /charmm/.test(style);
    const vdw = charmm ? numbers[1] : numbers[0];
    const coulomb = charmm ? (numbers[3] ?? numbers[1]) : (numbers[1] ?? numbers[0]);
    if (vdw !== undefined && /^(?:lj|buck|morse|born)/.test(style))
      calculations.vdw_cutoff = vdw * units.length;
    if (coulomb !== undefined && /coul/.test(style)) calculations.coulomb_cutoff = coulomb * units.length;
  }
  if (log.neighbourEvery !== undefined)
    calculations.neighbor_searching = { neighbor_update_frequency: log.neighbourEvery };
  return Object.keys(calculations).length > 0 ? calculations : undefined;
}

/** The fix's damping time after 'temp Tstart Tstop' (nvt, npt) or after Tstart Tstop (langevin, berendsen). */
function dampingOf(fix: LammpsLog['fixes'][number]): number | undefined {
  const nose = fix.style === 'nvt' || fix.style === 'npt';
  if (nose && !fix.args.includes('temp')) return undefined;
  const start = nose ? fix.args.indexOf('temp') + 1 : 0;
  const value = Number(fix.args[start + 2]);
  return Number.isFinite(value) ? value : undefined;
}

function mdMethodOf(log: LammpsLog, units: Units | undefined): MolecularDynamicsMethod {
  const thermostatFix = log.fixes.find((fix) => ENSEMBLES[fix.style]);
  const integrator = (thermostatFix && ENSEMBLES[thermostatFix.style]) ?? ENSEMBLES.nve!;
  // 'run' integrates with velocity Verlet (LAMMPS' default run_style verlet).
  const mdMethod: MolecularDynamicsMethod = {
    thermodynamic_ensemble: integrator.ensemble,
    integrator_type: 'velocity_verlet',
  };
  if (units && log.timestep !== undefined) mdMethod.integration_timestep = log.timestep * units.time;
  if (log.runSteps !== undefined) mdMethod.n_steps = log.runSteps;
  if (log.dumpEvery !== undefined) mdMethod.coordinate_save_frequency = log.dumpEvery;
  if (log.thermoEvery !== undefined) mdMethod.thermodynamics_save_frequency = log.thermoEvery;
  const temperatureFix = log.fixes.find((fix) => fix.style === 'nvt' || fix.style === 'npt');
  const target = temperatureFix
    ? Number(temperatureFix.args[temperatureFix.args.indexOf('temp') + 1])
    : undefined;
  // Damping times are in the time unit of `units` (not in steps).
  const damping = thermostatFix ? dampingOf(thermostatFix) : undefined;
  if (integrator.thermostat)
    mdMethod.thermostat_parameters = [
      {
        thermostat_type: integrator.thermostat,
        ...(target !== undefined && !Number.isNaN(target) ? { reference_temperature: target } : {}),
        ...(damping !== undefined && units ? { coupling_constant: damping * units.time } : {}),
      },
    ];
  if (integrator.barostat) mdMethod.barostat_parameters = [{ barostat_type: integrator.barostat }];
  return mdMethod;
}

/** NOMAD's names of LAMMPS' min_style values. */
const MINIMISERS: Readonly<Record<string, string>> = {
  cg: 'polak_ribiere_conjugant_gradient',
  sd: 'steepest_descent',
  hftn: 'hessian_free_truncated_newton',
  quickmin: 'quickmin',
  fire: 'fire',
};

/**
 * A 'minimize' run: the atoms move, the box stays (no box/relax fix is read). Its force tolerance is
 * absolute (force units); its energy tolerance is relative, so it has no joule value and is left out.
 */
function minimisation(log: LammpsLog, units: Units | undefined): GeometryOptimizationWorkflow {
  const force = units ? units.energy / units.length : undefined;
  const method: GeometryOptimizationMethod = {
    type: 'atomic',
    method: MINIMISERS[log.minStyle ?? 'cg'] ?? log.minStyle,
    optimization_steps_maximum: log.minimize!.maxIterations,
    ...(force !== undefined ? { convergence_tolerance_force_maximum: log.minimize!.ftol * force } : {}),
  };
  const workflow = geometryOptimization(method);
  const steps = log.thermo.map((row) => row.values.get('Step')).filter((x): x is number => x !== undefined);
  workflow.results = {
    ...(steps.length > 0 ? { steps } : {}),
    ...(force !== undefined && log.finalMaximumForce !== undefined
      ? { final_force_maximum: log.finalMaximumForce * force }
      : {}),
  };
  return workflow;
}
