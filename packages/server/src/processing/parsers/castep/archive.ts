// From a .castep file to NOMAD's run and workflow2 sections, in SI units.
import {
  ANGSTROM,
  ATOMIC_MASS_UNIT,
  atomicNumber,
  ELECTRON_VOLT,
  ELEMENTARY_CHARGE,
  EV_PER_ANGSTROM,
  PICOSECOND,
  type Vec3,
} from '@oasis/chem';
import type {
  CalculationCharges,
  CalculationEnergy,
  CalculationThermodynamics,
  GeometryOptimizationMethod,
  MethodElectronic,
  MethodScf,
  Run,
  RunCalculation,
  RunMethod,
  RunSystem,
  ScfIteration,
  TimeRun,
  Workflow,
} from '@oasis/schema';
import { systemSection } from '../../run-sections.ts';
import { type Structure } from '../../structure.ts';
import {
  calculationRefs,
  cartesian,
  forcesSection,
  geometryOptimization,
  molecularDynamics,
  singlePoint,
  thermodynamicEnsemble,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import { bandStructureOf, type KpointPath } from './band-path.ts';
import type { CastepGeometry, CastepOutput, CastepScf } from './read-castep.ts';

const GIGAPASCAL = 1e9;
/** cm⁻¹ to m⁻¹ */
const WAVENUMBER = 100;

/** libxc names of the functionals CASTEP names in 'using functional'. */
const FUNCTIONALS: Readonly<Record<string, readonly string[]>> = {
  'Perdew Burke Ernzerhof': ['GGA_X_PBE', 'GGA_C_PBE'],
  'Local Density Approximation': ['LDA_X', 'LDA_C_PZ'],
  'PBE for solids (2008)': ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  'Perdew Wang (1991)': ['GGA_X_PW91', 'GGA_C_PW91'],
  'revised Perdew Burke Ernzerhof': ['GGA_X_RPBE', 'GGA_C_PBE'],
  'Wu-Cohen': ['GGA_X_WC', 'GGA_C_PBE'],
  'hybrid PBE0': ['HYB_GGA_XC_PBEH'],
  'hybrid B3LYP': ['HYB_GGA_XC_B3LYP'],
  HSE06: ['HYB_GGA_XC_HSE06'],
};

const SMEARING: Readonly<Record<string, string>> = {
  Gaussian: 'gaussian',
  'Fermi-Dirac': 'fermi',
  'Methfessel-Paxton': 'methfessel-paxton',
  'Marzari-Vanderbilt': 'marzari-vanderbilt',
};

const ORBITALS = ['s', 'p', 'd', 'f'];

const numbersOf = (text: string | undefined): number[] =>
  (text ?? '')
    .split(/\s+/)
    .map(Number)
    .filter((n) => !Number.isNaN(n));

function methodOf(out: CastepOutput, natoms: number, warnings: string[]): RunMethod {
  const parameter = (key: string) => out.parameters.get(key);
  const functionalName = parameter('using functional');
  const names = functionalName ? FUNCTIONALS[functionalName] : undefined;
  if (functionalName && !names) warnings.push(`functional '${functionalName}' has no libxc names here`);
  const spin =
    /spin.polari[sz]ed/i.test(parameter('treating system as') ?? '') &&
    !/non-spin/i.test(parameter('treating system as') ?? '');
  const electronic: MethodElectronic = {
    method: 'DFT',
    n_spin_channels: spin || parameter('spin polarized') === 'true' ? 2 : 1,
  };
  const scheme = parameter('smearing scheme');
  const width = numbersOf(parameter('smearing width'))[0];
  if (scheme)
    electronic.smearing = {
      ...(SMEARING[scheme] ? { kind: SMEARING[scheme] } : {}),
      ...(width !== undefined ? { width: width * ELECTRON_VOLT } : {}),
    };
  const cutoff = numbersOf(parameter('plane wave basis set cut-off'))[0];
  const tier = parameter('basis set accuracy');
  const method: RunMethod = {
    dft: { xc_functional: xcFunctional(names ?? []) },
    electronic,
    electrons_representation: [
      {
        type: 'plane waves',
        scope: ['wavefunction'],
        ...(tier ? { native_tier: tier } : {}),
        basis_set: [
          {
            type: 'plane waves',
            scope: ['valence'],
            ...(cutoff !== undefined ? { cutoff: cutoff * ELECTRON_VOLT } : {}),
          },
        ],
      },
    ],
  };
  const { grid, offset, nPoints } = out.kMesh;
  if (grid || nPoints !== undefined)
    method.k_mesh = {
      ...(grid ? { dimensionality: 3, sampling_method: 'Monkhorst-Pack', grid } : {}),
      ...(offset ? { offset } : {}),
      ...(nPoints !== undefined ? { n_points: nPoints } : {}),
    };
  const scf: MethodScf = {};
  const maxCycles = numbersOf(parameter('max. number of SCF cycles'))[0];
  if (maxCycles !== undefined) scf.n_max_iteration = maxCycles;
  // CASTEP's criterion is per atom.
  const perAtom = numbersOf(parameter('total energy / atom convergence tol.'))[0];
  if (perAtom !== undefined) scf.threshold_energy_change = perAtom * natoms * ELECTRON_VOLT;
  if (Object.keys(scf).length > 0) method.scf = scf;
  const atoms = [...out.pseudopotentials.keys(), ...out.masses.keys()].filter(
    (label, index, all) => all.indexOf(label) === index,
  );
  if (atoms.length > 0)
    method.atom_parameters = atoms.map((label) => {
      const number = atomicNumber(/^[A-Z][a-z]?/.exec(label)?.[0] ?? label);
      const mass = out.masses.get(label);
      const file = out.pseudopotentials.get(label);
      return {
        label,
        ...(number !== undefined ? { atom_number: number } : {}),
        ...(mass !== undefined ? { mass: mass * ATOMIC_MASS_UNIT } : {}),
        ...(file ? { pseudopotential_name: file } : {}),
      };
    });
  return method;
}

function structureOf(geometry: CastepGeometry): Structure {
  const cell = geometry.cell;
  return {
    species: geometry.species,
    positions: cartesian(geometry.fractional, cell).map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: cell.map((row) => row.map((x) => x * ANGSTROM)) as Structure['lattice'],
    periodic: [true, true, true],
  };
}

function systemOf(geometry: CastepGeometry): RunSystem {
  const system = systemSection(structureOf(geometry));
  if (geometry.velocities)
    system.atoms.velocities = geometry.velocities.map((v) => v.map((x) => (x * ANGSTROM) / PICOSECOND));
  return system;
}

function mullikenOf(scf: CastepScf): CalculationCharges | undefined {
  const m = scf.mulliken;
  if (!m) return undefined;
  return {
    analysis_method: 'Mulliken',
    n_atoms: m.labels.length,
    value: m.charges.map((q) => q * ELEMENTARY_CHARGE),
    ...(m.spins ? { spins: m.spins } : {}),
    // Populations are numbers of electrons, not charges.
    orbital_projected: m.orbitals.flatMap((populations, atom) =>
      populations.map((n, orbital) => ({
        atom_index: atom,
        atom_label: m.labels[atom],
        orbital: ORBITALS[orbital],
        n_electrons: n,
      })),
    ),
  };
}

/** The SCF iterations with their energies, changes and wall-clock times (`start`: the timer before). */
function iterationsOf(scf: CastepScf, natoms: number, start: number): ScfIteration[] {
  let previous = start;
  return scf.iterations.map((iteration) => {
    const energy: CalculationEnergy = { total: { value: iteration.energy * ELECTRON_VOLT } };
    if (iteration.fermi !== undefined) energy.fermi = iteration.fermi * ELECTRON_VOLT;
    // CASTEP prints the gain per atom, the previous energy less the new one.
    if (iteration.gain !== undefined) energy.change = -iteration.gain * natoms * ELECTRON_VOLT;
    const section: ScfIteration = { energy };
    if (iteration.timer !== undefined) {
      section.time_physical = iteration.timer;
      section.time_calculation = iteration.timer - previous;
      previous = iteration.timer;
    }
    return section;
  });
}

function calculationOf(scf: CastepScf, index: number, start: number): RunCalculation {
  const natoms = scf.geometry.species.length;
  const energy: CalculationEnergy = { total: { value: scf.energy * ELECTRON_VOLT } };
  if (scf.freeEnergy !== undefined) energy.free = { value: scf.freeEnergy * ELECTRON_VOLT };
  if (scf.energyT0 !== undefined) energy.total_t0 = { value: scf.energyT0 * ELECTRON_VOLT };
  const fermi = scf.iterations[scf.iterations.length - 1]?.fermi;
  if (fermi !== undefined) energy.fermi = fermi * ELECTRON_VOLT;
  const md = scf.md;
  if (md?.potential !== undefined) energy.potential = { value: md.potential * ELECTRON_VOLT };
  if (md?.kinetic !== undefined) energy.kinetic = { value: md.kinetic * ELECTRON_VOLT };
  const calculation: RunCalculation = { ...calculationRefs(index), energy };
  if (scf.iterations.length > 0) {
    calculation.n_scf_iterations = scf.iterations.length;
    calculation.scf_iteration = iterationsOf(scf, natoms, start);
    const end = scf.iterations[scf.iterations.length - 1]!.timer;
    if (end !== undefined) {
      calculation.time_physical = end;
      calculation.time_calculation = end - start;
    }
  }
  if (scf.forces) calculation.forces = forcesSection(scf.forces, EV_PER_ANGSTROM);
  if (scf.stress)
    calculation.stress = { total: { value: scf.stress.map((row) => row.map((x) => x * GIGAPASCAL)) } };
  if (md) {
    if (md.time !== undefined) calculation.time = md.time * PICOSECOND;
    if (md.temperature !== undefined) calculation.temperature = md.temperature;
    if (md.pressure !== undefined) calculation.pressure = md.pressure * GIGAPASCAL;
    const thermodynamics: CalculationThermodynamics = {};
    if (md.temperature !== undefined) thermodynamics.temperature = md.temperature;
    if (md.pressure !== undefined) thermodynamics.pressure = md.pressure * GIGAPASCAL;
    if (md.kinetic !== undefined) thermodynamics.kinetic_energy = md.kinetic * ELECTRON_VOLT;
    if (md.potential !== undefined) thermodynamics.potential_energy = md.potential * ELECTRON_VOLT;
    if (md.enthalpy !== undefined) thermodynamics.enthalpy = md.enthalpy * ELECTRON_VOLT;
    if (Object.keys(thermodynamics).length > 0) calculation.thermodynamics = [thermodynamics];
  }
  const charges = mullikenOf(scf);
  if (charges) calculation.charges = [charges];
  return calculation;
}

/** Band energies of a band-structure run, as eigenvalues (and segments when the path is known). */
function bandsOf(
  out: CastepOutput,
  path: KpointPath | undefined,
  warnings: string[],
): Pick<RunCalculation, 'eigenvalues' | 'band_structure_electronic'> {
  const bands = out.bands!;
  const energies = bands.energies.map((spin) => spin.map((k) => k.map((e) => e * ELECTRON_VOLT)));
  const section: Pick<RunCalculation, 'eigenvalues' | 'band_structure_electronic'> = {
    eigenvalues: [
      {
        n_spin_channels: energies.length,
        n_kpoints: bands.kpoints.length,
        n_bands: energies[0]?.[0]?.length ?? 0,
        kpoints: bands.kpoints,
        energies,
      },
    ],
  };
  if (path) {
    const segments = bandStructureOf(path, bands.kpoints, energies);
    if (segments) section.band_structure_electronic = [{ segment: segments }];
    else warnings.push('the band k-points do not follow the path of the .cell file: no band structure');
  }
  return section;
}

function vibrationsOf(out: CastepOutput): NonNullable<RunCalculation['vibrational_frequencies']> {
  return out.vibrations.map((modes) => ({
    n_frequencies: modes.frequencies.length,
    value: modes.frequencies.map((f) => f * WAVENUMBER),
    infrared: {
      n_vibrations: modes.frequencies.length,
      activity: modes.irActive,
      intensity: modes.irIntensity,
    },
    raman: {
      n_vibrations: modes.frequencies.length,
      activity: modes.ramanActive,
      ...(modes.ramanActivity ? { intensity: modes.ramanActivity } : {}),
    },
  }));
}

/** Optimiser names as NOMAD writes them. */
const OPTIMIZERS: Readonly<Record<string, string>> = {
  BFGS: 'bfgs',
  LBFGS: 'lbfgs',
  TPSD: 'tpsd',
  'damped MD': 'damped MD',
  FIRE: 'fire',
};

function workflowOf(out: CastepOutput, natoms: number): Workflow {
  const parameter = (key: string) => out.parameters.get(key);
  const kind = parameter('type of calculation') ?? '';
  if (/molecular dynamics/i.test(kind)) {
    const step = numbersOf(parameter('time step'))[0];
    const ensemble = thermodynamicEnsemble(parameter('ensemble'));
    return molecularDynamics({
      ...(ensemble ? { thermodynamic_ensemble: ensemble } : {}),
      ...(step !== undefined ? { integration_timestep: step * PICOSECOND } : {}),
    });
  }
  if (/geometry optimi[sz]ation|transition state search/i.test(kind)) {
    const name = parameter('optimization method') ?? parameter('search method') ?? 'BFGS';
    const method: GeometryOptimizationMethod = { method: OPTIMIZERS[name] ?? name.toLowerCase() };
    const force = numbersOf(parameter('max ionic |force| tolerance'))[0];
    if (force !== undefined) method.convergence_tolerance_force_maximum = force * EV_PER_ANGSTROM;
    const energy = numbersOf(parameter('total energy convergence tolerance'))[0];
    if (energy !== undefined)
      method.convergence_tolerance_energy_difference = energy * natoms * ELECTRON_VOLT;
    const displacement = numbersOf(parameter('max ionic |displacement| tolerance'))[0];
    if (displacement !== undefined)
      method.convergence_tolerance_displacement_maximum = displacement * ANGSTROM;
    const stress = numbersOf(parameter('max |stress component| tolerance'))[0];
    if (stress !== undefined) method.convergence_tolerance_stress_maximum = stress * GIGAPASCAL;
    return geometryOptimization(method, out.optimizationCompleted);
  }
  return singlePoint();
}

export function castepArchive(out: CastepOutput, path?: KpointPath): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Total time': the run did not finish");
  // A run cut before its first SCF keeps the structure it printed.
  const geometries = out.scfs.length > 0 ? out.scfs.map((scf) => scf.geometry) : [out.geometry!];
  if (out.scfs.length === 0) warnings.push("the output has no 'Final energy': no calculation finished");
  const natoms = geometries[0]!.species.length;
  // A system per calculation, as each SCF (finite-basis ones included) is a calculation of its own.
  const calculations: RunCalculation[] = [];
  let timer = 0;
  out.scfs.forEach((scf, index) => {
    calculations.push(calculationOf(scf, index, timer));
    timer = scf.iterations[scf.iterations.length - 1]?.timer ?? timer;
  });
  const last = calculations[calculations.length - 1];
  if (last && out.bands) Object.assign(last, bandsOf(out, path, warnings));
  if (last && out.vibrations.length > 0) last.vibrational_frequencies = vibrationsOf(out);
  const timeRun: TimeRun = {};
  if (out.dateStart !== undefined) {
    timeRun.date_start = out.dateStart;
    const total = out.timings.get('Total');
    if (total !== undefined) timeRun.date_end = out.dateStart + total;
  }
  const run: Run = {
    program: { name: 'CASTEP', ...(out.version ? { version: out.version } : {}) },
    clean_end: out.finished,
    ...(Object.keys(timeRun).length > 0 ? { time_run: timeRun } : {}),
    method: [methodOf(out, natoms, warnings)],
    system: geometries.map(systemOf),
    ...(calculations.length > 0 ? { calculation: calculations } : {}),
  };
  return {
    run,
    workflow2: workflowOf(out, natoms),
    structure: structureOf(geometries[geometries.length - 1]!),
    warnings,
  };
}
