// From a LAMMPS log (and the data file it read) to NOMAD's run and workflow2 sections, in SI units: the
// force field, the initial system, one calculation per thermodynamic output.
import { elementOfMass } from '../../elements.ts';
import { systemSection } from '../../run-sections.ts';
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { AVOGADRO, BOHR, ELECTRON_VOLT, HARTREE, PICOSECOND } from '../../units.ts';
import { molecularDynamics, type CodeArchive } from '../code-sections.ts';
import type { DumpFrame } from './read-dump.ts';
import type { LammpsData, LammpsLog, ThermoRow } from './read-lammps.ts';

type Section = Record<string, unknown>;

const KCAL = 4184;
const ATMOSPHERE = 101325;
const FEMTOSECOND = 1e-15;

/** SI factors of LAMMPS' unit styles (lj is unitless: no conversion is claimed for it). */
const UNITS: Readonly<Record<string, { energy: number; length: number; time: number; pressure: number }>> = {
  real: { energy: KCAL / AVOGADRO, length: ANGSTROM, time: FEMTOSECOND, pressure: ATMOSPHERE },
  metal: { energy: ELECTRON_VOLT, length: ANGSTROM, time: PICOSECOND, pressure: 1e5 },
  si: { energy: 1, length: 1, time: 1, pressure: 1 },
  electron: { energy: HARTREE, length: BOHR, time: FEMTOSECOND, pressure: 1e6 },
};

const ENSEMBLES: Readonly<Record<string, { ensemble: string; thermostat?: string; barostat?: string }>> = {
  nve: { ensemble: 'NVE' },
  nvt: { ensemble: 'NVT', thermostat: 'nose_hoover' },
  npt: { ensemble: 'NPT', thermostat: 'nose_hoover', barostat: 'nose_hoover' },
  nph: { ensemble: 'NPH', barostat: 'nose_hoover' },
  langevin: { ensemble: 'NVT', thermostat: 'langevin_schneider' },
  'temp/berendsen': { ensemble: 'NVT', thermostat: 'berendsen' },
  'temp/csvr': { ensemble: 'NVT', thermostat: 'velocity_rescaling' },
};

function structureOf(data: LammpsData, length: number, warnings: string[]): Structure {
  const unknown = new Set<number>();
  const species = data.atoms.map(({ type }) => {
    const mass = data.masses.get(type);
    const element = mass === undefined ? undefined : elementOfMass(mass);
    if (!element) unknown.add(type);
    return element ?? 'X';
  });
  if (unknown.size > 0)
    warnings.push(`atom types ${[...unknown].sort().join(', ')} have no element of their mass: they are 'X'`);
  const toMetres = (v: readonly number[]) => v.map((x) => x * length) as Vec3;
  return {
    species,
    positions: data.atoms.map(({ position }) => toMetres(position.map((x, i) => x - data.origin[i]!))),
    lattice: data.box.map(toMetres) as Structure['lattice'],
    periodic: [true, true, true],
  };
}

function calculationOf(
  row: ThermoRow,
  units: (typeof UNITS)[string] | undefined,
  timestep: number | undefined,
): Section {
  const value = (key: string) => row.values.get(key);
  const calculation: Section = { system_ref: '/run/0/system/0', method_ref: '/run/0/method/0' };
  const step = value('Step');
  if (step !== undefined) {
    calculation.step = step;
    if (units && timestep !== undefined) calculation.time_physical = step * timestep * units.time;
  }
  const temperature = value('Temp');
  if (temperature !== undefined) calculation.temperature = temperature;
  if (units) {
    const pressure = value('Press');
    if (pressure !== undefined) calculation.pressure = pressure * units.pressure;
    const energy: Section = {};
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
): CodeArchive {
  const warnings: string[] = [];
  if (!log.finished) warnings.push("the log has no 'Loop time': the run did not finish");
  const units = UNITS[log.units];
  if (!units) warnings.push(`units ${log.units}: values are kept without SI conversion`);
  if (!data)
    throw new Error(`the data file ${log.dataFile ?? '(none named by read_data)'} is needed for the atoms`);
  const length = units?.length ?? ANGSTROM;
  const structure = structureOf(data, length, warnings);
  // The dump's frames as systems after the data file's, each with its step: thermo rows of the same step
  // refer to them.
  const usable = frames.filter((frame) => frame.atoms.length === data.atoms.length);
  if (usable.length < frames.length)
    warnings.push(
      `${frames.length - usable.length} dump frames have another number of atoms than the data file: left out`,
    );
  const frameStructures = usable.map((frame) =>
    structureOf({ ...data, box: frame.box, origin: [0, 0, 0], atoms: frame.atoms }, length, []),
  );
  const frameOfStep = new Map(usable.map((frame, index) => [frame.step, index + 1]));
  const method: Section = {
    force_field: { model: [{ name: log.pairStyle ?? 'unknown' }] },
  };
  const run: Section = {
    program: { name: 'LAMMPS', ...(log.version ? { version: log.version } : {}) },
    method: [method],
    system: [structure, ...frameStructures].map(systemSection),
  };
  if (log.thermo.length > 0)
    run.calculation = log.thermo.map((row) => {
      const calculation = calculationOf(row, units, log.timestep);
      const frame = frameOfStep.get(row.values.get('Step') ?? Number.NaN);
      if (frame !== undefined) calculation.system_ref = `/run/0/system/${frame}`;
      // With a trajectory, a step between its frames has no positions of its own: no system.
      else if (usable.length > 0) delete calculation.system_ref;
      return calculation;
    });
  const integrator = log.fixes.map((fix) => ENSEMBLES[fix.style]).find(Boolean) ?? ENSEMBLES.nve!;
  const mdMethod: Section = { thermodynamic_ensemble: integrator.ensemble };
  if (units && log.timestep !== undefined) mdMethod.integration_timestep = log.timestep * units.time;
  const temperatureFix = log.fixes.find((fix) => fix.style === 'nvt' || fix.style === 'npt');
  const target = temperatureFix
    ? Number(temperatureFix.args[temperatureFix.args.indexOf('temp') + 1])
    : undefined;
  if (integrator.thermostat)
    mdMethod.thermostat_parameters = [
      {
        thermostat_type: integrator.thermostat,
        ...(target !== undefined && !Number.isNaN(target) ? { reference_temperature: target } : {}),
      },
    ];
  if (integrator.barostat) mdMethod.barostat_parameters = [{ barostat_type: integrator.barostat }];
  return {
    run,
    workflow2: molecularDynamics(mdMethod),
    structure: frameStructures[frameStructures.length - 1] ?? structure,
    warnings,
  };
}
