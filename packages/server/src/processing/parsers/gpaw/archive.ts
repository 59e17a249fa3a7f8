// From a GPAW restart file to NOMAD's run and workflow2 sections, in SI units: one method (mode as basis,
// functional by libxc names, occupations, convergence), the system, and one calculation with the energies,
// forces, Fermi level, eigenvalues and, of ulm files, the density and effective potential on the grid and
// the band structure of a run along a band path.
import {
  ATOMIC_MASS_UNIT,
  ELECTRON_VOLT,
  ELEMENT_SYMBOLS,
  atomicMass,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type {
  BandEnergies,
  CalculationEnergy,
  RunCalculation,
  RunMethod,
  WithCodeSpecific,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import { calculationRefs, codeRun, singlePoint, xcFunctional, type CodeArchive } from '../code-sections.ts';
import { bandStructureOf } from './band-path.ts';
import { nested, type NdArray } from './byte-source.ts';
import { MAX_GRID_VALUES, type GpawRun } from './read-gpw.ts';

/** libxc names of GPAW's functional names. */
const FUNCTIONALS: Readonly<Record<string, readonly string[]>> = {
  LDA: ['LDA_X', 'LDA_C_PW'],
  PW91: ['GGA_X_PW91', 'GGA_C_PW91'],
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  PBEsol: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  revPBE: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  RPBE: ['GGA_X_RPBE', 'GGA_C_PBE'],
  BLYP: ['GGA_X_B88', 'GGA_C_LYP'],
  HCTH407: ['GGA_XC_HCTH_407'],
  WC: ['GGA_X_WC', 'GGA_C_PBE'],
  AM05: ['GGA_X_AM05', 'GGA_C_AM05'],
  'M06-L': ['MGGA_X_M06_L', 'MGGA_C_M06_L'],
  TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  revTPSS: ['MGGA_X_REVTPSS', 'MGGA_C_REVTPSS'],
  mBEEF: ['MGGA_X_MBEEF', 'GGA_C_PBE_SOL'],
  PBE0: ['HYB_GGA_XC_PBEH'],
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  HSE06: ['HYB_GGA_XC_HSE06'],
  SCAN: ['MGGA_X_SCAN', 'MGGA_C_SCAN'],
};

const BASIS = {
  fd: { container: 'real-space grid', basis: 'real-space grid' },
  pw: { container: 'plane waves', basis: 'plane waves' },
  lcao: { container: 'atom-centered orbitals', basis: 'numeric AOs' },
} as const;

const norm = (v: readonly number[]) => Math.hypot(...v);

/** Spacing of the grid along each cell vector (m): a periodic axis of n points has n intervals, else n+1. */
function gridSpacing(run: GpawRun): number[] | undefined {
  const points = run.gridPoints;
  if (!points || run.cell.length !== 3) return undefined;
  return run.cell.map((row, i) => (norm(row) / (points[i]! + (run.pbc[i] ? 0 : 1))) * run.lengthUnit);
}

function method(run: GpawRun, warnings: string[]): RunMethod {
  const basis = run.mode in BASIS ? BASIS[run.mode as keyof typeof BASIS] : undefined;
  if (!basis) warnings.push(`mode '${run.mode}' is not one of fd, pw, lcao: no basis set written`);
  const spacing = run.mode === 'fd' ? gridSpacing(run) : undefined;
  const names = FUNCTIONALS[run.xc];
  if (!names) warnings.push(`the functional '${run.xc}' has no libxc names here`);
  const result: WithCodeSpecific<RunMethod> = {
    electronic: {
      method: 'DFT',
      // GPAW's PAW setups are generated scalar-relativistically; the valence is treated non-relativistically.
      relativity_method: 'pseudo_scalar_relativistic',
      smearing: { kind: run.smearing.kind, width: run.smearing.width * run.energyUnit },
      ...(run.charge !== undefined ? { charge: run.charge } : {}),
      ...(run.eigenvalues ? { n_spin_channels: run.eigenvalues.shape[0] } : {}),
    },
    ...(basis
      ? {
          electrons_representation: [
            {
              type: basis.container,
              scope: ['wavefunction'],
              basis_set: [
                {
                  type: basis.basis,
                  scope: ['valence'],
                  ...(run.mode === 'pw' && run.cutoff !== undefined
                    ? { cutoff: run.cutoff * run.energyUnit }
                    : {}),
                  ...(spacing ? { grid_spacing: spacing } : {}),
                },
              ],
            },
          ],
        }
      : {}),
    ...(names ? { dft: { xc_functional: xcFunctional(names) } } : {}),
    ...(run.energyThreshold !== undefined
      ? { scf: { threshold_energy_change: run.energyThreshold * run.energyUnit } }
      : {}),
    ...run.methodExtras,
  };
  if (run.kgrid) {
    result.k_mesh = { dimensionality: 3, grid: run.kgrid, sampling_method: 'Monkhorst-Pack' };
    if (run.kgridOffset) result.k_mesh.offset = run.kgridOffset;
    if (run.kpoints) {
      result.k_mesh.n_points = run.kpoints.length;
      result.k_mesh.points = run.kpoints;
      if (run.kweights) result.k_mesh.weights = run.kweights;
    }
  }
  return result;
}

function structureOf(run: GpawRun): Structure {
  const periodic = [0, 1, 2].map((i) => run.mode === 'pw' || Boolean(run.pbc[i])) as [
    boolean,
    boolean,
    boolean,
  ];
  return {
    species: run.numbers.map((z) => ELEMENT_SYMBOLS[z] ?? 'X'),
    positions: run.positions.map((p) => p.map((x) => x * run.lengthUnit) as Vec3),
    lattice:
      run.cell.length === 3 ? (run.cell.map((row) => row.map((x) => x * run.lengthUnit)) as Mat3) : null,
    periodic,
  };
}

/** Band energies [spin][k-point][band] in J, with occupations and the irreducible k-points. */
function bandEnergies(run: GpawRun): BandEnergies | undefined {
  const energies = run.eigenvalues;
  if (!energies || energies.shape.length !== 3) return undefined;
  const scaled: NdArray = { shape: energies.shape, values: energies.values.map((x) => x * run.energyUnit) };
  return {
    n_spin_channels: energies.shape[0],
    n_kpoints: energies.shape[1],
    energies: nested(scaled) as number[][][],
    ...(run.occupations ? { occupations: nested(run.occupations) as number[][][] } : {}),
    ...(run.kpoints ? { kpoints: run.kpoints } : {}),
    ...(run.kweights ? { weights: run.kweights } : {}),
  };
}

/** A grid as NOMAD's volumetric data: values per volume (the file's unit³), origin and steps (m). */
function volumetric(run: GpawRun, grid: NdArray, unit: number): Record<string, unknown> {
  const [multiplicity, ...points] = grid.shape as [number, number, number, number];
  const steps = run.cell.map((row, i) =>
    row.map((x) => (x * run.lengthUnit) / (points[i]! + (run.pbc[i] ? 0 : 1))),
  );
  // A finite axis's grid leaves out the cell's boundary: its first point is one step in.
  const origin = [0, 1, 2].map((j) => steps.reduce((sum, step, i) => sum + (run.pbc[i] ? 0 : step[j]!), 0));
  return {
    multiplicity,
    n_x: points[0],
    n_y: points[1],
    n_z: points[2],
    origin,
    displacements: steps,
    value: nested({ shape: grid.shape, values: grid.values.map((x) => x * unit) }),
  };
}

function calculation(run: GpawRun, warnings: string[]): WithCodeSpecific<RunCalculation> {
  const energy: CalculationEnergy = {};
  for (const [key, value] of Object.entries(run.energies))
    (energy as Record<string, unknown>)[key] = { value: value * run.energyUnit };
  if (run.fermi !== undefined) {
    // With magnetic moments GPAW keeps a Fermi level per spin, split apart: the first one's.
    const shift = run.magneticMoments && run.split !== undefined ? 0.5 * run.split : 0;
    energy.fermi = (run.fermi + shift) * run.energyUnit;
  }
  const result: WithCodeSpecific<RunCalculation> = { ...calculationRefs(0), energy };
  if (run.forces) {
    const value = run.forces.map((f) => f.map((x) => (x * run.energyUnit) / run.lengthUnit));
    result.forces = { total: { value }, free: { value_raw: value } };
  }
  if (run.magneticMoments) {
    result.x_gpaw_magnetic_moments = run.magneticMoments;
    result.x_gpaw_fixed_spin_Sz = run.magneticMoments.reduce((a, b) => a + b, 0) / 2;
  }
  const bands = bandEnergies(run);
  if (bands) result.eigenvalues = [bands];
  const bandStructure = bandStructureOf(run, energy.fermi, warnings);
  if (bandStructure) result.band_structure_electronic = [bandStructure];
  if (run.converged !== undefined) result.calculation_converged = run.converged;
  const volume = run.lengthUnit ** 3;
  if (run.density && run.density.shape.length === 4)
    result.density_charge = [volumetric(run, run.density, 1 / volume)];
  if (run.potential && run.potential.shape.length === 4)
    // NOMAD's unit for it is energy per volume: the potential's values over the file's volume unit.
    result.potential = [{ effective: [volumetric(run, run.potential, run.energyUnit / volume)] }];
  return result;
}

/**
 * Velocities (m/s) of ASE's momenta (amu·Å per ASE time unit, Å·sqrt(amu/eV)) and the standard atomic
 * masses; none when all atoms rest or a mass is unknown.
 */
function velocitiesOf(run: GpawRun, species: readonly string[]): Vec3[] | undefined {
  const momenta = run.momenta;
  if (!momenta || momenta.every((p) => p.every((x) => x === 0))) return undefined;
  const masses = species.map((s) => atomicMass(s));
  if (masses.some((m) => m === undefined) || masses.length !== momenta.length) return undefined;
  const speed = Math.sqrt(ELECTRON_VOLT / ATOMIC_MASS_UNIT);
  return momenta.map((p, i) => p.map((x) => ((x * ATOMIC_MASS_UNIT) / masses[i]!) * speed) as Vec3);
}

export function gpawArchive(run: GpawRun): CodeArchive {
  const warnings: string[] = [];
  if (run.numbers.length === 0) throw new Error('the file holds no atoms');
  if (run.positions.length !== run.numbers.length)
    throw new Error(
      `the file has ${run.numbers.length} atomic numbers but ${run.positions.length} positions`,
    );
  if (run.converged === false) warnings.push('the SCF of the stored state did not converge');
  if (run.gridLeftOut !== undefined)
    warnings.push(
      `the density and potential grids (${run.gridLeftOut} values each) are larger than ${MAX_GRID_VALUES} values: left out`,
    );
  const structure = structureOf(run);
  const runSection = codeRun(
    'GPAW',
    run.version,
    method(run, warnings),
    [structure],
    [calculation(run, warnings)],
  );
  const velocities = velocitiesOf(run, structure.species);
  if (velocities) runSection.system![0]!.atoms!.velocities = velocities;
  return { run: runSection, workflow2: singlePoint(), structure, warnings };
}
