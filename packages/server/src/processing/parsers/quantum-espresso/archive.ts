// From a pw.x output to NOMAD's run and workflow2 sections, in SI units: the program, one method, one
// system per geometry an SCF cycle ran on, one calculation per cycle.
import {
  ATOMIC_MASS_UNIT,
  atomicNumber,
  BOHR,
  ELECTRON_VOLT,
  KILOBAR,
  PICOSECOND,
  RYDBERG,
  type Vec3,
} from '@oasis/chem';
import type {
  AtomParameters,
  BasisSetContainer,
  CalculationEnergy,
  GeometryOptimizationMethod,
  MethodElectronic,
  MethodKMesh,
  MolecularDynamicsMethod,
  Run,
  RunCalculation,
  RunMethod,
  TimeRun,
  Workflow,
} from '@oasis/schema';
import { systemSection } from '../../run-sections.ts';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  forcesSection,
  geometryOptimization,
  molecularDynamics,
  singlePoint,
  systemsOfSteps,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { Geometry, PwOutput, PwScfStep } from './read-pw.ts';

/** Seconds per Rydberg atomic unit of time (twice the Hartree unit). */
const RYDBERG_TIME = 4.8377686531e-17;

/** libxc names of the functionals pw.x names, by its short names or its four components. */
const XC: Readonly<Record<string, readonly string[]>> = {
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  'SLA PW PBX PBC': ['GGA_X_PBE', 'GGA_C_PBE'],
  'SLA PW PBE PBE': ['GGA_X_PBE', 'GGA_C_PBE'],
  PBESOL: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  'SLA PW PSX PSC': ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  REVPBE: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  'SLA PW REVX PBC': ['GGA_X_PBE_R', 'GGA_C_PBE'],
  PW91: ['GGA_X_PW91', 'GGA_C_PW91'],
  'SLA PW GGX GGC': ['GGA_X_PW91', 'GGA_C_PW91'],
  BLYP: ['GGA_X_B88', 'GGA_C_LYP'],
  'SLA B88 LYP BLYP': ['GGA_X_B88', 'GGA_C_LYP'],
  PZ: ['LDA_X', 'LDA_C_PZ'],
  LDA: ['LDA_X', 'LDA_C_PZ'],
  'SLA PZ NOGX NOGC': ['LDA_X', 'LDA_C_PZ'],
  'SLA PW NOGX NOGC': ['LDA_X', 'LDA_C_PW'],
  PBE0: ['HYB_GGA_XC_PBEH'],
  'PB0X PW PB0X PBC': ['HYB_GGA_XC_PBEH'],
  HSE: ['HYB_GGA_XC_HSE06'],
  'SLA PW HSE PBC': ['HYB_GGA_XC_HSE06'],
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  // libxc's BEEF-vdW is its GGA part; the non-local vdW-DF2 correlation has no libxc name.
  'BEEF-VDW': ['GGA_XC_BEEFVDW'],
};

const SMEARING_KINDS: Readonly<Record<string, string>> = {
  gaussian: 'gaussian',
  'methfessel-paxton': 'methfessel-paxton',
  'marzari-vanderbilt': 'marzari-vanderbilt',
  cold: 'marzari-vanderbilt',
  'fermi-dirac': 'fermi',
};

/** The element of a species label ('Fe1', 'O_up', 'ox' for a file named O_US.van). */
function elementOf(label: string, pseudopotential: string | undefined): string {
  const fromLabel = /^([A-Za-z][a-z]?)/.exec(label)?.[1];
  for (const candidate of [fromLabel, fromLabel?.[0], /^([A-Za-z][a-z]?)/.exec(pseudopotential ?? '')?.[1]]) {
    if (!candidate) continue;
    const symbol = candidate[0]!.toUpperCase() + candidate.slice(1).toLowerCase();
    if (atomicNumber(symbol) !== undefined) return symbol;
  }
  return 'X';
}

/** The libxc names of pw.x's 'Exchange-correlation' (none, with a warning, for one not in the table). */
function xcNames(name: string | undefined, warnings: string[]): readonly string[] {
  const names = XC[(name ?? '').toUpperCase().replace(/\s+/g, ' ').trim()];
  if (!names && name) warnings.push(`exchange-correlation '${name}' has no libxc names here`);
  return names ?? [];
}

/** NOMAD's pseudopotential type of pw.x's 'Pseudo is ...' (none for norm-conserving ones). */
function pseudopotentialOf(
  pseudo: PwOutput['pseudopotentials'][number] | undefined,
): AtomParameters['pseudopotential'] {
  if (!pseudo) return undefined;
  const section: NonNullable<AtomParameters['pseudopotential']> = { name: pseudo.file };
  const kind = pseudo.kind?.toLowerCase() ?? '';
  if (kind.startsWith('projector augmented')) section.type = 'PAW';
  else if (kind.startsWith('ultrasoft')) section.type = 'US V';
  if (kind.startsWith('norm-conserving')) section.norm_conserving = true;
  else if (section.type) section.norm_conserving = false;
  return section;
}

/** The plane-wave cut-offs as NOMAD's electrons_representation: wave functions, then density. */
function electronsRepresentation(out: PwOutput): BasisSetContainer[] {
  const representation = (scope: string, cutoff: number | undefined): BasisSetContainer => ({
    type: 'plane waves',
    scope: [scope],
    basis_set: [
      { type: 'plane waves', scope: [scope], ...(cutoff !== undefined ? { cutoff: cutoff * RYDBERG } : {}) },
    ],
  });
  return [representation('wavefunction', out.ecutwfc), representation('density', out.ecutrho)];
}

/** k-points from Cartesian units of 2π/alat to fractions of the reciprocal cell: k·aᵢ/alat. */
const fractionalKpoint = (k: Vec3, cell: Geometry['cell'], alat: number): Vec3 =>
  cell.map((a) => (k[0] * a[0] + k[1] * a[1] + k[2] * a[2]) / alat) as Vec3;

/** k_mesh of the k-points pw.x lists (fractions of the reciprocal cell; weights summing to 1). */
function kMesh(out: PwOutput, cell: Geometry['cell'] | undefined): MethodKMesh | undefined {
  const { points, weights } = out.kpointList;
  if (out.kpointCount === undefined && points.length === 0) return undefined;
  const mesh: MethodKMesh = { n_points: out.kpointCount ?? points.length };
  // pw.x lists them only up to 100 k-points unless verbosity is high.
  if (points.length > 0 && cell && out.alat !== undefined) {
    const alat = out.alat;
    const sum = weights.reduce((total, w) => total + w, 0);
    mesh.dimensionality = 3;
    mesh.points = points.map((k) => fractionalKpoint(k, cell, alat));
    if (sum > 0) mesh.weights = weights.map((w) => w / sum);
  }
  return mesh;
}

function methodOf(
  out: PwOutput,
  elements: Map<string, string>,
  cell: Geometry['cell'] | undefined,
  warnings: string[],
): RunMethod {
  // A noncollinear run has spinors, not spin channels: NOMAD leaves the number out.
  const electronic: MethodElectronic = {
    method: 'DFT',
    ...(out.noncollinear ? {} : { n_spin_channels: out.spinPolarized ? 2 : 1 }),
    ...(out.electrons !== undefined ? { n_electrons: out.electrons } : {}),
  };
  if (out.smearing) {
    const kind = SMEARING_KINDS[out.smearing.kind.toLowerCase()];
    electronic.smearing = { ...(kind ? { kind } : {}), width: out.smearing.width * RYDBERG };
  } else if (out.tetrahedra) electronic.smearing = { kind: 'tetrahedra' };
  const method: RunMethod = { dft: { xc_functional: xcFunctional(xcNames(out.xc, warnings)) }, electronic };
  method.electrons_representation = electronsRepresentation(out);
  const mesh = kMesh(out, cell);
  if (mesh) method.k_mesh = mesh;
  if (out.convergenceThreshold !== undefined)
    method.scf = { threshold_energy_change: out.convergenceThreshold * RYDBERG };
  method.atom_parameters = out.species.map((species, index) => {
    const pseudopotential = pseudopotentialOf(out.pseudopotentials[index]);
    return {
      label: species.label,
      atom_number: atomicNumber(elements.get(species.label) ?? 'X') ?? 0,
      mass: species.mass * ATOMIC_MASS_UNIT,
      n_valence_electrons: species.valence,
      pseudopotential_name: out.pseudopotentialFiles[index] ?? species.pseudopotential,
      ...(pseudopotential ? { pseudopotential } : {}),
    };
  });
  return method;
}

function structureOf(geometry: Geometry, elements: Map<string, string>): Structure {
  return {
    species: geometry.labels.map((label) => elements.get(label) ?? elementOf(label, undefined)),
    positions: geometry.positions.map((p) => p.map((x) => x * BOHR) as Vec3),
    lattice: geometry.cell.map((row) => row.map((x) => x * BOHR)) as Structure['lattice'],
    periodic: [true, true, true],
  };
}

/** Where in the run pw.x's cpu clock stood: after the previous cycle (0 before the first). */
interface Clock {
  previous: number;
}

/** time_physical (the cpu clock pw.x prints) and time_calculation (since the last print) of a cycle. */
function timings(step: PwScfStep, clock: Clock, calculation: RunCalculation): void {
  let before = step.timeBefore ?? clock.previous;
  const iterations = calculation.scf_iteration;
  step.iterations.forEach((iteration, index) => {
    if (iteration.time === undefined || !iterations) return;
    iterations[index]!.time_physical = iteration.time;
    iterations[index]!.time_calculation = Math.max(0, iteration.time - before);
    before = iteration.time;
  });
  const end = step.iterations.findLast((iteration) => iteration.time !== undefined)?.time;
  if (end === undefined) return;
  calculation.time_physical = end;
  calculation.time_calculation = Math.max(0, end - clock.previous);
  clock.previous = end;
}

function calculationOf(
  step: PwScfStep,
  refs: RunCalculation,
  alat: number | undefined,
  clock: Clock,
): RunCalculation {
  const energy: CalculationEnergy = {};
  if (step.energy !== undefined) energy.total = { value: step.energy * RYDBERG };
  if (step.fermi !== undefined) energy.fermi = step.fermi * ELECTRON_VOLT;
  if (step.highestOccupied !== undefined) energy.highest_occupied = step.highestOccupied * ELECTRON_VOLT;
  if (step.lowestUnoccupied !== undefined) energy.lowest_unoccupied = step.lowestUnoccupied * ELECTRON_VOLT;
  const xc = step.contributions.find((c) => c.name === 'xc contribution');
  if (xc) energy.xc = { value: xc.value * RYDBERG };
  if (step.contributions.length > 0)
    energy.contributions = step.contributions.map((c) => ({ kind: c.name, value: c.value * RYDBERG }));
  const calculation: RunCalculation = { ...refs, energy };
  if (step.iterations.length > 0) {
    calculation.n_scf_iterations = step.iterations.length;
    calculation.scf_iteration = step.iterations.map((iteration) => ({
      energy: {
        ...(iteration.energy !== undefined ? { total: { value: iteration.energy * RYDBERG } } : {}),
        ...(iteration.accuracy !== undefined ? { change: iteration.accuracy * RYDBERG } : {}),
      },
    }));
  }
  if (step.converged !== undefined) calculation.calculation_converged = step.converged;
  if (step.forces) {
    const forces = forcesSection(step.forces, RYDBERG / BOHR);
    // As printed, before any constraint is applied: NOMAD's value_raw.
    forces.total!.value_raw = step.forces.map((force) => force.map((x) => (x * RYDBERG) / BOHR));
    calculation.forces = forces;
  }
  if (step.stress)
    calculation.stress = { total: { value: step.stress.map((row) => row.map((x) => x * KILOBAR)) } };
  if (step.eigenvalues.length > 0 && alat !== undefined) {
    calculation.eigenvalues = [
      {
        n_spin_channels: step.eigenvalues.length,
        n_kpoints: step.kpoints.length,
        n_bands: step.eigenvalues[0]?.[0]?.length ?? 0,
        kpoints: step.kpoints.map((k) => fractionalKpoint(k, step.geometry.cell, alat)),
        energies: step.eigenvalues.map((channel) =>
          channel.map((bands) => bands.map((e) => e * ELECTRON_VOLT)),
        ),
      },
    ];
  }
  if (step.md?.temperature !== undefined) calculation.temperature = step.md.temperature;
  // The simulated time; time_physical is the cpu clock.
  if (step.md?.time !== undefined) calculation.time = step.md.time * PICOSECOND;
  timings(step, clock, calculation);
  return calculation;
}

function workflowOf(out: PwOutput): Workflow {
  switch (out.kind) {
    case 'relax':
    case 'vc-relax': {
      const method: GeometryOptimizationMethod = {
        type: out.kind === 'vc-relax' ? 'cell_shape' : 'atomic',
        method: 'bfgs',
      };
      if (out.criteria.energy !== undefined)
        method.convergence_tolerance_energy_difference = out.criteria.energy * RYDBERG;
      if (out.criteria.force !== undefined)
        method.convergence_tolerance_force_maximum = (out.criteria.force * RYDBERG) / BOHR;
      return geometryOptimization(method);
    }
    case 'md': {
      const method: MolecularDynamicsMethod = { thermodynamic_ensemble: 'NVE' };
      if (out.mdTimeStep !== undefined) method.integration_timestep = out.mdTimeStep * RYDBERG_TIME;
      return molecularDynamics(method);
    }
    default:
      return singlePoint();
  }
}

/** The archive of one pw.x run: `runIndex` is its place among the runs of the output. */
export function pwArchive(out: PwOutput, runIndex = 0): CodeArchive {
  const warnings = [...out.warnings];
  if (!out.finished) warnings.push("the output has no 'JOB DONE': the run did not finish");
  const elements = new Map(
    out.species.map((species, index) => [
      species.label,
      elementOf(species.label, out.pseudopotentialFiles[index]),
    ]),
  );
  // One system per distinct geometry the cycles ran on, in order.
  const { geometries, systemIndex } = systemsOfSteps(out.steps);
  const clock: Clock = { previous: 0 };
  const calculations = out.steps.map((step, index) =>
    calculationOf(step, calculationRefs(systemIndex[index]!, 0, runIndex), out.alat, clock),
  );
  if (geometries.length === 0 && out.finalGeometry) geometries.push(out.finalGeometry);
  const structures = geometries.map((geometry) => structureOf(geometry, elements));
  const run: Run = {
    program: { name: 'QuantumESPRESSO', version: out.version },
    method: [methodOf(out, elements, geometries[0]?.cell, warnings)],
    system: structures.map(systemSection),
  };
  if (calculations.length > 0) run.calculation = calculations;
  run.clean_end = out.finished;
  const timeRun: TimeRun = {};
  if (out.dateStart !== undefined) timeRun.date_start = out.dateStart;
  if (out.dateEnd !== undefined) timeRun.date_end = out.dateEnd;
  if (Object.keys(timeRun).length > 0) run.time_run = timeRun;
  return { run, workflow2: workflowOf(out), structure: structures[structures.length - 1]!, warnings };
}
