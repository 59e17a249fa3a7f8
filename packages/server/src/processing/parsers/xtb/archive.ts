// From an xtb output and its structure files to NOMAD's run and workflow2 sections, in SI units: the
// extended tight-binding model as run.method.tb.xtb, one system and calculation per single point and
// optimisation cycle, or per dumped MD frame and printed MD step, and the multipoles of the last one.
import { BOHR, ELEMENTARY_CHARGE, FEMTOSECOND, HARTREE, PICOSECOND } from '@oasis/chem';
import type { CalculationEnergy, RunCalculation, RunMethod, WithCodeSpecific, Workflow } from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  codeRun,
  frontierOrbitals,
  geometryOptimization,
  molecularDynamics,
  singlePoint,
  type CodeArchive,
} from '../code-sections.ts';
import { atomicCharges, molecularEigenvalues } from '../molecular-sections.ts';
import type { XtbModule, XtbOutput, XtbSinglePoint, XtbValue } from './read-xtb.ts';

/** The structures the side files give. */
export interface XtbStructures {
  /** The input geometry (the 'coordinate file' of the setup). */
  initial?: Structure;
  /** One per optimisation cycle (xtbopt.log). */
  optimization: Structure[];
  /** The optimised geometry (xtbopt.coord / xtbopt.xyz), or the output's 'final structure'. */
  optimized?: Structure;
  /** The MD frames (xtb.trj). */
  trajectory: Structure[];
}

type Energy = CalculationEnergy & Record<string, unknown>;

/** SUMMARY labels and where NOMAD puts them (x_xtb_ where the metainfo has no common name). */
const SUMMARY_ENERGIES: Readonly<Record<string, string>> = {
  'total energy': 'total',
  'SCC energy': 'x_xtb_scc',
  '-> isotropic ES': 'x_xtb_isotropic_es',
  '-> anisotropic ES': 'x_xtb_anisotropic_es',
  '-> anisotropic XC': 'x_xtb_anisotropic_xc',
  '-> dispersion': 'x_xtb_dispersion',
  'dispersion energy': 'x_xtb_dispersion',
  '-> electrostatic': 'electrostatic',
  'repulsion energy': 'x_xtb_repulsion',
  'halogen bond corr.': 'x_xtb_halogen_bond_corr',
  'add. restraining': 'x_xtb_add_restraining',
};

const parametersOf = (pairs: readonly [string, unknown][]) => Object.fromEntries(pairs);

function methodOf(module: XtbModule): WithCodeSpecific<RunMethod> {
  const setup = parametersOf(module.setup?.parameters ?? []) as Record<string, XtbValue>;
  const hamiltonian = setup.Hamiltonian;
  const xtb: NonNullable<NonNullable<RunMethod['tb']>['xtb']> = {
    name: typeof hamiltonian === 'string' ? hamiltonian : module.heading,
  };
  if (module.model?.reference) xtb.reference = module.model.reference;
  // Hamiltonian, Coulomb and repulsion have sections of their own; dispersion, halogen bonds and the
  // rest are typed contributions.
  const own = { hamiltonian: [], coulomb: [], repulsion: [], contributions: [] } as Record<
    'hamiltonian' | 'coulomb' | 'repulsion' | 'contributions',
    { type?: string; parameters: Record<string, unknown> }[]
  >;
  for (const group of module.model?.groups ?? []) {
    const name = (group.name ?? '').toLowerCase();
    const interaction = { parameters: parametersOf(group.parameters) };
    if (name === 'hamiltonian' || name === 'coulomb' || name === 'repulsion') own[name].push(interaction);
    else own.contributions.push({ type: name, ...interaction });
  }
  for (const [key, list] of Object.entries(own)) if (list.length > 0) Object.assign(xtb, { [key]: list });
  const method: WithCodeSpecific<RunMethod> = {
    tb: { name: 'xTB', xtb, x_xtb_setup: setup } as NonNullable<RunMethod['tb']>,
  };
  const maxIterations = setup['max. iterations'];
  const threshold = setup['-> SCF convergence'];
  if (typeof maxIterations === 'number' || typeof threshold === 'number')
    method.scf = {
      ...(typeof maxIterations === 'number' ? { n_max_iteration: maxIterations } : {}),
      ...(typeof threshold === 'number' ? { threshold_energy_change: threshold * HARTREE } : {}),
    };
  return method;
}

/** The energies, SCF cycles and orbitals of a single point. */
function singlePointCalculation(point: XtbSinglePoint): RunCalculation {
  const energy: Energy = {};
  for (const { name, value } of point.summary[0]?.values ?? []) {
    const key = SUMMARY_ENERGIES[name];
    if (key) energy[key] = { value: value * HARTREE };
  }
  const calculation: RunCalculation = {};
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (point.iterations.length > 0) {
    calculation.n_scf_iterations = point.iterations.length;
    calculation.scf_iteration = point.iterations.map((row) => ({
      energy: { total: { value: row.energy * HARTREE }, change: row.change * HARTREE },
    }));
  }
  if (point.converged !== undefined) calculation.calculation_converged = point.converged;
  const orbitals = point.orbitals.at(-1)?.rows ?? [];
  if (orbitals.length > 0) {
    calculation.eigenvalues = molecularEigenvalues([orbitals], HARTREE);
    calculation.energy = { ...calculation.energy, ...frontierOrbitals(orbitals, HARTREE) };
  }
  return calculation;
}

/** Wall times of the footer: the n-th part of a name (or of any name but the total) with its start. */
function timing(out: XtbOutput, name: string | undefined, index = 0) {
  let start = 0;
  let seen = 0;
  for (const part of out.timings) {
    if (name === undefined ? part.name !== 'total' : part.name === name) {
      if (seen === index) return { start, wall: part.wall };
      seen += 1;
    }
    if (part.name !== 'total') start += part.wall;
  }
  return undefined;
}

const ANCOPT_SETTINGS: Readonly<Record<string, string>> = {
  'optimization level': 'x_xtb_optimization_level',
  'max. optcycles': 'x_xtb_max_opt_cycles',
  'ANC micro-cycles': 'x_xtb_anc_micro_cycles',
  'degrees of freedom': 'x_xtb_n_degrees_freedom',
  'RF solver': 'x_xtb_rf_solver',
  'linear?': 'x_xtb_linear',
  'Hlow (freq-cutoff)': 'x_xtb_hlow',
  'Hmax (freq-cutoff)': 'x_xtb_hmax',
  'S6 in model hess.': 'x_xtb_s6',
};

function optimizationWorkflow(out: XtbOutput): Workflow {
  const settings = parametersOf(out.optimization?.setup?.parameters ?? []) as Record<string, XtbValue>;
  const number = (key: string) => (typeof settings[key] === 'number' ? settings[key] : undefined);
  const energy = number('energy convergence');
  const gradient = number('grad. convergence');
  const displacement = number('maximium RF displ.');
  const cycles = number('max. optcycles');
  const workflow = geometryOptimization(
    {
      type: 'atomic',
      ...(energy !== undefined ? { convergence_tolerance_energy_difference: energy * HARTREE } : {}),
      // xtb prints the gradient criterion in Eh/α, α being its bohr.
      ...(gradient !== undefined ? { convergence_tolerance_force_maximum: (gradient * HARTREE) / BOHR } : {}),
      ...(displacement !== undefined
        ? { convergence_tolerance_displacement_maximum: displacement * BOHR }
        : {}),
      ...(cycles !== undefined ? { optimization_steps_maximum: cycles } : {}),
    },
    out.optimization?.converged,
  ) as Workflow & Record<string, unknown>;
  for (const [key, value] of Object.entries(settings)) {
    const name = ANCOPT_SETTINGS[key];
    if (name) workflow[name] = value === 'true' ? true : value === 'false' ? false : value;
  }
  return workflow;
}

const scaled = (values: readonly number[] | undefined, unit: number, count: number) =>
  values && values.length >= count ? values.slice(0, count).map((x) => x * unit) : undefined;

/** Atomic charges of the property printout (GFN2's q, GFN1's Mulliken and CM5), on the last calculation. */
function addCharges(out: XtbOutput, calculation: RunCalculation | undefined): void {
  const printout = out.properties;
  if (!calculation || !printout) return;
  const charges = [];
  if (printout.charges.length > 0) charges.push(atomicCharges('mulliken', printout.charges));
  if (printout.mullikenCm5.length > 0)
    charges.push(
      atomicCharges(
        'mulliken',
        printout.mullikenCm5.map((row) => row.mulliken),
      ),
      atomicCharges(
        'cm5',
        printout.mullikenCm5.map((row) => row.cm5),
      ),
    );
  if (charges.length > 0) calculation.charges = charges;
}

/** Dipole and quadrupole of the property printout (e·bohr, e·bohr²), on the last calculation. */
function addMultipoles(out: XtbOutput, calculation: RunCalculation | undefined): void {
  const dipole = out.properties?.dipole;
  if (!calculation || !dipole) return;
  const perDipole = ELEMENTARY_CHARGE * BOHR;
  const perQuadrupole = perDipole * BOHR;
  const quadrupole = out.properties?.quadrupole;
  const entry = (total: number[] | undefined, extra: Record<string, number[] | undefined>) =>
    Object.fromEntries(
      Object.entries({ total, ...extra }).filter((pair): pair is [string, number[]] => pair[1] !== undefined),
    );
  calculation.multipoles = [
    {
      dipole: entry(scaled(dipole.full, perDipole, 3), { x_xtb_q_only: scaled(dipole.q, perDipole, 3) }),
      ...(quadrupole
        ? {
            quadrupole: entry(scaled(quadrupole.full, perQuadrupole, 6), {
              x_xtb_q_only: scaled(quadrupole.q, perQuadrupole, 6),
              x_xtb_q_plus_dip: scaled(quadrupole.qDip, perQuadrupole, 6),
            }),
          }
        : {}),
    },
  ];
}

interface Builder {
  systems: Structure[];
  calculations: RunCalculation[];
}

const addSystem = (builder: Builder, structure: Structure | undefined): number | undefined => {
  if (!structure) return undefined;
  builder.systems.push(structure);
  return builder.systems.length - 1;
};

const withRefs = (
  calculation: RunCalculation,
  system: number | undefined,
  method: number,
): RunCalculation => {
  const refs = calculationRefs(system ?? 0, method);
  return { ...(system === undefined ? { method_ref: refs.method_ref } : refs), ...calculation };
};

function addOptimization(out: XtbOutput, files: XtbStructures, builder: Builder, method: number): void {
  const optimization = out.optimization!;
  const time = timing(out, 'ANC optimizer');
  // xtb times the optimiser as a whole: each cycle and the final single point get an equal share.
  const share = time ? time.wall / (optimization.cycles.length + 1) : undefined;
  optimization.cycles.forEach((cycle, n) => {
    const system = addSystem(builder, files.optimization[n]);
    const calculation: RunCalculation = {};
    if (cycle.energy)
      calculation.energy = {
        total: { value: cycle.energy.total * HARTREE },
        change: cycle.energy.change * HARTREE,
      };
    if (cycle.iterations.length > 0) {
      calculation.n_scf_iterations = cycle.iterations.length;
      calculation.scf_iteration = cycle.iterations.map((row) => ({
        energy: { total: { value: row.energy * HARTREE }, change: row.change * HARTREE },
      }));
    }
    if (time && share !== undefined) {
      calculation.time_calculation = share;
      calculation.time_physical = time.start + share * (n + 1);
    }
    builder.calculations.push(withRefs(calculation, system, method));
  });
  if (optimization.final) {
    const system = addSystem(builder, files.optimized);
    const calculation = singlePointCalculation(optimization.final);
    if (time && share !== undefined) {
      calculation.time_calculation = share;
      calculation.time_physical = time.start + share * (optimization.cycles.length + 1);
    }
    builder.calculations.push(withRefs(calculation, system, method));
  }
}

function addDynamics(out: XtbOutput, files: XtbStructures, builder: Builder, method: number): Workflow {
  const md = out.dynamics!;
  const { settings } = md;
  const dump = settings.dumpTrajectory ?? 1;
  const first = builder.systems.length;
  files.trajectory.forEach((frame) => builder.systems.push(frame));
  const time = timing(out, 'MD');
  const lastStep = Math.max(...md.rows.map((row) => row.step), 0);
  const perStep = time ? time.wall / (lastStep + 1) : undefined;
  for (const row of md.rows) {
    const frame = row.step % dump === 0 ? row.step / dump : undefined;
    const system = frame !== undefined && frame < files.trajectory.length ? first + frame : undefined;
    const calculation: RunCalculation = {
      step: row.step,
      time: row.time * PICOSECOND,
      temperature: row.temperature,
      energy: {
        total: {
          value: row.total * HARTREE,
          potential: row.potential * HARTREE,
          kinetic: row.kinetic * HARTREE,
        },
      },
    };
    if (time && perStep !== undefined) {
      calculation.time_calculation = perStep;
      calculation.time_physical = time.start + perStep * (row.step + 1);
    }
    builder.calculations.push(withRefs(calculation, system, method));
  }
  const workflow = molecularDynamics({
    thermodynamic_ensemble: md.thermostat ? 'NVT' : 'NVE',
    ...(settings.timestep !== undefined ? { integration_timestep: settings.timestep * FEMTOSECOND } : {}),
    ...(settings.maxSteps !== undefined ? { n_steps: settings.maxSteps } : {}),
    ...(settings.dumpTrajectory !== undefined ? { coordinate_save_frequency: settings.dumpTrajectory } : {}),
    ...(md.thermostat && settings.temperature !== undefined
      ? {
          thermostat_parameters: [
            { thermostat_type: 'berendsen', reference_temperature: settings.temperature },
          ],
        }
      : {}),
  }) as WithCodeSpecific<Workflow>;
  if (settings.time !== undefined) workflow.x_xtb_md_time = settings.time * PICOSECOND;
  if (settings.temperature !== undefined) workflow.x_xtb_temperature = settings.temperature;
  if (settings.sccAccuracy !== undefined) workflow.x_xtb_scc_accuracy = settings.sccAccuracy;
  if (settings.dumpTrajectory !== undefined) workflow.x_xtb_dumpstep_trj = settings.dumpTrajectory;
  return workflow;
}

export function xtbArchive(out: XtbOutput, files: XtbStructures): CodeArchive {
  const warnings: string[] = [];
  if (out.modules.length === 0)
    throw new Error("the output stops before its first single point (no 'G F N' module)");
  if (!out.finished) warnings.push("the output has no 'finished run on' line: the run did not finish");
  const builder: Builder = { systems: [], calculations: [] };
  const methods = out.modules.map(methodOf);
  // One single point per module, on the input geometry (each module's time is its footer entry).
  out.modules.forEach((module, index) => {
    const system =
      index === 0 ? addSystem(builder, files.initial) : builder.systems.length > 0 ? 0 : undefined;
    const calculation = singlePointCalculation(module);
    const time = timing(out, undefined, index);
    if (time) {
      calculation.time_calculation = time.wall;
      calculation.time_physical = time.start + time.wall;
    }
    builder.calculations.push(withRefs(calculation, system, index));
  });
  const method = Math.max(methods.length - 1, 0);
  let workflow2: Workflow = singlePoint();
  if (out.optimization) {
    addOptimization(out, files, builder, method);
    workflow2 = optimizationWorkflow(out);
  }
  if (out.dynamics) workflow2 = addDynamics(out, files, builder, method);
  if (out.dynamics && !out.dynamics.finished)
    warnings.push("the molecular dynamics has no 'normal exit of md': it did not finish");
  if (out.optimization && files.optimization.length < out.optimization.cycles.length)
    warnings.push('xtbopt.log has fewer geometries than the optimisation has cycles');
  addMultipoles(out, builder.calculations.at(-1));
  addCharges(out, builder.calculations.at(-1));
  if (builder.systems.length === 0)
    throw new Error('no structure: the coordinate file beside the output is missing');
  const run = codeRun('xTB', out.version, methods[0] ?? {}, builder.systems, builder.calculations);
  run.method = methods;
  const start = out.started && dateSeconds(out.started);
  const end = out.finished && dateSeconds(out.finished);
  if (start) run.time_run = { date_start: start, ...(end ? { date_end: end } : {}) };
  const setup = Object.fromEntries(out.calculationSetup);
  (run as WithCodeSpecific<typeof run>).x_xtb_calculation_setup = setup;
  return { run, workflow2, structure: builder.systems.at(-1)!, warnings };
}

/** Seconds since the epoch of 'YYYY/MM/DD hh:mm:ss.sss' (xtb prints local time; read as UTC). */
function dateSeconds(text: string): number | undefined {
  const match = /^(\d+)\/(\d+)\/(\d+) (\d+):(\d+):([\d.]+)$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, 0) / 1000 + second!;
}
