// From a GROMACS run (log, energy file, trajectory, structure and topology) to NOMAD's run and workflow2
// sections in SI units: the force field and its cut-offs, a system per trajectory frame with positions,
// one calculation per energy frame (or logged step), forces where the trajectory has them.
import type { Structure, Vec3 } from '../../structure.ts';
import { AVOGADRO, PICOSECOND } from '../../units.ts';
import { codeRun, geometryOptimization, molecularDynamics, type CodeArchive } from '../code-sections.ts';
import type { EdrFrame, EdrTerm } from './read-edr.ts';
import type { GroStructure } from './read-gro.ts';
import type { GromacsLog } from './read-log.ts';
import type { TrrFrame } from './read-trr.ts';
import { moleculeGroups } from './molecules.ts';
import { elementOfAtomName } from './species.ts';

type Section = Record<string, unknown>;

const NANOMETRE = 1e-9;
const KJ_PER_MOL = 1000 / AVOGADRO;
const BAR = 1e5;
/** Newtons per kJ/mol/nm. */
const FORCE_UNIT = KJ_PER_MOL / NANOMETRE;

export interface GromacsRun {
  log: GromacsLog;
  energies?: { terms: EdrTerm[]; frames: EdrFrame[] };
  frames: TrrFrame[];
  gro?: GroStructure;
  forceField?: string;
}

/** A parameter under its current name or the older one GROMACS 4 and 5 betas log ('delta-t', 'etc'). */
const parameter = (log: GromacsLog, ...names: string[]): string | undefined =>
  names.map((name) => log.parameters.get(name)).find((value) => value !== undefined);

const numberOf = (text: string | undefined): number | undefined => {
  const value = Number(text?.trim().split(/\s+/)[0]);
  return text !== undefined && Number.isFinite(value) ? value : undefined;
};

/** NOMAD's names of GROMACS' integrators, thermostats and barostats. */
const INTEGRATORS: Readonly<Record<string, string>> = {
  md: 'leap_frog',
  'md-vv': 'velocity_verlet',
  'md-vv-avek': 'velocity_verlet',
  sd: 'langevin_leap_frog',
  bd: 'brownian',
};
const MINIMISERS: Readonly<Record<string, string>> = {
  steep: 'steepest_descent',
  cg: 'conjugant_gradient',
  'l-bfgs': 'low_memory_broyden_fletcher_goldfarb_shanno',
};
const THERMOSTATS: Readonly<Record<string, string>> = {
  berendsen: 'berendsen',
  'nose-hoover': 'nose_hoover',
  'v-rescale': 'velocity_rescaling',
  andersen: 'andersen',
  'andersen-massive': 'andersen',
};
const BAROSTATS: Readonly<Record<string, string>> = {
  berendsen: 'berendsen',
  'parrinello-rahman': 'parrinello_rahman',
  mttk: 'martyna_tuckerman_tobias_klein',
  'c-rescale': 'stochastic_cell_rescaling',
};

function mdMethod(log: GromacsLog, integrator: string): Section {
  const thermostat =
    THERMOSTATS[(parameter(log, 'tcoupl', 'etc') ?? '').toLowerCase()] ??
    (integrator === 'sd' || integrator === 'bd' ? INTEGRATORS[integrator] : undefined);
  const barostat = BAROSTATS[(parameter(log, 'pcoupl', 'epc') ?? '').toLowerCase()];
  const ensemble = thermostat ? (barostat ? 'NPT' : 'NVT') : barostat ? 'NPH' : 'NVE';
  const dt = numberOf(parameter(log, 'dt', 'delta-t'));
  const method: Section = {
    thermodynamic_ensemble: ensemble,
    ...(INTEGRATORS[integrator] ? { integrator_type: INTEGRATORS[integrator] } : {}),
    ...(dt !== undefined ? { integration_timestep: dt * PICOSECOND } : {}),
  };
  const saves: [string, string][] = [
    ['nsteps', 'n_steps'],
    ['nstxout', 'coordinate_save_frequency'],
    ['nstvout', 'velocity_save_frequency'],
    ['nstfout', 'force_save_frequency'],
    ['nstenergy', 'thermodynamics_save_frequency'],
  ];
  for (const [name, key] of saves) {
    const value = numberOf(log.parameters.get(name));
    if (value !== undefined) method[key] = value;
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
    method.barostat_parameters = [
      { barostat_type: barostat, ...(tau !== undefined ? { coupling_constant: tau * PICOSECOND } : {}) },
    ];
  }
  return method;
}

/** run.method[0].force_field: the force field the topology includes, and the interactions' cut-offs. */
function forceFieldMethod(run: GromacsRun): Section {
  const { log } = run;
  const calculations: Section = {};
  const vdw = numberOf(log.parameters.get('rvdw'));
  const coulomb = numberOf(log.parameters.get('rcoulomb'));
  const coulombType = log.parameters.get('coulombtype');
  const neighbourUpdate = numberOf(log.parameters.get('nstlist'));
  const neighbourCutoff = numberOf(log.parameters.get('rlist'));
  if (vdw !== undefined) calculations.vdw_cutoff = vdw * NANOMETRE;
  if (coulombType) calculations.coulomb_type = coulombType.toLowerCase();
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
  new Map([...values].map(([name, value]) => [name.replace(/ \((?:bar|kJ\/mol)\)$/, ''), value]));

/** Terms that are energies in kJ/mol besides the total, potential and kinetic ones. */
const NOT_CONTRIBUTIONS =
  /^(?:Total Energy|Potential|Kinetic En\.|Conserved En\.|Temperature|Pres\. DC|Pressure|Constr\. rmsd|Box-|Volume|Density|pV|Enthalpy|Vir-|Pres-|#Surf|Box-Vel|T-|Lamb-|dVremain)/;

function calculationOf(
  step: number,
  time: number | undefined,
  terms: Terms,
  unitOf: (name: string) => string,
): Section {
  const calculation: Section = { step };
  if (time !== undefined) calculation.time_physical = time * PICOSECOND;
  const temperature = terms.get('Temperature');
  const pressure = terms.get('Pressure');
  if (temperature !== undefined) calculation.temperature = temperature;
  if (pressure !== undefined) calculation.pressure = pressure * BAR;
  const energy: Section = {};
  const named: [string, string][] = [
    // A minimisation states the potential energy alone: it is its total.
    [terms.has('Total Energy') ? 'Total Energy' : 'Potential', 'total'],
    ['Potential', 'potential'],
    ['Kinetic En.', 'kinetic'],
  ];
  for (const [name, key] of named) {
    const value = terms.get(name);
    if (value !== undefined) energy[key] = { value: value * KJ_PER_MOL };
  }
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
function withMolecules(run: Section, groups: Section[] | undefined): Section {
  const first = (run.system as Section[])[0];
  if (groups && first) first.atoms_group = groups;
  return run;
}

export function gromacsArchive(run: GromacsRun): CodeArchive {
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
    if (system !== undefined) calculation.system_ref = `/run/0/system/${system}`;
    calculation.method_ref = '/run/0/method/0';
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
  const forceTolerance = numberOf(log.parameters.get('emtol'));
  const workflow2 = minimiser
    ? geometryOptimization(
        {
          method: minimiser,
          ...(forceTolerance !== undefined
            ? { convergence_tolerance_force_maximum: forceTolerance * FORCE_UNIT }
            : {}),
        },
        log.minimisationConverged,
      )
    : molecularDynamics(mdMethod(log, integrator));
  return {
    run: withMolecules(
      codeRun('GROMACS', log.version, forceFieldMethod(run), structures, calculations),
      moleculeGroups(run.gro.atoms),
    ),
    workflow2,
    structure: structures[structures.length - 1]!,
    warnings,
  };
}
