// From an Octopus run (stdout, inp, exec/parser.log, static/info) to NOMAD's run and workflow2 sections,
// in SI units: the method of the input variables (parser.log's values, as Octopus used them, over the
// inp's), the system of the coordinates and the printed box, a calculation per SCF run with its
// iterations, the final results of static/info on the last one (a ground state's), a calculation per
// step of a time propagation, and the input variables as x_octopus_input_* / x_octopus_parserlog_*.
import {
  ANGSTROM,
  AU_TIME,
  BOHR,
  ELECTRON_VOLT,
  ELEMENTARY_CHARGE,
  HARTREE,
  PLANCK,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type {
  BandEnergies,
  CalculationEnergy,
  MethodElectronic,
  RunCalculation,
  RunMethod,
  WithCodeSpecific,
  Workflow,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  cartesian,
  codeRun,
  geometryOptimization,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import { codeVariables } from './code-variables.ts';
import { blockOf, evaluate, numberOf, textOf, type OctopusVariables } from './input-variables.ts';
import type { XyzFrame } from '../xyz-read.ts';
import type { OctopusInfo } from './read-info.ts';
import type { OctopusOutput } from './read-octopus.ts';
import { printedXcNames, xcNames } from './xc.ts';

export interface OctopusRun {
  out: OctopusOutput;
  /** static/info, and static/eigenvalues (read alike) when there is one. */
  info?: OctopusInfo;
  eigenvalues?: OctopusInfo;
  inp: OctopusVariables;
  parserLog: OctopusVariables;
  /** geom/go.NNNN.xyz of each optimisation step, where there is one (Å). */
  steps?: (XyzFrame | undefined)[];
}

/** Factors to SI of the units Octopus names in brackets. */
const LENGTH: Readonly<Record<string, number>> = { b: BOHR, A: ANGSTROM };
const ENERGY: Readonly<Record<string, number>> = { H: HARTREE, eV: ELECTRON_VOLT, Ha: HARTREE };

/** NOMAD's energy sections of the terms of static/info. */
const ENERGY_TERMS: Readonly<Record<string, keyof CalculationEnergy>> = {
  Total: 'total',
  Free: 'free',
  'Ion-ion': 'nuclear_repulsion',
  Eigenvalues: 'sum_eigenvalues',
  Hartree: 'electrostatic',
  Exchange: 'exchange',
  Correlation: 'correlation',
  vanderWaals: 'van_der_waals',
  '-TS': 'correction_entropy',
  Kinetic: 'kinetic_electronic',
  'Int[n*v_xc]': 'xc_potential',
};

const SMEARING: Readonly<Record<string, string>> = {
  // Fixed occupations: NOMAD names this 'empty'.
  '1': 'empty',
  semiconducting: 'empty',
  '2': 'fermi',
  fermi_dirac: 'fermi',
  '3': 'marzari-vanderbilt',
  cold_smearing: 'marzari-vanderbilt',
  '4': 'methfessel-paxton',
  methfessel_paxton: 'methfessel-paxton',
};

/** A variable as Octopus used it: parser.log's echo, else the inp's. */
const variable = (run: OctopusRun, name: string) =>
  run.parserLog.has(name.toLowerCase()) ? run.parserLog : run.inp;

/** Whether the input's units (Units / UnitsInput) or its output's (Units / UnitsOutput) are eV and Å. */
function unitsAreEvAngstrom(run: OctopusRun, which: 'UnitsInput' | 'UnitsOutput'): boolean {
  const source = variable(run, which).has(which.toLowerCase())
    ? variable(run, which)
    : variable(run, 'Units');
  const value = textOf(source, which) ?? textOf(source, 'Units');
  return value !== undefined && (value === '1' || /ev_angstrom/i.test(value));
}

function method(run: OctopusRun, warnings: string[]): RunMethod {
  const energyUnit = unitsAreEvAngstrom(run, 'UnitsInput') ? ELECTRON_VOLT : HARTREE;
  const electronic: MethodElectronic = {};
  const theory = textOf(variable(run, 'TheoryLevel'), 'TheoryLevel')?.toLowerCase() ?? 'dft';
  const dftU = textOf(variable(run, 'DFTULevel'), 'DFTULevel')?.toLowerCase();
  if (dftU !== undefined && !['0', 'dft_u_none'].includes(dftU)) electronic.method = 'DFT+U';
  else if (['4', 'dft', 'kohn_sham'].includes(theory)) electronic.method = 'DFT';
  else if (['3', 'hartree_fock'].includes(theory)) electronic.method = 'HF';
  const spin = textOf(variable(run, 'SpinComponents'), 'SpinComponents')?.toLowerCase();
  if (spin !== undefined) electronic.n_spin_channels = ['1', 'unpolarized'].includes(spin) ? 1 : 2;
  const excess = numberOf(variable(run, 'ExcessCharge'), 'ExcessCharge');
  // A positive ExcessCharge takes electrons away.
  if (excess !== undefined) electronic.charge = excess * ELEMENTARY_CHARGE;
  const smearingFunction = textOf(variable(run, 'SmearingFunction'), 'SmearingFunction')?.toLowerCase();
  const kind = smearingFunction && SMEARING[smearingFunction];
  if (kind) {
    electronic.smearing = { kind };
    const width = numberOf(variable(run, 'Smearing'), 'Smearing');
    if (kind !== 'empty' && width !== undefined) electronic.smearing.width = width * energyUnit;
  }
  // NOMAD names Grimme's D3 by its year (G10) and Tkatchenko-Scheffler TS.
  // parser.log echoes options as numbers: the inp's name is looked at too.
  const vdw = [run.inp, run.parserLog].map((source) => textOf(source, 'VDWCorrection')?.toLowerCase());
  if (vdw.includes('vdw_ts')) electronic.van_der_waals_method = 'TS';
  else if (vdw.includes('vdw_d3')) electronic.van_der_waals_method = 'G10';
  const relativity = textOf(variable(run, 'RelativisticCorrection'), 'RelativisticCorrection')?.toLowerCase();
  if (relativity === 'scalar_rel' || relativity === '1' || relativity === 'scalar_relativistic')
    electronic.relativity_method = 'scalar_relativistic';
  const result: WithCodeSpecific<RunMethod> = {
    electronic,
    electrons_representation: [
      {
        type: 'real-space grid',
        scope: ['wavefunction'],
        basis_set: [
          {
            type: 'real-space grid',
            scope: ['valence'],
            ...(run.out.cutoff !== undefined ? { cutoff: run.out.cutoff * HARTREE } : {}),
            ...(run.out.spacing && LENGTH[run.out.spacing.unit]
              ? { grid_spacing: run.out.spacing.values.map((x) => x * LENGTH[run.out.spacing!.unit]!) }
              : {}),
          },
        ],
      },
    ],
  };
  const names = functionalNames(run, warnings);
  if (names.length > 0) result.dft = { xc_functional: xcFunctional(names) };
  const grid = run.info?.kgrid;
  if (grid && grid.length === 3) {
    result.k_mesh = { dimensionality: 3, grid, sampling_method: 'Monkhorst-Pack' };
    const points = run.info?.kweights ?? [];
    if (points.length > 0) {
      result.k_mesh.n_points = points.length;
      result.k_mesh.points = points.map((p) => p.slice(0, 3));
      result.k_mesh.weights = points.map((p) => p[3]!);
    }
  }
  return result;
}

function functionalNames(run: OctopusRun, warnings: string[]): string[] {
  const source = variable(run, 'XCFunctional');
  const written = textOf(source, 'XCFunctional');
  if (written !== undefined) {
    const value = evaluate(written, source);
    const found = xcNames(value ?? written);
    if ('names' in found) return found.names;
    warnings.push(found.problem);
  }
  const printed = run.out.exchange;
  return printedXcNames(printed?.exchange[0], printed?.correlation[0]);
}

/** The system: species and positions of the Coordinates (or ReducedCoordinates) block, the printed box. */
function structureOf(run: OctopusRun): Structure | undefined {
  const box = run.out.lattice.length === 3 ? run.out : run.info;
  const boxUnit = box?.latticeUnit ? LENGTH[box.latticeUnit] : undefined;
  const lattice = boxUnit && box ? (box.lattice.map((row) => row.map((x) => x * boxUnit)) as Mat3) : null;
  const dimensions = run.out.periodicDimensions ?? run.info?.periodicDimensions ?? 0;
  const periodic = [0, 1, 2].map((axis) => axis < dimensions) as [boolean, boolean, boolean];
  const lengthUnit = unitsAreEvAngstrom(run, 'UnitsInput') ? ANGSTROM : BOHR;
  for (const [name, reduced] of [
    ['Coordinates', false],
    ['ReducedCoordinates', true],
  ] as const) {
    const rows = blockOf(run.parserLog, name) ?? blockOf(run.inp, name);
    if (!rows || rows.length === 0) continue;
    const species = rows.map((row) => String(row[0]).trim());
    const numbers = rows.map((row) => row.slice(1, 4).map(Number) as Vec3);
    if (numbers.some((p) => p.length !== 3 || p.some((x) => !Number.isFinite(x)))) return undefined;
    const positions = reduced
      ? lattice
        ? (cartesian(numbers, lattice) as Vec3[])
        : undefined
      : numbers.map((p) => p.map((x) => x * lengthUnit) as Vec3);
    if (!positions) return undefined;
    return { species, positions, lattice, periodic };
  }
  return undefined;
}

/** Band energies per spin, k-point and state of static/eigenvalues or static/info. */
function bandEnergies(info: OctopusInfo | undefined): BandEnergies | undefined {
  const read = info?.eigenvalues;
  const unit = read?.unit ? ENERGY[read.unit] : undefined;
  if (!read || !unit) return undefined;
  const kpoints = read.kpoints.length > 0 ? read.kpoints : [{ k: [0, 0, 0], states: read.states }];
  if (kpoints.every((k) => k.states.length === 0)) return undefined;
  const spins = kpoints.some((k) => k.states.some((s) => s.spin === 'dn')) ? ['up', 'dn'] : ['--'];
  const channel = (spin: string, k: (typeof kpoints)[number]) =>
    k.states.filter((s) => spins.length === 1 || s.spin === spin);
  return {
    n_spin_channels: spins.length,
    n_kpoints: kpoints.length,
    kpoints: kpoints.map((k) => k.k ?? [0, 0, 0]),
    energies: spins.map((spin) => kpoints.map((k) => channel(spin, k).map((s) => s.energy * unit))),
    occupations: spins.map((spin) => kpoints.map((k) => channel(spin, k).map((s) => s.occupation))),
  };
}

/** One calculation per SCF run: its iterations with energies, Fermi energies and times. */
function scfCalculations(run: OctopusRun, outputEnergy: number, elapsed: { time: number }): RunCalculation[] {
  return run.out.scf.map((scf) => {
    const calculation: RunCalculation = calculationRefs(0);
    const start = elapsed.time;
    calculation.scf_iteration = scf.iterations.map((iteration) => {
      const energy: CalculationEnergy = {};
      if (iteration.energy !== undefined) energy.total = { value: iteration.energy * outputEnergy };
      const fermiUnit = iteration.fermi && ENERGY[iteration.fermi.unit];
      if (iteration.fermi && fermiUnit) energy.fermi = iteration.fermi.value * fermiUnit;
      const section: NonNullable<RunCalculation['scf_iteration']>[number] = { energy };
      if (iteration.time !== undefined) {
        elapsed.time += iteration.time;
        section.time_calculation = iteration.time;
        section.time_physical = elapsed.time;
      }
      return section;
    });
    calculation.n_scf_iterations = scf.iterations.length;
    if (scf.iterations.some((iteration) => iteration.time !== undefined)) {
      calculation.time_calculation = elapsed.time - start;
      calculation.time_physical = elapsed.time;
    }
    if (scf.converged !== undefined) calculation.calculation_converged = true;
    const lastFermi = calculation.scf_iteration.at(-1)?.energy?.fermi;
    const lastTotal = calculation.scf_iteration.at(-1)?.energy?.total;
    calculation.energy = {
      ...(lastTotal ? { total: lastTotal } : {}),
      ...(lastFermi !== undefined ? { fermi: lastFermi } : {}),
    };
    return calculation;
  });
}

/**
 * One calculation per time step of a propagation: its total energy, simulated time (Octopus's time unit is
 * ħ/Hartree, or ħ/eV with eV-Å output units) and the wall time of the step and since the start.
 */
function timeDependentCalculations(
  run: OctopusRun,
  outputEnergy: number,
  elapsed: { time: number },
): RunCalculation[] {
  const timeUnit = unitsAreEvAngstrom(run, 'UnitsOutput') ? PLANCK / (2 * Math.PI) / ELECTRON_VOLT : AU_TIME;
  return (run.out.timeDependent?.steps ?? []).map((row) => {
    elapsed.time += row.elapsed;
    return {
      ...calculationRefs(0),
      step: row.step,
      time: row.time * timeUnit,
      energy: { total: { value: row.energy * outputEnergy } },
      // The propagator's self-consistency steps (the SCF iterations of a Born-Oppenheimer step).
      n_scf_iterations: row.scfSteps,
      time_calculation: row.elapsed,
      time_physical: elapsed.time,
    };
  });
}

/** The final results of static/info (and static/eigenvalues) on a calculation. */
function addResults(calculation: RunCalculation, run: OctopusRun): void {
  const info = run.info;
  const energies = info?.energies[0];
  const unit = energies?.unit ? ENERGY[energies.unit] : undefined;
  const energy: CalculationEnergy = { ...calculation.energy };
  if (energies && unit)
    for (const term of energies.terms) {
      const key = ENERGY_TERMS[term.name];
      if (key) (energy as Record<string, unknown>)[key] = { value: term.value * unit };
    }
  const fermi = run.eigenvalues?.fermi ?? info?.fermi;
  const fermiUnit = fermi && ENERGY[fermi.unit];
  if (fermi && fermiUnit) energy.fermi = fermi.value * fermiUnit;
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  const forceUnit =
    info?.forcesUnit === 'eV/A'
      ? ELECTRON_VOLT / ANGSTROM
      : info?.forcesUnit === 'H/b'
        ? HARTREE / BOHR
        : undefined;
  if (info && forceUnit && info.forces.length > 0) {
    const value = info.forces.map((f) => f.map((x) => x * forceUnit));
    // NOMAD keeps them as the free forces before constraints.
    calculation.forces = { total: { value }, free: { value_raw: value } };
  }
  const bands = bandEnergies(run.eigenvalues) ?? bandEnergies(info);
  if (bands) calculation.eigenvalues = [bands];
}

export function octopusArchive(run: OctopusRun): CodeArchive {
  const warnings: string[] = [];
  if (!run.out.finished) warnings.push("the output has no 'Calculation ended on': the run did not finish");
  const structure = structureOf(run);
  const outputEnergy = unitsAreEvAngstrom(run, 'UnitsOutput') ? ELECTRON_VOLT : HARTREE;
  const elapsed = { time: 0 };
  const calculations = scfCalculations(run, outputEnergy, elapsed);
  const optimization = run.out.mode === 'go' || run.out.minimization.length > 0;
  const propagation = run.out.mode === 'td' || run.out.timeDependent !== undefined;
  calculations.push(...timeDependentCalculations(run, outputEnergy, elapsed));
  const structures = structure ? [structure] : [];
  if (run.out.minimization.length > 0) {
    // An optimisation's calculations are its steps, each on the geometry of its geom/go.NNNN.xyz.
    calculations.length = 0;
    for (const [index, step] of run.out.minimization.entries()) {
      const unit = step.energy && (step.energy.unit ? ENERGY[step.energy.unit] : outputEnergy);
      const frame = run.steps?.[index];
      let system = 0;
      if (frame && structure) {
        structures.push({
          ...structure,
          species: frame.species,
          positions: frame.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
        });
        system = structures.length - 1;
      }
      calculations.push({
        ...calculationRefs(system),
        ...(step.energy && unit ? { energy: { total: { value: step.energy.value * unit } } } : {}),
      });
    }
  }
  // static/info is of ground-state runs: an optimisation or a propagation writes none (one beside it is of
  // the ground state it started from).
  if (calculations.length === 0 && run.info && !propagation) calculations.push(calculationRefs(0));
  if (calculations.length > 0 && !optimization && !propagation)
    addResults(calculations[calculations.length - 1]!, run);
  const runSection: WithCodeSpecific<ReturnType<typeof codeRun>> = codeRun(
    'Octopus',
    run.out.version,
    method(run, warnings),
    structures,
    calculations,
  );
  if (run.out.revision !== undefined) runSection.x_octopus_log_svn_revision = run.out.revision;
  const converged = run.out.scf.at(-1)?.converged ?? run.info?.converged;
  if (converged !== undefined) runSection.x_octopus_info_scf_converged_iterations = converged;
  Object.assign(runSection, codeVariables('input', run.inp), codeVariables('parserlog', run.parserLog));
  if (run.out.walltime !== undefined) runSection.time_run = { wall_start: 0, wall_end: run.out.walltime };
  // NOMAD's metainfo has no workflow of a time propagation: a propagation keeps the SinglePoint of every
  // mode but the optimisation.
  const workflow2: Workflow = optimization ? geometryOptimization() : singlePoint();
  return { run: runSection, workflow2, structure: structures.at(-1)!, warnings };
}
