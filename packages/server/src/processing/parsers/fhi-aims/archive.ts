// From an FHI-aims output to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, ELECTRON_VOLT, EV_PER_ANGSTROM, PICOSECOND, SPEED_OF_LIGHT, type Vec3 } from '@oasis/chem';
import type {
  BandEnergies,
  CalculationEnergy,
  CalculationForces,
  EnergyEntry,
  GeometryOptimizationMethod,
  MolecularDynamicsMethod,
  RunCalculation,
  ScfIteration,
  ThermostatParameters,
  Workflow,
} from '@oasis/schema';
import { type Structure } from '../../structure.ts';
import {
  calculationRefs,
  codeRun,
  geometryOptimization,
  molecularDynamics,
  singlePoint,
  systemsOfSteps,
  thermodynamicEnsemble,
  type CodeArchive,
} from '../code-sections.ts';
import { methodOf, numbers } from './archive-method.ts';
import type { AimsEigenvalues, AimsGeometry, AimsOutput, AimsScfStep } from './read-aims.ts';

type Vec = readonly number[];

/** Speed of light in cm/s: a thermostat frequency in cm^-1 is a coupling time 1/(c·ν̃). */
const LIGHT_CM_PER_S = SPEED_OF_LIGHT * 100;

function structureOf(geometry: AimsGeometry): Structure {
  const structure: Structure = {
    species: geometry.species,
    positions: geometry.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: null,
    periodic: [false, false, false],
  };
  if (geometry.cell) {
    structure.lattice = geometry.cell.map((row) => row.map((x) => x * ANGSTROM)) as Structure['lattice'];
    structure.periodic = [true, true, true];
  }
  return structure;
}

const entry = (eV: number | undefined): EnergyEntry | undefined =>
  eV === undefined ? undefined : { value: eV * ELECTRON_VOLT };

/** energy of a calculation: the compact totals, the last components and the XC decomposition. */
function energyOf(step: AimsScfStep): CalculationEnergy {
  const c = step.components;
  const x = step.xcParts;
  const energy: CalculationEnergy = {
    // 'Total energy uncorrected' is the total energy, 'corrected' its T -> 0 value.
    total: entry(step.totalUncorrected ?? c.get('Total energy')),
    total_t0: entry(step.totalCorrected ?? c.get('Total energy, T -> 0')),
    free: entry(step.freeEnergy ?? c.get('Electronic free energy')),
    sum_eigenvalues: entry(c.get('Sum of eigenvalues')),
    xc: entry(x.get('Total XC Energy') ?? c.get('XC energy correction')),
    xc_potential: entry(c.get('XC potential correction')),
    correction_hartree: entry(c.get('Hartree energy correction')),
    correction_entropy: entry(c.get('Entropy correction')),
    kinetic_electronic: entry(c.get('Kinetic energy')),
    electrostatic: entry(c.get('Electrostatic energy')),
    exchange: entry(x.get('X Energy')),
    correlation: entry(x.get('C Energy GGA') ?? x.get('C Energy LDA')),
    kinetic: entry(step.md?.kinetic),
    potential: entry(step.md?.potential),
  };
  if (step.fermi !== undefined) energy.fermi = step.fermi * ELECTRON_VOLT;
  if (step.highestOccupied !== undefined) energy.highest_occupied = step.highestOccupied * ELECTRON_VOLT;
  if (step.lowestUnoccupied !== undefined) energy.lowest_unoccupied = step.lowestUnoccupied * ELECTRON_VOLT;
  for (const key of Object.keys(energy) as (keyof CalculationEnergy)[])
    if (energy[key] === undefined) delete energy[key];
  return energy;
}

/** calculation.eigenvalues of a listing; a spin channel that lists fewer k-points is left out. */
function eigenvaluesOf(listing: AimsEigenvalues): BandEnergies | undefined {
  const nk = listing.energies[0]!.length;
  const channels = listing.energies.filter((spin) => spin.length === nk).length;
  const energies = listing.energies.slice(0, channels);
  const occupations = listing.occupations.slice(0, channels);
  // Not Math.min(...): a dense k-grid lists more k-points than a call takes arguments.
  const bands = energies.flat().reduce((fewest, k) => Math.min(fewest, k.length), Infinity);
  if (nk === 0 || !Number.isFinite(bands) || bands === 0) return undefined;
  return {
    n_spin_channels: channels,
    n_kpoints: nk,
    n_bands: bands,
    kpoints: listing.kpoints?.slice(0, nk) ?? [[0, 0, 0]],
    energies: energies.map((spin) => spin.map((k) => k.slice(0, bands).map((e) => e * ELECTRON_VOLT))),
    occupations: occupations.map((spin) => spin.map((k) => k.slice(0, bands))),
  };
}

function forcesOf(step: AimsScfStep): CalculationForces | undefined {
  if (!step.forces) return undefined;
  const si = (rows: readonly Vec[]) => rows.map((row) => row.map((f) => f * EV_PER_ANGSTROM));
  const total: NonNullable<CalculationForces['total']> = { value: si(step.forces) };
  const raw = step.forcesRaw;
  if (raw && raw.length === step.forces.length) total.value_raw = si(raw);
  // FHI-aims' forces are the derivatives of the (Mermin) free energy the SCF minimises.
  return { total, free: { ...total } };
}

function scfIterationsOf(step: AimsScfStep): Pick<RunCalculation, 'n_scf_iterations' | 'scf_iteration'> {
  if (step.iterations.length === 0) return {};
  return {
    n_scf_iterations: step.iterations.length,
    scf_iteration: step.iterations.map((it): ScfIteration => {
      const energy: CalculationEnergy = {};
      if (it.total !== undefined) energy.total = { value: it.total * ELECTRON_VOLT };
      if (it.totalT0 !== undefined) energy.total_t0 = { value: it.totalT0 * ELECTRON_VOLT };
      if (it.free !== undefined) energy.free = { value: it.free * ELECTRON_VOLT };
      if (it.change !== undefined) energy.change = it.change * ELECTRON_VOLT;
      return {
        ...(Object.keys(energy).length > 0 ? { energy } : {}),
        ...(it.timeCalculation !== undefined ? { time_calculation: it.timeCalculation } : {}),
        ...(it.timePhysical !== undefined ? { time_physical: it.timePhysical } : {}),
      };
    }),
  };
}

function calculationOf(step: AimsScfStep, systemIndex: number): RunCalculation {
  const calculation: RunCalculation = {
    ...calculationRefs(systemIndex),
    energy: energyOf(step),
    calculation_converged: step.converged,
    ...scfIterationsOf(step),
  };
  const forces = forcesOf(step);
  if (forces) calculation.forces = forces;
  const eigenvalues = step.eigenvalues && eigenvaluesOf(step.eigenvalues);
  if (eigenvalues) calculation.eigenvalues = [eigenvalues];
  if (step.timeCalculation !== undefined) calculation.time_calculation = step.timeCalculation;
  if (step.timePhysical !== undefined) calculation.time_physical = step.timePhysical;
  const md = step.md;
  if (md?.step !== undefined) calculation.step = md.step;
  if (md?.time !== undefined) calculation.time = md.time * PICOSECOND;
  if (md?.temperature !== undefined) calculation.temperature = md.temperature;
  return calculation;
}

/**
 * NOMAD's thermostat of MD_run's name; Bussi, Donadio and Parrinello's velocity rescaling goes by either
 * of two names. Others (GLE) have no NOMAD kind and are left out.
 */
const THERMOSTATS: Readonly<Record<string, NonNullable<ThermostatParameters['thermostat_type']>>> = {
  nose_hoover: 'nose_hoover',
  berendsen: 'berendsen',
  andersen: 'andersen',
  bussi: 'velocity_rescaling',
  parrinello: 'velocity_rescaling',
};
/** Thermostats whose last MD_run number is a relaxation time in ps. */
const TAU_THERMOSTATS = new Set(['berendsen', 'bussi', 'parrinello']);

function thermostatOf(name: string, values: number[], control: Map<string, string>): ThermostatParameters {
  const type = name.toLowerCase().replace('-', '_');
  const kind = THERMOSTATS[type];
  const thermostat: ThermostatParameters = kind ? { thermostat_type: kind } : {};
  const [temperature, parameter] = values;
  if (temperature !== undefined) thermostat.reference_temperature = temperature;
  if (parameter !== undefined) {
    if (TAU_THERMOSTATS.has(type)) thermostat.coupling_constant = parameter * PICOSECOND;
    else if (type === 'nose_hoover' && /cm\^-1/i.test(control.get('MD_thermostat_units') ?? ''))
      thermostat.coupling_constant = 1 / (LIGHT_CM_PER_S * parameter);
  }
  return thermostat;
}

function workflowOf(control: Map<string, string>, converged: boolean | undefined): Workflow {
  const relax = control.get('relax_geometry');
  if (relax && !/^none/i.test(relax)) {
    const [optimizer, tolerance] = relax.split(/\s+/);
    const method: GeometryOptimizationMethod = {
      type: control.has('relax_unit_cell') ? 'cell_shape' : 'atomic',
    };
    if (optimizer) method.method = optimizer.toLowerCase();
    if (tolerance)
      method.convergence_tolerance_force_maximum = Number(tolerance.replace(/[dD]/, 'e')) * EV_PER_ANGSTROM;
    return geometryOptimization(method, converged);
  }
  const md = control.get('MD_run');
  if (md) {
    // 'MD_run <time ps> <ensemble>[_<thermostat>] <parameters>'.
    const [time, kind, ...rest] = md.split(/\s+/);
    const [ensemble, thermostat] = (kind ?? 'NVE').split('_');
    // An ensemble outside NOMAD's four is left out.
    const known = thermodynamicEnsemble(ensemble);
    const method: MolecularDynamicsMethod = known ? { thermodynamic_ensemble: known } : {};
    if (thermostat)
      method.thermostat_parameters = [thermostatOf(thermostat, numbers(rest.join(' ')), control)];
    const step = numbers(control.get('MD_time_step'))[0];
    if (step !== undefined) method.integration_timestep = step * PICOSECOND;
    const total = numbers(time)[0];
    if (step && total !== undefined) method.n_steps = Math.round(total / step);
    return molecularDynamics(method);
  }
  return singlePoint();
}

/** The DFT run of an output (a GW run on top is made from it). */
export function aimsArchive(out: AimsOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.version) warnings.push("the output names no version ('Version' or 'FHI-aims version' line)");
  if (!out.finished) warnings.push("the output has no 'Have a nice day.': the run did not finish");
  const steps = out.steps.filter(
    (step) => step.totalUncorrected !== undefined || step.iterations.length > 0 || step.components.size > 0,
  );
  const { geometries, systemIndex } = systemsOfSteps(steps);
  const calculations = steps.map((step, index) => calculationOf(step, systemIndex[index]!));
  if (geometries.length === 0) geometries.push(out.steps[0]!.geometry);
  const structures = geometries.map(structureOf);
  const run = codeRun('FHI-aims', out.version, methodOf(out, warnings), structures, calculations);
  // MD prints velocities (Å/ps) with its geometries; the system's atoms take them.
  geometries.forEach((geometry, index) => {
    if (geometry.velocities)
      run.system![index]!.atoms!.velocities = geometry.velocities.map((v) =>
        v.map((x) => (x * ANGSTROM) / PICOSECOND),
      );
  });
  if (out.wallStart !== undefined)
    run.time_run = {
      wall_start: out.wallStart,
      ...(out.wallTotal !== undefined ? { wall_end: out.wallStart + out.wallTotal } : {}),
    };
  return {
    run,
    workflow2: workflowOf(out.control, out.geometryConverged),
    structure: structures[structures.length - 1]!,
    warnings,
  };
}
