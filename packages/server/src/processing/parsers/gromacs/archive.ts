// From a GROMACS run (log, energy file, trajectory, structure and topology) to NOMAD's run and workflow2
// sections in SI units: the force field and its cut-offs, a system per trajectory frame with positions,
// one calculation per energy frame (or logged step), forces where the trajectory has them.
import { AVOGADRO, PICOSECOND, type Vec3 } from '@oasis/chem';
import type {
  BarostatParameters,
  CalculationEnergy,
  EnergyEntry,
  ForceCalculations,
  GeometryOptimizationWorkflow,
  MolecularDynamicsMethod,
  MolecularDynamicsWorkflow,
  Run,
  RunCalculation,
  RunMethod,
  RunSystem,
  ThermostatParameters,
  TimeRun,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  codeRun,
  geometryOptimization,
  molecularDynamics,
  type CodeArchive,
} from '../code-sections.ts';
import type { EdrFrame, EdrTerm } from './read-edr.ts';
import type { GroStructure } from './read-gro.ts';
import type { GromacsLog } from './read-log.ts';
import type { TrrFrame } from './read-trr.ts';
import { moleculeGroups } from './molecules.ts';
import type { Topology } from './topology.ts';
import { elementOfAtomName } from './species.ts';

/** A GROMACS run's archive: its workflow is a minimisation or a molecular-dynamics run. */
export type GromacsArchive = Omit<CodeArchive, 'workflow2'> & {
  workflow2: GeometryOptimizationWorkflow | MolecularDynamicsWorkflow;
};

const NANOMETRE = 1e-9;
const KJ_PER_MOL = 1000 / AVOGADRO;
const BAR = 1e5;
const PER_BAR = 1e-5;
/** Newtons per kJ/mol/nm. */
const FORCE_UNIT = KJ_PER_MOL / NANOMETRE;

export interface GromacsRun {
  log: GromacsLog;
  energies?: { terms: EdrTerm[]; frames: EdrFrame[] };
  frames: TrrFrame[];
  gro?: GroStructure;
  forceField?: string;
  topology?: Topology;
}

/** A parameter under its current name or the older one GROMACS 4 and 5 betas log ('delta-t', 'etc'). */
const parameter = (log: GromacsLog, ...names: string[]): string | undefined =>
  names.map((name) => log.parameters.get(name)).find((value) => value !== undefined);

const numberOf = (text: string | undefined): number | undefined => {
  const value = Number(text?.trim().split(/\s+/)[0]);
  return text !== undefined && Number.isFinite(value) ? value : undefined;
};

/** NOMAD's names of GROMACS' integrators, thermostats and barostats. */
const INTEGRATORS: Readonly<Record<string, NonNullable<MolecularDynamicsMethod['integrator_type']>>> = {
  md: 'leap_frog',
  'md-vv': 'velocity_verlet',
  'md-vv-avek': 'velocity_verlet',
  // GROMACS' sd is the leap-frog stochastic dynamics of Goga et al. (2012).
  sd: 'langevin_goga',
  bd: 'brownian',
};
const MINIMISERS: Readonly<Record<string, string>> = {
  steep: 'steepest_descent',
  cg: 'conjugant_gradient',
  'l-bfgs': 'low_memory_broyden_fletcher_goldfarb_shanno',
};
const THERMOSTATS: Readonly<Record<string, NonNullable<ThermostatParameters['thermostat_type']>>> = {
  berendsen: 'berendsen',
  'nose-hoover': 'nose_hoover',
  'v-rescale': 'velocity_rescaling',
  andersen: 'andersen',
  'andersen-massive': 'andersen',
};
const BAROSTATS: Readonly<Record<string, NonNullable<BarostatParameters['barostat_type']>>> = {
  berendsen: 'berendsen',
  'parrinello-rahman': 'parrinello_rahman',
  mttk: 'martyna_tuckerman_tobias_klein',
  'c-rescale': 'stochastic_cell_rescaling',
};

const COUPLING_TYPES: Readonly<Record<string, NonNullable<BarostatParameters['coupling_type']>>> = {
  isotropic: 'isotropic',
  semiisotropic: 'semi_isotropic',
  anisotropic: 'anisotropic',
};

/** A 3×3 parameter of the log in SI (`factor` per unit of the log); undefined unless whole. */
function matrixOf(log: GromacsLog, name: string, factor: number): number[][] | undefined {
  const rows = log.matrices.get(name);
  if (rows?.length !== 3 || rows.some((row) => row?.length !== 3 || row.some((x) => !Number.isFinite(x))))
    return undefined;
  // Multiplying by 1e-5 rather than dividing by 1e5 keeps 4.6e-5 /bar at 4.6e-10 /Pa exactly.
  return rows.map((row) => row.map((x) => (x === 0 ? 0 : x * factor)));
}

function mdMethod(log: GromacsLog, integrator: string): MolecularDynamicsMethod {
  // sd couples to a heat bath itself; bd (overdamped) has no thermostat of NOMAD's kinds.
  const thermostat =
    THERMOSTATS[(parameter(log, 'tcoupl', 'etc') ?? '').toLowerCase()] ??
    (integrator === 'sd' ? 'langevin_goga' : undefined);
  const barostat = BAROSTATS[(parameter(log, 'pcoupl', 'epc') ?? '').toLowerCase()];
  const ensemble = thermostat ? (barostat ? 'NPT' : 'NVT') : barostat ? 'NPH' : 'NVE';
  const dt = numberOf(parameter(log, 'dt', 'delta-t'));
  const method: MolecularDynamicsMethod = {
    thermodynamic_ensemble: ensemble,
    ...(INTEGRATORS[integrator] ? { integrator_type: INTEGRATORS[integrator] } : {}),
    ...(dt !== undefined ? { integration_timestep: dt * PICOSECOND } : {}),
  };
  const saves: [string, keyof MolecularDynamicsMethod][] = [
    ['nsteps', 'n_steps'],
    ['nstxout', 'coordinate_save_frequency'],
    ['nstvout', 'velocity_save_frequency'],
    ['nstfout', 'force_save_frequency'],
    ['nstenergy', 'thermodynamics_save_frequency'],
  ];
  for (const [name, key] of saves) {
    const value = numberOf(log.parameters.get(name));
    if (value !== undefined) Object.assign(method, { [key]: value });
  }
  if (thermostat) {
    const temperature = numberOf(log.parameters.get('ref-t'));
    const tau = numberOf(log.parameters.get('tau-t'));
    method.thermostat_parameters = [
      {
        thermostat_type: thermostat,
        ...(temperature !== undefined ? { reference_temperature: temperature } : {}),
        ...(tau !== undefined ? { coupling_constant: tau * PICOSECOND } : {}),
      },
    ];
  }
  if (barostat) {
    const tau = numberOf(log.parameters.get('tau-p'));
    const coupling = COUPLING_TYPES[(log.parameters.get('pcoupltype') ?? '').toLowerCase()];
    const referencePressure = matrixOf(log, 'ref-p', BAR);
    const compressibility = matrixOf(log, 'compressibility', PER_BAR);
    method.barostat_parameters = [
      {
        barostat_type: barostat,
        ...(coupling ? { coupling_type: coupling } : {}),
        ...(referencePressure ? { reference_pressure: referencePressure } : {}),
        // One time constant for every box component.
        ...(tau !== undefined
          ? { coupling_constant: [0, 1, 2].map(() => [0, 1, 2].map(() => tau * PICOSECOND)) }
          : {}),
        ...(compressibility ? { compressibility } : {}),
      },
    ];
  }
  return method;
}

/** NOMAD's names of GROMACS' coulombtype values (others are kept as GROMACS writes them). */
const COULOMB_TYPES: Readonly<Record<string, NonNullable<ForceCalculations['coulomb_type']>>> = {
  'cut-off': 'cutoff',
  cutoff: 'cutoff',
  ewald: 'ewald',
  pme: 'particle_mesh_ewald',
  'pme-switch': 'particle_mesh_ewald',
  'pme-user': 'particle_mesh_ewald',
  'pme-user-switch': 'particle_mesh_ewald',
  p3m: 'particle_particle_particle_mesh',
  'p3m-ad': 'particle_particle_particle_mesh',
  'reaction-field': 'reaction_field',
  'generalized-reaction-field': 'reaction_field',
  'reaction-field-zero': 'reaction_field',
};

/** run.method[0].force_field: the force field the topology includes, and the interactions' cut-offs. */
function forceFieldMethod(run: GromacsRun): RunMethod {
  const { log } = run;
  const calculations: ForceCalculations = {};
  const vdw = numberOf(log.parameters.get('rvdw'));
  const coulomb = numberOf(log.parameters.get('rcoulomb'));
  const coulombType = log.parameters.get('coulombtype');
  const neighbourUpdate = numberOf(log.parameters.get('nstlist'));
  const neighbourCutoff = numberOf(log.parameters.get('rlist'));
  if (vdw !== undefined) calculations.vdw_cutoff = vdw * NANOMETRE;
  // coulomb_type is an enumeration: a type it lacks (user tables, shift) is left out.
  const coulombKind = COULOMB_TYPES[(coulombType ?? '').toLowerCase()];
  if (coulombKind) calculations.coulomb_type = coulombKind;
  if (coulomb !== undefined) calculations.coulomb_cutoff = coulomb * NANOMETRE;
  if (neighbourUpdate !== undefined || neighbourCutoff !== undefined)
    calculations.neighbor_searching = {
      ...(neighbourUpdate !== undefined ? { neighbor_update_frequency: neighbourUpdate } : {}),
      ...(neighbourCutoff !== undefined ? { neighbor_update_cutoff: neighbourCutoff * NANOMETRE } : {}),
    };
  return {
    force_field: {
      ...(run.forceField ? { model: [{ name: run.forceField }] } : {}),
      ...(Object.keys(calculations).length > 0 ? { force_calculations: calculations } : {}),
    },
  };
}

/** Terms of one step by name (the log's 'Pressure (bar)' is the energy file's 'Pressure'). */
type Terms = Map<string, number>;

const energyTerms = (terms: readonly EdrTerm[], frame: EdrFrame): Terms =>
  new Map(terms.map((term, i) => [term.name, frame.values[i]!]));

const logTerms = (values: Map<string, number>): Terms =>
  new Map(
    [...values].map(([name, value]) => [name.replace(/ \((?:bar|kJ\/mol|kg\/m\^3|nm\^3)\)$/, ''), value]),
  );

/** Terms that are energies in kJ/mol besides the total, potential and kinetic ones. */
const NOT_CONTRIBUTIONS =
  /^(?:Total Energy|Potential|Kinetic En\.|Conserved En\.|Temperature|Pres\. DC|Pressure|Constr\. rmsd|Box-|Volume|Density|pV|Enthalpy|Vir-|Pres-|#Surf|Box-Vel|T-|Lamb-|dVremain)/;

function calculationOf(
  step: number,
  time: number | undefined,
  terms: Terms,
  unitOf: (name: string) => string,
): RunCalculation {
  const calculation: RunCalculation = { step };
  // The simulated time: time_physical is NOMAD's elapsed wall time, which the log gives for no step.
  if (time !== undefined) calculation.time = time * PICOSECOND;
  const temperature = terms.get('Temperature');
  const pressure = terms.get('Pressure');
  if (temperature !== undefined) calculation.temperature = temperature;
  if (pressure !== undefined) calculation.pressure = pressure * BAR;
  const volume = terms.get('Volume');
  const density = terms.get('Density');
  const enthalpy = terms.get('Enthalpy');
  if (volume !== undefined) calculation.volume = volume * NANOMETRE ** 3;
  if (density !== undefined) calculation.density = density;
  if (enthalpy !== undefined) calculation.enthalpy = enthalpy * KJ_PER_MOL;
  const tensor = (prefix: string, factor: number) => {
    const rows = ['X', 'Y', 'Z'].map((a) => ['X', 'Y', 'Z'].map((b) => terms.get(`${prefix}-${a}${b}`)));
    return rows.every((row) => row.every((x) => x !== undefined))
      ? rows.map((row) => row.map((x) => x! * factor))
      : undefined;
  };
  const pressureTensor = tensor('Pres', BAR);
  const virialTensor = tensor('Vir', KJ_PER_MOL);
  if (pressureTensor) calculation.pressure_tensor = pressureTensor;
  if (virialTensor) calculation.virial_tensor = virialTensor;
  const energy: CalculationEnergy = {};
  const named: [string, 'total' | 'potential' | 'kinetic'][] = [
    // A minimisation states the potential energy alone: it is its total.
    [terms.has('Total Energy') ? 'Total Energy' : 'Potential', 'total'],
    ['Potential', 'potential'],
    ['Kinetic En.', 'kinetic'],
  ];
  for (const [name, key] of named) {
    const value = terms.get(name);
    if (value !== undefined) energy[key] = { value: value * KJ_PER_MOL };
  }
  // Electrostatics and van der Waals split by range, as NOMAD's EnergyEntry has them.
  const parts = (
    total: 'electrostatic' | 'van_der_waals',
    split: [keyof EnergyEntry & ('short_range' | 'long_range' | 'correction'), string[]][],
  ) => {
    const entry: EnergyEntry = {};
    let sum = 0;
    for (const [key, names] of split) {
      const values = names.map((name) => terms.get(name)).filter((x): x is number => x !== undefined);
      if (values.length === 0) continue;
      const value = values.reduce((a, b) => a + b, 0);
      entry[key] = value * KJ_PER_MOL;
      sum += value;
    }
    if (Object.keys(entry).length > 0) energy[total] = { value: sum * KJ_PER_MOL, ...entry };
  };
  parts('electrostatic', [
    ['short_range', ['Coulomb (SR)']],
    ['long_range', ['Coul. recip.', 'Coulomb (LR)']],
  ]);
  parts('van_der_waals', [
    ['short_range', ['LJ (SR)']],
    ['long_range', ['LJ (LR)', 'LJ recip.']],
    ['correction', ['Disper. corr.']],
  ]);
  const pV = terms.get('pV');
  if (pV !== undefined) energy.pressure_volume_work = { value: pV * KJ_PER_MOL };
  const contributions = [...terms]
    .filter(([name]) => !NOT_CONTRIBUTIONS.test(name) && unitOf(name) === 'kJ/mol')
    .map(([kind, value]) => ({ kind, value: value * KJ_PER_MOL }));
  if (contributions.length > 0) energy.contributions = contributions;
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  return calculation;
}

const toMetres = (values: ArrayLike<number>, offset: number): Vec3 => [
  values[offset]! * NANOMETRE,
  values[offset + 1]! * NANOMETRE,
  values[offset + 2]! * NANOMETRE,
];

function structureOf(
  species: string[],
  positions: ArrayLike<number>,
  box: number[][] | undefined,
): Structure {
  return {
    species,
    positions: species.map((_, i) => toMetres(positions, 3 * i)),
    lattice: box ? (box.map((row) => toMetres(row, 0)) as Structure['lattice']) : null,
    periodic: box ? [true, true, true] : [false, false, false],
  };
}

/** Warns when the energy file and the log disagree at a step both state (the wrong file beside the log). */
function checkAgainstLog(run: GromacsRun, byStep: Map<number, Terms>, warnings: string[]): void {
  for (const logged of run.log.energies) {
    const stored = byStep.get(logged.step);
    const expected = logged.values.get('Potential');
    const value = stored?.get('Potential');
    if (expected === undefined || value === undefined) continue;
    if (Math.abs(value - expected) > 1e-4 * Math.max(1, Math.abs(expected)) + 1e-3) {
      warnings.push(
        `the energy file's potential energy at step ${logged.step} (${value} kJ/mol) is not the log's (${expected} kJ/mol)`,
      );
      return;
    }
  }
}

/** The first system's molecules (the topology does not change along the run). */
function withMolecules(run: Run, groups: RunSystem['atoms_group']): Run {
  const first = run.system?.[0];
  if (groups && first) first.atoms_group = groups;
  return run;
}

/** A minimisation's workflow: its settings, final force and (when it has calculations) their steps. */
function minimisation(
  log: GromacsLog,
  minimiser: string,
  steps: number[] | undefined,
): GeometryOptimizationWorkflow {
  const forceTolerance = numberOf(log.parameters.get('emtol'));
  const maximumSteps = numberOf(log.parameters.get('nsteps'));
  const workflow = geometryOptimization(
    {
      // Only the atoms move: GROMACS' minimisers keep the box.
      type: 'atomic',
      method: minimiser,
      ...(maximumSteps !== undefined ? { optimization_steps_maximum: maximumSteps } : {}),
      ...(forceTolerance !== undefined
        ? { convergence_tolerance_force_maximum: forceTolerance * FORCE_UNIT }
        : {}),
    },
    log.minimisationConverged,
  );
  if (log.maximumForce !== undefined && Number.isFinite(log.maximumForce))
    workflow.results = { ...workflow.results, final_force_maximum: log.maximumForce * FORCE_UNIT };
  if (steps) workflow.results = { ...workflow.results, steps };
  return workflow;
}

export function gromacsArchive(run: GromacsRun): GromacsArchive {
  const { log } = run;
  const warnings: string[] = [];
  if (!log.finished) warnings.push("the log has no 'Finished mdrun': the run did not finish");
  if (!run.gro)
    throw new Error('the atoms are named in a .gro file beside the log (confout.gro, conf.gro): none found');
  const species = run.gro.atoms.map((atom) => elementOfAtomName(atom.name, atom.residue) ?? 'X');
  const unknown = [...new Set(run.gro.atoms.filter((_, i) => species[i] === 'X').map((a) => a.name))];
  if (unknown.length > 0)
    warnings.push(`atom names ${unknown.slice(0, 10).join(', ')} name no element: they are 'X'`);
  const positioned = run.frames.filter((frame) => frame.positions?.length === species.length * 3);
  if (positioned.length < run.frames.filter((frame) => frame.positions).length)
    warnings.push('trajectory frames with another number of atoms than the .gro file are left out');
  if (log.atoms !== undefined && log.atoms !== species.length)
    warnings.push(`the log has ${log.atoms} atoms, the .gro file ${species.length}`);
  const gro = structureOf(
    species,
    run.gro.atoms.flatMap((atom) => atom.position),
    run.gro.box,
  );
  const structures =
    positioned.length > 0 ? positioned.map((f) => structureOf(species, f.positions!, f.box)) : [gro];
  const systemOfStep = new Map(positioned.map((frame, index) => [frame.step, index]));
  const velocitiesOfStep = new Map(
    run.frames.filter((f) => f.velocities?.length === species.length * 3).map((f) => [f.step, f.velocities!]),
  );
  const forcesOfStep = new Map(
    run.frames.filter((f) => f.forces?.length === species.length * 3).map((f) => [f.step, f.forces!]),
  );
  const units = new Map(run.energies?.terms.map((term) => [term.name, term.unit]));
  const unitOf = (name: string) =>
    units.get(name) ?? (/^(?:Temperature|Pressure)$/.test(name) ? '' : 'kJ/mol');
  const steps: { step: number; time: number; terms: Terms }[] = run.energies
    ? run.energies.frames.map((frame) => ({
        step: frame.step,
        time: frame.time,
        terms: energyTerms(run.energies!.terms, frame),
      }))
    : log.energies.map((logged) => ({
        step: logged.step,
        time: logged.time,
        terms: logTerms(logged.values),
      }));
  if (steps.length === 0 && positioned.length === 0)
    throw new Error(
      `the log ends at line ${log.lines} before its first energies, and no energy file or trajectory beside it was read`,
    );
  if (run.energies) checkAgainstLog(run, new Map(steps.map((s) => [s.step, s.terms])), warnings);
  const integrator = (log.parameters.get('integrator') ?? 'md').toLowerCase();
  const minimiser = MINIMISERS[integrator];
  const calculations = steps.map(({ step, time, terms }) => {
    // A minimisation's 'time' counts its steps.
    const calculation = calculationOf(step, minimiser ? undefined : time, terms, unitOf);
    // Steps without a trajectory frame have no positions of their own: no system.
    const system = positioned.length > 0 ? systemOfStep.get(step) : 0;
    if (system !== undefined) Object.assign(calculation, calculationRefs(system));
    else calculation.method_ref = calculationRefs(0).method_ref;
    const forces = forcesOfStep.get(step);
    if (forces)
      calculation.forces = {
        total: { value: species.map((_, i) => [0, 1, 2].map((k) => forces[3 * i + k]! * FORCE_UNIT)) },
      };
    return calculation;
  });
  // A minimisation writes its final structure once, at its step count: the last calculation's geometry.
  const last = calculations[calculations.length - 1];
  if (minimiser && last && positioned.length > 0 && !last.system_ref)
    last.system_ref = `/run/0/system/${positioned.length - 1}`;
  const workflow2: GromacsArchive['workflow2'] = minimiser
    ? minimisation(log, minimiser, calculations.length > 0 ? steps.map((s) => s.step) : undefined)
    : molecularDynamics(mdMethod(log, integrator));
  const runSection = codeRun('GROMACS', log.version, forceFieldMethod(run), structures, calculations);
  // The start to the second; the end from the wall time, which is finer than the end's date.
  const timeRun: TimeRun = {};
  if (log.dateStart !== undefined) timeRun.date_start = log.dateStart;
  const end =
    log.dateStart !== undefined && log.wallTime !== undefined && Number.isFinite(log.wallTime)
      ? log.dateStart + log.wallTime
      : log.dateEnd;
  if (end !== undefined) timeRun.date_end = end;
  if (Object.keys(timeRun).length > 0) runSection.time_run = timeRun;
  // Velocities of the trajectory's frames, nm/ps to m/s.
  positioned.forEach((frame, index) => {
    const velocities = velocitiesOfStep.get(frame.step);
    const atoms = runSection.system?.[index]?.atoms;
    if (velocities && atoms)
      atoms.velocities = species.map((_, i) => [0, 1, 2].map((k) => velocities[3 * i + k]! * 1000));
  });
  return {
    run: withMolecules(runSection, moleculeGroups(run.gro.atoms, species, run.topology)),
    workflow2,
    structure: structures[structures.length - 1]!,
    warnings,
  };
}
