// From a SIESTA output to NOMAD's run and workflow2 sections, in SI units: one method (functional by libxc
// names, numeric atomic orbitals, smearing, spin), a system and calculation per geometry, and a last
// calculation for the final analysis after the run (final energies, static stress, Mulliken populations,
// dipole) on the last geometry.
import {
  ANGSTROM,
  BOHR,
  ELECTRON_VOLT,
  ELEMENTARY_CHARGE,
  KILOBAR,
  RYDBERG,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type {
  CalculationCharges,
  GeometryOptimizationMethod,
  MolecularDynamicsMethod,
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
  molecularDynamics,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import { fdfBlock, fdfParameter, fdfText, type FdfInput } from './read-siesta-fdf.ts';
import { bandSegments, bandVertices, type SiestaBands } from './read-siesta-bands.ts';
import type { SiestaEigenvalues } from './read-siesta-eig.ts';
import type { SiestaMulliken, SiestaOutput, SiestaStep, SiestaTerm } from './read-siesta.ts';

/** libxc names of SIESTA's xc.authors (lower case). */
const FUNCTIONALS: Readonly<Record<string, readonly string[]>> = {
  ca: ['LDA_X', 'LDA_C_PZ'],
  pz: ['LDA_X', 'LDA_C_PZ'],
  pw92: ['LDA_X', 'LDA_C_PW'],
  pw91: ['GGA_X_PW91', 'GGA_C_PW91'],
  pbe: ['GGA_X_PBE', 'GGA_C_PBE'],
  revpbe: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  rpbe: ['GGA_X_RPBE', 'GGA_C_PBE'],
  wc: ['GGA_X_WC', 'GGA_C_PBE'],
  am05: ['GGA_X_AM05', 'GGA_C_AM05'],
  pbesol: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  blyp: ['GGA_X_B88', 'GGA_C_LYP'],
  df1: ['GGA_X_PBE_R', 'VDW_C_DF1'],
  drsll: ['GGA_X_PBE_R', 'VDW_C_DF1'],
  df2: ['GGA_X_RPW86', 'VDW_C_DF2'],
  lmkll: ['GGA_X_RPW86', 'VDW_C_DF2'],
  kbm: ['GGA_X_OPTB88_VDW', 'VDW_C_DF1'],
  c09: ['GGA_X_C09X', 'VDW_C_DF1'],
  bh: ['GGA_X_LV_RPW86', 'VDW_C_DF1'],
};

/** Terms of the energy decompositions that NOMAD's Energy has a place for; the others are contributions. */
const TERMS: Readonly<
  Record<string, 'total' | 'free' | 'xc' | 'sum_eigenvalues' | 'electrostatic' | 'nuclear_repulsion'>
> = {
  Etot: 'total',
  FreeEng: 'free',
  Exc: 'xc',
  'Band Struct.': 'sum_eigenvalues',
  Hartree: 'electrostatic',
  'Exch.-corr.': 'xc',
  'Ion-ion': 'nuclear_repulsion',
  Total: 'total',
};

/** A number of a 'redata:' line ('150.0000  Ry' is 150). */
const simulationValue = (value: string): string | number => {
  const number = /^[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?(?=\s|$)/.exec(value);
  return number ? Number(number[0]) : value;
};

const parameter = (out: SiestaOutput, key: string) =>
  out.simulation.find((entry) => entry.key === key)?.value;

/** The length of a 'LatticeConstant 2.87 Ang' in m (Å when no unit is given). */
function latticeConstant(input: FdfInput): number | undefined {
  const value = fdfParameter(input, 'LatticeConstant');
  if (typeof value !== 'number') return undefined;
  const unit = /^\S+\s+(\w+)/.exec(fdfText(input, 'LatticeConstant') ?? '')?.[1]?.toLowerCase();
  return value * (unit === 'bohr' || unit === 'au' ? BOHR : ANGSTROM);
}

/**
 * The spin components of 'redata:', else of the input: SpinPolarized (4.0) or Spin (4.1 and later:
 * non-polarized, polarized, non-collinear, spin-orbit).
 */
function spinComponents(out: SiestaOutput): number {
  const printed = Number(parameter(out, 'Number of spin components'));
  if (Number.isInteger(printed) && printed > 0) return printed;
  const spin = String(fdfParameter(out.input, 'Spin') ?? '').toLowerCase();
  if (spin) return /^(?:non-?polari[sz]ed|none|false)$/.test(spin) ? 1 : 2;
  return fdfParameter(out.input, 'SpinPolarized') === true ? 2 : 1;
}

function methodOf(out: SiestaOutput, warnings: string[]): WithCodeSpecific<RunMethod> {
  const authors = String(fdfParameter(out.input, 'xc.authors') ?? 'CA').toLowerCase();
  const names = FUNCTIONALS[authors];
  if (!names) warnings.push(`xc.authors '${authors}' has no libxc names here`);
  const spin = spinComponents(out);
  const electronic: MethodElectronic = { method: 'DFT', n_spin_channels: spin >= 2 ? 2 : 1 };
  const temperature = /^(\S+)\s+Ry/.exec(parameter(out, 'Electronic Temperature') ?? '');
  // SIESTA occupies states by a Fermi-Dirac function of this electronic temperature unless told otherwise.
  if (temperature) electronic.smearing = { kind: 'fermi', width: Number(temperature[1]) * RYDBERG };
  const mesh = /^(\S+)\s+Ry/.exec(parameter(out, 'Mesh Cutoff') ?? '');
  const method: WithCodeSpecific<RunMethod> = {
    electronic,
    dft: { xc_functional: xcFunctional(names ?? []) },
    electrons_representation: [
      {
        type: 'atom-centered orbitals',
        scope: ['wavefunction'],
        // Norm-conserving pseudopotentials take the core: the orbitals hold the valence electrons.
        basis_set: [{ type: 'numeric AOs', scope: ['valence'] }],
      },
      ...(mesh
        ? [
            {
              type: 'real-space grid' as const,
              scope: ['density'],
              basis_set: [
                { type: 'real-space grid' as const, scope: ['density'], cutoff: Number(mesh[1]) * RYDBERG },
              ],
            },
          ]
        : []),
    ],
    x_siesta_input_parameters: out.input.parameters,
    x_siesta_simulation_parameters: Object.fromEntries(
      out.simulation.map(({ key, value }) => [key, simulationValue(value)]),
    ),
  };
  const kMesh = kMeshOf(out);
  if (kMesh) method.k_mesh = kMesh;
  return method;
}

/**
 * The k-point sampling: the number of points, and where the supercell of 'siesta: k-grid:' has one
 * non-zero entry per row and column (a Monkhorst-Pack grid, maybe in another order), the points along
 * each reciprocal vector and their displacement.
 */
function kMeshOf(out: SiestaOutput): RunMethod['k_mesh'] {
  if (out.kPoints === undefined) return undefined;
  const rows = out.kGrid;
  const simple =
    rows.length === 3 &&
    [0, 1, 2].every((j) => rows.filter((row) => row[j] !== 0).length === 1) &&
    rows.every((row) => row.slice(0, 3).filter((x) => x !== 0).length === 1);
  if (!simple) return { n_points: out.kPoints };
  const along = [0, 1, 2].map((j) => rows.find((row) => row[j] !== 0)!);
  return {
    n_points: out.kPoints,
    dimensionality: 3,
    grid: along.map((row, j) => row[j]!),
    offset: along.map((row) => row[3]!),
  };
}

/** Energies of a decomposition: the terms NOMAD names in place, the others as contributions (eV). */
function energyOf(terms: readonly SiestaTerm[]): CalculationEnergy {
  const energy: CalculationEnergy = {};
  const contributions: { kind: string; value: number }[] = [];
  for (const { name, value } of terms) {
    const place = TERMS[name];
    if (name === 'Fermi') energy.fermi = value * ELECTRON_VOLT;
    else if (place) energy[place] = { value: value * ELECTRON_VOLT };
    else contributions.push({ kind: name, value: value * ELECTRON_VOLT });
  }
  if (contributions.length > 0) energy.contributions = contributions;
  return energy;
}

/** The stress tensor of SIESTA's Voigt line, whose order is xx yy zz xy yz xz. */
function voigtStress(v: readonly number[]): number[][] {
  const [xx, yy, zz, xy, yz, xz] = v.map((x) => x * KILOBAR) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [
    [xx, xy, xz],
    [xy, yy, yz],
    [xz, yz, zz],
  ];
}

function stepCalculation(step: SiestaStep, systemIndex: number): RunCalculation {
  const calculation: RunCalculation = calculationRefs(systemIndex);
  const energy = energyOf(step.decomposition);
  // The Kohn-Sham energy after the SCF is the step's total (the decomposition is the start's).
  if (step.energyKS !== undefined) energy.total = { value: step.energyKS * ELECTRON_VOLT };
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (step.forces.length > 0)
    calculation.forces = {
      total: { value: step.forces.map((f) => f.map((x) => (x * ELECTRON_VOLT) / ANGSTROM)) },
    };
  if (step.stressVoigt) calculation.stress = { total: { value: voigtStress(step.stressVoigt) } };
  if (step.scf.length > 0) {
    calculation.n_scf_iterations = step.scf.length;
    calculation.scf_iteration = step.scf.map(([harris, ks, free, , fermi]) => ({
      energy: {
        total: { value: ks! * ELECTRON_VOLT },
        free: { value: free! * ELECTRON_VOLT },
        fermi: fermi! * ELECTRON_VOLT,
        types: [{ kind: 'Harris', value: harris! * ELECTRON_VOLT }],
      },
    }));
    calculation.energy = { ...calculation.energy, fermi: step.scf.at(-1)![4]! * ELECTRON_VOLT };
  }
  return calculation;
}

/**
 * Mulliken populations are electron counts: the atoms' counts and their net charges (valence minus
 * population) where the species' valence charge is known, each spin's and each orbital's count.
 */
function chargesOf(mulliken: SiestaMulliken, valence: SiestaOutput['valence']): CalculationCharges {
  const atoms = mulliken.spins[0]!;
  const electrons = atoms.map((_, k) => mulliken.spins.reduce((sum, spin) => sum + (spin[k]?.total ?? 0), 0));
  const zval = atoms.map((atom) => valence.find((v) => v.label === atom.label)?.charge);
  const charges: CalculationCharges = {
    analysis_method: 'Mulliken',
    n_atoms: atoms.length,
    n_spin_channels: mulliken.spins.length,
    n_electrons: electrons,
    orbital_projected: mulliken.spins.flatMap((spin, s) =>
      spin.flatMap((atom) =>
        atom.orbitals.map((o) => ({
          spin: s,
          atom_label: atom.label,
          atom_index: atom.atom - 1,
          orbital: o.name,
          n_electrons: o.value,
        })),
      ),
    ),
  };
  if (zval.every((z) => z !== undefined)) {
    const net = electrons.map((n, k) => zval[k]! - n);
    charges.value = net.map((q) => q * ELEMENTARY_CHARGE);
    charges.total = net.reduce((a, b) => a + b, 0) * ELEMENTARY_CHARGE;
  }
  if (mulliken.spins.length === 2) {
    charges.spin_projected = mulliken.spins.flatMap((spin, s) =>
      spin.map((atom) => ({
        spin: s,
        atom_label: atom.label,
        atom_index: atom.atom - 1,
        n_electrons: atom.total,
      })),
    );
    charges.spins = atoms.map((_, k) => mulliken.spins[0]![k]!.total - (mulliken.spins[1]![k]?.total ?? 0));
  }
  return charges;
}

function finalCalculation(out: SiestaOutput, systemIndex: number): RunCalculation | undefined {
  const calculation: RunCalculation = calculationRefs(systemIndex);
  const energy = energyOf(out.finalEnergy);
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  if (out.staticStress)
    calculation.stress = {
      total: { value: out.staticStress.map((row) => row.map((x) => (x * ELECTRON_VOLT) / ANGSTROM ** 3)) },
    };
  if (out.mulliken) calculation.charges = [chargesOf(out.mulliken, out.valence)];
  // NOMAD keeps the dipole in Debye (the metainfo gives the moment no unit).
  if (out.dipole) calculation.multipoles = [{ kind: 'electric', dipole: { total: out.dipole } }];
  return Object.keys(calculation).length > 2 ? calculation : undefined;
}

/** The structure of a geometry: its own coordinates and cell, else the initial ones. */
function structureOf(out: SiestaOutput, step: SiestaStep | undefined, cell: Vec3[] | undefined): Structure {
  const lattice = cell && (cell.map((v) => v.map((x) => x * ANGSTROM)) as Mat3);
  // A molecule's cell is only the box SIESTA puts it in.
  const periodic: [boolean, boolean, boolean] =
    lattice && out.systemType !== 'molecule' ? [true, true, true] : [false, false, false];
  const atoms = step?.atoms;
  if (!atoms) {
    const label = (index: number) => out.speciesLabels.find((s) => s.index === index)?.label ?? 'X';
    return {
      species: out.initialAtoms.map((a) => label(a.species)),
      positions: out.initialAtoms.map((a) => a.position.map((x) => x * BOHR) as Vec3),
      lattice: lattice ?? null,
      periodic,
    };
  }
  const format = atoms.format.toLowerCase();
  let positions: Vec3[];
  if (format.startsWith('fractional') && lattice) positions = cartesian(atoms.positions, lattice);
  else if (format.startsWith('scaled')) {
    const length = latticeConstant(out.input) ?? ANGSTROM;
    positions = atoms.positions.map((p) => p.map((x) => x * length) as Vec3);
  } else {
    const unit = format.startsWith('bohr') ? BOHR : ANGSTROM;
    positions = atoms.positions.map((p) => p.map((x) => x * unit) as Vec3);
  }
  return { species: atoms.labels, positions, lattice: lattice ?? null, periodic };
}

/**
 * The eigenvalues of the .EIG file (eV), with the .KP k-points made fractional by the cell (rows, m):
 * k_frac_i = a_i · k / 2π.
 */
function eigenvaluesOf(
  eig: SiestaEigenvalues,
  lattice: Mat3 | null,
): NonNullable<RunCalculation['eigenvalues']>[number] {
  const section: NonNullable<RunCalculation['eigenvalues']>[number] = {
    n_spin_channels: eig.energies.length,
    n_kpoints: eig.energies[0]!.length,
    n_bands: eig.energies[0]![0]?.length ?? 0,
    energies: eig.energies.map((spin) => spin.map((k) => k.map((e) => e * ELECTRON_VOLT))),
  };
  if (eig.kpoints.length > 0 && lattice) {
    section.kpoints = eig.kpoints.map(
      (k) => lattice.map((a) => (a[0] * k[0] + a[1] * k[1] + a[2] * k[2]) / BOHR / (2 * Math.PI)) as Vec3,
    );
    section.kpoints_weights = eig.weights;
  }
  return section;
}

/** The date of 'D-MON-YYYY HH:MM:SS' in seconds since the epoch (the output gives no time zone: UTC). */
function dateOf(text: string | undefined): number | undefined {
  const match = /^(\d+)-([A-Za-z]{3})-(\d{4})\s+(\d+):(\d+):(\d+)/.exec(text ?? '');
  if (!match) return undefined;
  const month = 'JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC'.indexOf(match[2]!.toUpperCase()) / 3;
  if (month < 0) return undefined;
  const [, day, , year, h, m, s] = match.map(Number) as number[];
  return Date.UTC(year!, month, day, h, m, s) / 1000;
}

const OPTIMIZERS: Readonly<Record<string, string>> = {
  cg: 'conjugate gradient',
  broyden: 'Broyden',
  fire: 'FIRE',
};

/** The optimiser, what it moves and its limits, of the 'redata:' parameters and the move banners. */
function optimizationOf(out: SiestaOutput): GeometryOptimizationMethod {
  const method: GeometryOptimizationMethod = {
    type: /^T/.test(parameter(out, 'Variable cell') ?? '') ? 'cell_shape' : 'atomic',
  };
  const name = out.optimizer && (OPTIMIZERS[out.optimizer.toLowerCase()] ?? out.optimizer);
  if (name) method.method = name;
  const force = /^(\S+)\s+Ry\/Bohr/.exec(parameter(out, 'Force tolerance') ?? '');
  if (force) method.convergence_tolerance_force_maximum = (Number(force[1]) * RYDBERG) / BOHR;
  const moves = Number.parseInt(parameter(out, 'Maximum number of CG moves') ?? '', 10);
  if (Number.isFinite(moves)) method.optimization_steps_maximum = moves;
  return method;
}

/** NOMAD's ensembles and integrators of MD.TypeOfRun. */
const DYNAMICS: Readonly<Record<string, MolecularDynamicsMethod>> = {
  verlet: { thermodynamic_ensemble: 'NVE', integrator_type: 'velocity_verlet' },
  nose: { thermodynamic_ensemble: 'NVT' },
  parrinellorahman: { thermodynamic_ensemble: 'NPH' },
  noseparrinellorahman: { thermodynamic_ensemble: 'NPT' },
};

/** The ensemble and time step (MD.LengthTimeStep, fs unless told; SIESTA's default 1 fs) of an MD run. */
function dynamicsOf(input: FdfInput): MolecularDynamicsMethod {
  const kind = String(fdfParameter(input, 'MD.TypeOfRun') ?? '').toLowerCase();
  const step = fdfParameter(input, 'MD.LengthTimeStep');
  const unit = /^\S+\s+(\w+)/.exec(fdfText(input, 'MD.LengthTimeStep') ?? '')?.[1]?.toLowerCase();
  const seconds = unit === 'ps' ? 1e-12 : unit === 'ns' ? 1e-9 : 1e-15;
  const last = fdfParameter(input, 'MD.FinalTimeStep');
  return {
    ...DYNAMICS[kind],
    integration_timestep: (typeof step === 'number' ? step : 1) * seconds,
    ...(typeof last === 'number' ? { n_steps: last } : {}),
  };
}

/** The reciprocal cell (rows, 1/m, with 2π) of a cell (rows, m). */
function reciprocalCell(cell: Mat3): Mat3 {
  const cross = (u: readonly number[], v: readonly number[]): Vec3 => [
    u[1]! * v[2]! - u[2]! * v[1]!,
    u[2]! * v[0]! - u[0]! * v[2]!,
    u[0]! * v[1]! - u[1]! * v[0]!,
  ];
  const [a, b, c] = cell;
  const volume = a.reduce((sum, x, i) => sum + x * cross(b, c)[i]!, 0);
  return [cross(b, c), cross(c, a), cross(a, b)].map((row) =>
    row.map((x) => (2 * Math.PI * x) / volume),
  ) as Mat3;
}

/** The band structure of the .bands file along the BandLines path, when the two agree. */
function bandStructureOf(
  out: SiestaOutput,
  bands: SiestaBands,
  cell: Mat3 | null,
  warnings: string[],
): NonNullable<RunCalculation['band_structure_electronic']>[number] | undefined {
  const constant = latticeConstant(out.input);
  const vertices = cell && constant !== undefined ? bandVertices(out.input, cell, constant) : undefined;
  const segment = vertices && bandSegments(vertices, bands, ELECTRON_VOLT);
  if (!segment) {
    warnings.push('the .bands file does not follow the BandLines path: its band structure is not read');
    return undefined;
  }
  return { reciprocal_cell: reciprocalCell(cell!), energy_fermi: bands.fermi * ELECTRON_VOLT, segment };
}

export function siestaArchive(
  out: SiestaOutput,
  eigenvalues?: SiestaEigenvalues,
  bands?: SiestaBands,
): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'End of run': the run did not finish");
  const method = methodOf(out, warnings);
  const fdfCell = fdfBlock(out.input, 'LatticeVectors');
  const constant = latticeConstant(out.input);
  let cell: Vec3[] | undefined =
    out.automaticCell.length === 3
      ? out.automaticCell
      : fdfCell?.length === 3 && constant !== undefined
        ? (fdfCell.map((row) => row.slice(0, 3).map((x) => (Number(x) * constant) / ANGSTROM)) as Vec3[])
        : undefined;
  const structures = out.steps.map((step) => {
    cell = step.cell ?? cell;
    return structureOf(out, step, cell);
  });
  if (structures.length === 0 && out.initialAtoms.length > 0)
    structures.push(structureOf(out, undefined, cell));
  const calculations = out.steps.map((step, index) => stepCalculation(step, index));
  const final = structures.length > 0 ? finalCalculation(out, structures.length - 1) : undefined;
  if (final) calculations.push(final);
  // The .EIG file holds the eigenvalues of the last SCF.
  const target = calculations.at(-1);
  if (eigenvalues && target && eigenvalues.energies[0]?.length) {
    target.eigenvalues = [eigenvaluesOf(eigenvalues, structures.at(-1)?.lattice ?? null)];
    target.energy = { ...target.energy, fermi: eigenvalues.fermi * ELECTRON_VOLT };
  }
  if (bands && target) {
    const structure = bandStructureOf(out, bands, structures.at(-1)?.lattice ?? null, warnings);
    if (structure) target.band_structure_electronic = [structure];
  }
  const run = codeRun('SIESTA', out.version, method, structures, calculations);
  Object.assign(run, {
    ...(out.arch ? { x_siesta_arch: out.arch } : {}),
    ...(out.compilerFlags ? { x_siesta_compiler_flags: out.compilerFlags } : {}),
    x_siesta_parallel: out.parallel,
    ...(out.nodes !== undefined ? { x_siesta_n_nodes: out.nodes } : {}),
  });
  const [start, end] = [dateOf(out.start), dateOf(out.end)];
  if (start !== undefined || end !== undefined)
    run.time_run = {
      ...(start !== undefined ? { date_start: start } : {}),
      ...(end !== undefined ? { date_end: end } : {}),
    };
  const workflow2: Workflow =
    out.kind === 'optimization'
      ? geometryOptimization(optimizationOf(out), out.relaxed)
      : out.kind === 'md'
        ? molecularDynamics(dynamicsOf(out.input))
        : singlePoint();
  return { run, workflow2, structure: structures.at(-1)!, warnings };
}
