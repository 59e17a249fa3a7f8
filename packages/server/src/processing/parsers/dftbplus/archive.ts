// From a DFTB+ output, its detailed.out and its input to NOMAD's run and workflow2 sections, in SI
// units: the DFTB model as run.method.tb, a calculation per geometry (or MD) step with its SCC cycles,
// the final step completed by detailed.out (energy terms, Fermi level, eigenvalues, forces, charges,
// dipole), and systems for the input and the final geometry (DFTB+ writes no intermediate ones).
import { BOHR, ELEMENTARY_CHARGE, HARTREE } from '@oasis/chem';
import type { CalculationEnergy, RunCalculation, RunMethod, WithCodeSpecific, Workflow } from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  codeRun,
  geometryOptimization,
  molecularDynamics,
  singlePoint,
  type CodeArchive,
} from '../code-sections.ts';
import { atomicCharges } from '../molecular-sections.ts';
import type { HsdSection } from './read-dftbplus-input.ts';
import type { DftbDetailed, DftbOutput, DftbStep } from './read-dftbplus.ts';

/** Pascal per Hartree/bohr³. */
const PRESSURE_AU = HARTREE / BOHR ** 3;

export interface DftbInputs {
  /** The HSD settings (dftb_pin.hsd, else dftb_in.hsd). */
  settings?: HsdSection;
  /** The geometry of the input. */
  initial?: Structure;
  /** geo_end.gen: the last geometry. */
  final?: Structure;
  detailed?: DftbDetailed;
}

type Energy = CalculationEnergy & Record<string, unknown>;

function methodOf(out: DftbOutput, inputs: DftbInputs): WithCodeSpecific<RunMethod> {
  const settings = new Map((out.settings?.pairs ?? []).map(({ name, value }) => [name, value]));
  const number = (name: string) => {
    const value = Number.parseFloat(settings.get(name) ?? '');
    return Number.isFinite(value) ? value : undefined;
  };
  const tb: Record<string, unknown> = { name: 'DFTB' };
  if (inputs.settings) {
    // The geometry rows stay in the system sections, not in the settings.
    const { Geometry: _geometry, ...rest } = inputs.settings;
    tb.x_dftbp_input_parameters = rest;
  }
  if (out.skFiles?.files.length) tb.x_dftbp_sk_files = out.skFiles.files;
  const method: WithCodeSpecific<RunMethod> = { tb: tb as NonNullable<RunMethod['tb']> };
  const spin = settings.get('Spin polarisation');
  const up = number('Nr. of up electrons');
  const down = number('Nr. of down electrons');
  const hamiltonian = inputs.settings?.Hamiltonian;
  const charge = typeof hamiltonian === 'object' ? hamiltonian.Charge : undefined;
  method.electronic = {
    ...(spin ? { n_spin_channels: /^yes/i.test(spin) ? 2 : 1 } : {}),
    ...(up !== undefined && down !== undefined ? { n_electrons: up + down } : {}),
    ...(typeof charge === 'number' ? { charge: charge * ELEMENTARY_CHARGE } : {}),
  };
  const maxIterations = number('Max. scc iterations');
  if (maxIterations !== undefined) method.scf = { n_max_iteration: maxIterations };
  const kpoints = out.settings?.kpoints[0]?.rows ?? [];
  if (kpoints.length > 0)
    method.k_mesh = {
      dimensionality: 3,
      n_points: kpoints.length,
      points: kpoints.map((k) => k.slice(0, 3)),
      weights: kpoints.map((k) => k[3]!),
    };
  return method;
}

function stepCalculation(step: DftbStep): RunCalculation {
  const { total, totalT0, mermin, pressure, kinetic, mdTotal, temperature } = step.values;
  const energy: Energy = {};
  // In MD the step's total is the potential energy; the conserved energy adds the nuclei's kinetic one.
  if (mdTotal !== undefined)
    energy.total = {
      value: mdTotal * HARTREE,
      ...(total !== undefined ? { potential: total * HARTREE } : {}),
      ...(kinetic !== undefined ? { kinetic: kinetic * HARTREE } : {}),
    };
  else if (total !== undefined) energy.total = { value: total * HARTREE };
  if (totalT0 !== undefined) energy.total_t0 = { value: totalT0 * HARTREE };
  // The Mermin free energy is the free energy of the smeared occupations.
  if (mermin !== undefined) {
    energy.free = { value: mermin * HARTREE };
    energy.x_dftbp_total_mermin = { value: mermin * HARTREE };
  }
  const calculation: RunCalculation = {};
  if (step.heading?.kind === 'MD') calculation.step = step.heading.index;
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (pressure !== undefined) calculation.pressure = pressure * PRESSURE_AU;
  if (temperature !== undefined) calculation.temperature = temperature;
  if (step.iterations.length > 0) {
    calculation.n_scf_iterations = step.iterations.length;
    calculation.scf_iteration = step.iterations.map((row) => ({
      energy: { total: { value: row.energy * HARTREE }, change: row.change * HARTREE },
    }));
  }
  return calculation;
}

/** detailed.out's energy terms, by where NOMAD puts them. */
const DETAILED_ENERGIES: readonly [keyof DftbDetailed['energies'], string][] = [
  ['band', 'x_dftbp_band'],
  ['ts', 'x_dftbp_ts'],
  ['bandFree', 'x_dftbp_band_free'],
  ['bandT0', 'x_dftbp_band_t0'],
  ['h0', 'x_dftbp_h0'],
  ['scc', 'x_dftbp_scc'],
  ['electronic', 'electronic'],
  ['repulsive', 'nuclear_repulsion'],
  ['dispersion', 'van_der_waals'],
  ['total', 'total'],
  ['totalT0', 'total_t0'],
  ['mermin', 'x_dftbp_total_mermin'],
];

/** The final step's properties from detailed.out. */
function addDetailed(calculation: RunCalculation, detailed: DftbDetailed, kpoints: number[][]): void {
  const energy: Energy = { ...calculation.energy };
  for (const [key, name] of DETAILED_ENERGIES) {
    const value = detailed.energies[key];
    if (value !== undefined) energy[name] = { value: value * HARTREE };
  }
  if (detailed.energies.band !== undefined)
    energy.sum_eigenvalues = { value: detailed.energies.band * HARTREE };
  if (detailed.energies.mermin !== undefined) energy.free = { value: detailed.energies.mermin * HARTREE };
  if (detailed.energies.fermi !== undefined) energy.fermi = detailed.energies.fermi * HARTREE;
  calculation.energy = energy;
  if (detailed.pressure !== undefined) calculation.pressure = detailed.pressure * PRESSURE_AU;
  const forces = detailed.forces.at(-1)?.rows ?? [];
  if (forces.length > 0)
    calculation.forces = { total: { value: forces.map((f) => f.map((x) => (x * HARTREE) / BOHR)) } };
  const charges = detailed.charges.at(-1)?.rows ?? [];
  if (charges.length > 0) calculation.charges = [atomicCharges('mulliken', charges)];
  if (detailed.dipole)
    calculation.multipoles = [
      { dipole: { total: detailed.dipole.map((x) => x * ELEMENTARY_CHARGE * BOHR) } },
    ];
  const table = detailed.eigenvalues;
  const perKpoint = table
    ? table.kpoints.length > 0
      ? table.kpoints.map((k) => k.levels)
      : [table.levels]
    : [];
  const nBands = Math.min(...perKpoint.map((levels) => levels.length));
  if (perKpoint.length > 0 && nBands > 0) {
    calculation.eigenvalues = [
      {
        n_spin_channels: 1,
        n_kpoints: perKpoint.length,
        n_bands: nBands,
        ...(kpoints.length === perKpoint.length ? { kpoints: kpoints.map((k) => k.slice(0, 3)) } : {}),
        energies: [perKpoint.map((levels) => levels.slice(0, nBands).map((l) => l.energy * HARTREE))],
        occupations: [perKpoint.map((levels) => levels.slice(0, nBands).map((l) => l.occupation))],
      },
    ];
  }
  if (detailed.converged !== undefined) calculation.calculation_converged = detailed.converged;
}

function workflowOf(out: DftbOutput): Workflow {
  const settings = new Map((out.settings?.pairs ?? []).map(({ name, value }) => [name, value]));
  const mode = settings.get('Mode') ?? '';
  if (/molecular dynamics/i.test(mode) || out.steps.some((step) => step.heading?.kind === 'MD'))
    return molecularDynamics({});
  if (!/relax|optimi[sz]/i.test(mode)) return singlePoint();
  const tolerance = Number.parseFloat(settings.get('Force tolerance') ?? '');
  const maxSteps = Number.parseInt(settings.get('Max. nr. of geometry steps') ?? '', 10);
  return geometryOptimization(
    {
      type: /^yes/i.test(settings.get('Lattice optimisation') ?? '') ? 'cell_shape' : 'atomic',
      ...(Number.isFinite(tolerance)
        ? { convergence_tolerance_force_maximum: (tolerance * HARTREE) / BOHR }
        : {}),
      ...(Number.isFinite(maxSteps) ? { optimization_steps_maximum: maxSteps } : {}),
    },
    out.converged,
  );
}

export function dftbArchive(out: DftbOutput, inputs: DftbInputs): CodeArchive {
  const warnings: string[] = [];
  const workflow2 = workflowOf(out);
  const lastStep = out.steps.at(-1);
  if (!lastStep) throw new Error("the output stops before its first 'Geometry step'");
  if (lastStep.values.total === undefined)
    warnings.push("the last step has no 'Total Energy': the run did not finish");
  else if (workflow2.name === 'GeometryOptimization' && !out.optimizationEnd)
    warnings.push(
      "the optimisation has no 'Geometry converged' (or 'did NOT converge') line: the run did not finish",
    );
  const structures: Structure[] = [];
  if (inputs.initial) structures.push(inputs.initial);
  // Only a run that moves atoms ends on a geometry of its own.
  if (inputs.final && (workflow2.name !== 'SinglePoint' || structures.length === 0))
    structures.push(inputs.final);
  if (structures.length === 0)
    throw new Error('no structure: neither the input geometry nor geo_end.gen is readable');
  const kpoints = out.settings?.kpoints[0]?.rows ?? [];
  const calculations = out.steps.map((step, index) => {
    const calculation = stepCalculation(step);
    const system = index === 0 ? 0 : index === out.steps.length - 1 ? structures.length - 1 : undefined;
    calculation.method_ref = '/run/0/method/0';
    if (system !== undefined) calculation.system_ref = `/run/0/system/${system}`;
    return calculation;
  });
  if (inputs.detailed && lastStep.values.total !== undefined)
    addDetailed(calculations[calculations.length - 1]!, inputs.detailed, kpoints);
  const run = codeRun(
    'DFTB+',
    out.version,
    methodOf(out, inputs),
    structures,
    calculations,
  ) as WithCodeSpecific<ReturnType<typeof codeRun>>;
  if (out.inputFile) run.x_dftbp_input_file = out.inputFile;
  if (out.processedInputFile) run.x_dftbp_processed_input_file = out.processedInputFile;
  if (out.parserVersion) run.x_dftbp_parser_version = out.parserVersion;
  return { run, workflow2, structure: structures[structures.length - 1]!, warnings };
}
