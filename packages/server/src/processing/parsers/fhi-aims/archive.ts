// From an FHI-aims output to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { ELECTRON_VOLT, EV_PER_ANGSTROM, PICOSECOND } from '../../units.ts';
import {
  calculationRefs,
  codeRun,
  forcesSection,
  geometryOptimization,
  molecularDynamics,
  scfIterations,
  singlePoint,
  systemsOfSteps,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { AimsGeometry, AimsOutput, AimsScfStep } from './read-aims.ts';

type Section = Record<string, unknown>;

/** libxc names of FHI-aims' `xc` keywords. */
const XC: Readonly<Record<string, readonly string[]>> = {
  'pw-lda': ['LDA_X', 'LDA_C_PW'],
  'pz-lda': ['LDA_X', 'LDA_C_PZ'],
  pbe: ['GGA_X_PBE', 'GGA_C_PBE'],
  pbesol: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  rpbe: ['GGA_X_RPBE', 'GGA_C_PBE'],
  revpbe: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  blyp: ['GGA_X_B88', 'GGA_C_LYP'],
  pw91_gga: ['GGA_X_PW91', 'GGA_C_PW91'],
  am05: ['GGA_X_AM05', 'GGA_C_AM05'],
  pbe0: ['HYB_GGA_XC_PBEH'],
  hse06: ['HYB_GGA_XC_HSE06'],
  b3lyp: ['HYB_GGA_XC_B3LYP'],
  scan: ['MGGA_X_SCAN', 'MGGA_C_SCAN'],
  hf: ['HF_X'],
};

const SMEARING: Readonly<Record<string, string>> = {
  gaussian: 'gaussian',
  methfessel: 'methfessel-paxton',
  fermi: 'fermi',
  cold: 'marzari-vanderbilt',
};

const RELATIVITY: Readonly<Record<string, string>> = {
  'atomic_zora scalar': 'scalar_relativistic_atomic_ZORA',
  'zora scalar': 'scalar_relativistic',
};

function methodOf(control: Map<string, string>, warnings: string[]): Section {
  const xcKey = (control.get('xc') ?? '').split(/\s+/)[0]!.toLowerCase();
  const names = XC[xcKey];
  if (!names && xcKey) warnings.push(`xc '${xcKey}' has no libxc names here`);
  const functional = xcFunctional(names ?? []);
  const electronic: Section = { method: 'DFT', n_spin_channels: control.get('spin') === 'collinear' ? 2 : 1 };
  const [occupation, width] = (control.get('occupation_type') ?? '').split(/\s+/);
  if (occupation) {
    const kind = SMEARING[occupation.toLowerCase()];
    electronic.smearing = {
      ...(kind ? { kind } : {}),
      ...(width ? { width: Number(width) * ELECTRON_VOLT } : {}),
    };
  }
  const relativity = RELATIVITY[(control.get('relativistic') ?? '').toLowerCase().replace(/\s+/g, ' ')];
  if (relativity) electronic.relativity_method = relativity;
  const method: Section = {
    dft: { xc_functional: functional },
    electronic,
    basis_set: [{ type: 'numeric AOs' }],
  };
  const grid = numbers(control.get('k_grid'));
  if (grid.length === 3) method.k_mesh = { grid };
  const etot = numbers(control.get('sc_accuracy_etot'))[0];
  if (etot !== undefined) method.scf = { threshold_energy_change: etot * ELECTRON_VOLT };
  return method;
}

const numbers = (text: string | undefined): number[] =>
  (text ?? '')
    .split(/\s+/)
    .filter((t) => t !== '' && !Number.isNaN(Number(t.replace(/[dD]/, 'e'))))
    .map((t) => Number(t.replace(/[dD]/, 'e')));

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

function calculationOf(step: AimsScfStep, systemIndex: number): Section {
  const energy: Section = {};
  // NOMAD's mapping: 'Total energy uncorrected' is the total energy, 'corrected' its T -> 0 value.
  if (step.totalUncorrected !== undefined) energy.total = { value: step.totalUncorrected * ELECTRON_VOLT };
  if (step.totalCorrected !== undefined) energy.total_t0 = { value: step.totalCorrected * ELECTRON_VOLT };
  if (step.freeEnergy !== undefined) energy.free = { value: step.freeEnergy * ELECTRON_VOLT };
  if (step.fermi !== undefined) energy.fermi = step.fermi * ELECTRON_VOLT;
  if (step.highestOccupied !== undefined) energy.highest_occupied = step.highestOccupied * ELECTRON_VOLT;
  if (step.lowestUnoccupied !== undefined) energy.lowest_unoccupied = step.lowestUnoccupied * ELECTRON_VOLT;
  const calculation: Section = {
    ...calculationRefs(systemIndex),
    energy,
    calculation_converged: step.converged,
  };
  Object.assign(calculation, scfIterations(step.iterations, ELECTRON_VOLT));
  if (step.forces) calculation.forces = forcesSection(step.forces, EV_PER_ANGSTROM);
  if (step.md?.temperature !== undefined) calculation.temperature = step.md.temperature;
  if (step.md?.time !== undefined) calculation.time_physical = step.md.time * PICOSECOND;
  return calculation;
}

const ENSEMBLES: Readonly<Record<string, string>> = { NVE: 'NVE', NVT: 'NVT', NPT: 'NPT', NPH: 'NPH' };

function workflowOf(control: Map<string, string>): Section {
  const relax = control.get('relax_geometry');
  if (relax && !/^none/i.test(relax)) {
    const [optimizer, tolerance] = relax.split(/\s+/);
    const method: Section = { type: control.has('relax_unit_cell') ? 'cell_shape' : 'atomic' };
    if (optimizer) method.method = optimizer.toLowerCase();
    if (tolerance)
      method.convergence_tolerance_force_maximum = Number(tolerance.replace(/[dD]/, 'e')) * EV_PER_ANGSTROM;
    return geometryOptimization(method);
  }
  const md = control.get('MD_run');
  if (md) {
    const [, kind] = md.split(/\s+/);
    const [ensemble, thermostat] = (kind ?? 'NVE').split('_');
    const method: Section = { thermodynamic_ensemble: ENSEMBLES[ensemble ?? ''] ?? ensemble };
    if (thermostat) method.thermostat_parameters = [{ thermostat_type: thermostat.replace('-', '_') }];
    const step = numbers(control.get('MD_time_step'))[0];
    if (step !== undefined) method.integration_timestep = step * PICOSECOND;
    return molecularDynamics(method);
  }
  return singlePoint();
}

export function aimsArchive(out: AimsOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Have a nice day.': the run did not finish");
  const steps = out.steps.filter((step) => step.totalUncorrected !== undefined || step.iterations.length > 0);
  const { geometries, systemIndex } = systemsOfSteps(steps);
  const calculations = steps.map((step, index) => calculationOf(step, systemIndex[index]!));
  if (geometries.length === 0) geometries.push(out.steps[0]!.geometry);
  const structures = geometries.map(structureOf);
  const run = codeRun('FHI-aims', out.version, methodOf(out.control, warnings), structures, calculations);
  return { run, workflow2: workflowOf(out.control), structure: structures[structures.length - 1]!, warnings };
}
