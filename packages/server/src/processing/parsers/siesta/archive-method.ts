// The method of a SIESTA run (functional by libxc names, numeric orbitals and mesh cut-off, smearing,
// spin, k-points, the input and 'redata:' parameters) and its workflow's method (optimiser or MD ensemble).
import { BOHR, ANGSTROM, RYDBERG } from '@oasis/chem';
import type {
  GeometryOptimizationMethod,
  MethodElectronic,
  MolecularDynamicsMethod,
  RunMethod,
  WithCodeSpecific,
} from '@oasis/schema';
import { xcFunctional } from '../code-sections.ts';
import { fdfParameter, fdfText, type FdfInput } from './read-siesta-fdf.ts';
import type { SiestaOutput } from './read-siesta.ts';

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

/** A number of a 'redata:' line ('150.0000  Ry' is 150). */
const simulationValue = (value: string): string | number => {
  const number = /^[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?(?=\s|$)/.exec(value);
  return number ? Number(number[0]) : value;
};

const parameter = (out: SiestaOutput, key: string) =>
  out.simulation.find((entry) => entry.key === key)?.value;

/** The length of a 'LatticeConstant 2.87 Ang' in m (Å when no unit is given). */
export function latticeConstant(input: FdfInput): number | undefined {
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

export function methodOf(out: SiestaOutput, warnings: string[]): WithCodeSpecific<RunMethod> {
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

const OPTIMIZERS: Readonly<Record<string, string>> = {
  cg: 'conjugate gradient',
  broyden: 'Broyden',
  fire: 'FIRE',
};

/** The optimiser, what it moves and its limits, of the 'redata:' parameters and the move banners. */
export function optimizationOf(out: SiestaOutput): GeometryOptimizationMethod {
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
export function dynamicsOf(input: FdfInput): MolecularDynamicsMethod {
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
