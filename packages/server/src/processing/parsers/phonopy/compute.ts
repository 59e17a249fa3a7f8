// From the unit cell, the control.in settings and the displacement datasets to the phonon results:
// force constants, band structure along the 'phonon band' path, frequencies on the irreducible mesh,
// DOS and thermal properties. Sizes are bounded so that no input makes this run for long.
import type { Mat3, Vec3 } from '@oasis/chem';
import { THZ_PER_UNIT } from './constants.ts';
import { dynamicalMatrix } from './dynamical-matrix.ts';
import { forceConstantRows, type DisplacementDataset } from './force-constants.ts';
import { irreducibleMesh, type IrreducibleMesh } from './mesh.ts';
import type { PhononControl } from './read-control.ts';
import type { AimsCell } from './read-geometry.ts';
import type { Supercell } from './supercell.ts';
import { cellSymmetry } from './symmetry-ops.ts';
import { gaussianDos, temperatureGrid, thermalProperties, type ThermalProperties } from './thermal.ts';

/** Points per band segment and along the whole path. */
const MAX_SEGMENT_POINTS = 1000;
const MAX_PATH_POINTS = 10_000;
/** Mesh points per axis. */
const MAX_MESH = 50;
const DEFAULT_MESH = 20;
/**
 * Floating-point operations allowed for the diagonalisations (about ten seconds); the Householder and QL
 * solution of the 2n x 2n real form costs about (4/3) (2n)³, counted as 2 (2n)³ with the matrix's
 * assembly. A quarter goes to the band path.
 */
const FLOP_BUDGET = 2e10;
const flopsPerPoint = (nBands: number) => 2 * (2 * nBands) ** 3;
const MAX_GRID_POINTS = 20_000;
/** Frequencies below −this (THz) count as imaginary; above it they are rounding around zero. */
const IMAGINARY_THRESHOLD = 0.01;

interface BandPath {
  kpoints: Vec3[];
  /** THz, [k-point][band] */
  frequencies: number[][];
  labels: [string, string];
}

export interface PhononResults {
  nBands: number;
  bands: BandPath[];
  mesh: IrreducibleMesh;
  /** THz, [irreducible q][band] */
  meshFrequencies: number[][];
  dos: { frequencies: number[]; values: number[] };
  thermal: ThermalProperties;
  nImaginary: number;
  sumRuleResidual: number;
  warnings: string[];
  /** THz at q, for checks and the benchmark. */
  frequenciesAt: (q: Vec3) => number[];
}

/** The irreducible mesh asked for, coarsened until its diagonalisations fit the budget. */
function chooseMesh(
  control: PhononControl,
  nBands: number,
  rotations: readonly Mat3[],
  warnings: string[],
): IrreducibleMesh {
  const asked = [control.dos?.mesh, control.freeEnergy?.mesh].filter((m): m is Vec3 => m !== undefined);
  // phonopy-FHI-aims uses the larger of the DOS and free-energy meshes for both.
  let mesh: Vec3 =
    asked.length > 0
      ? asked.sort((a, b) => b[0] * b[1] * b[2] - a[0] * a[1] * a[2])[0]!
      : [DEFAULT_MESH, DEFAULT_MESH, DEFAULT_MESH];
  if (mesh.some((n) => n > MAX_MESH)) {
    mesh = mesh.map((n) => Math.min(n, MAX_MESH)) as Vec3;
    warnings.push(`the q-mesh is limited to ${MAX_MESH} points per axis`);
  }
  let reduced = irreducibleMesh(mesh, rotations);
  while (reduced.qpoints.length * flopsPerPoint(nBands) > (FLOP_BUDGET * 3) / 4 && mesh.some((n) => n > 1)) {
    mesh = mesh.map((n) => Math.max(1, Math.floor(n * 0.8))) as Vec3;
    reduced = irreducibleMesh(mesh, rotations);
    warnings.push(`the q-mesh is reduced to ${mesh.join(' x ')} for a unit cell of ${nBands / 3} atoms`);
  }
  return reduced;
}

function bandPaths(
  control: PhononControl,
  nBands: number,
  frequenciesAt: (q: Vec3) => number[],
  warnings: string[],
): BandPath[] {
  const asked = control.bands.reduce(
    (sum, b) => sum + Math.min(Math.max(b.points, 2), MAX_SEGMENT_POINTS),
    0,
  );
  if (asked > MAX_PATH_POINTS)
    throw new Error(`the 'phonon band' path has more than ${MAX_PATH_POINTS} points`);
  const affordable = Math.floor(FLOP_BUDGET / 4 / flopsPerPoint(nBands));
  const thinning = asked > affordable ? affordable / asked : 1;
  if (thinning < 1)
    warnings.push(`the band path is thinned to ${Math.round(thinning * 100)} % of its points`);
  return control.bands.map((segment) => {
    const points = Math.max(
      2,
      Math.floor(Math.min(Math.max(segment.points, 2), MAX_SEGMENT_POINTS) * thinning),
    );
    const kpoints = Array.from(
      { length: points },
      (_, k) => segment.start.map((s, i) => s + ((segment.end[i]! - s) * k) / (points - 1)) as Vec3,
    );
    return { kpoints, frequencies: kpoints.map(frequenciesAt), labels: segment.labels };
  });
}

export async function computePhonons(input: {
  unit: AimsCell;
  supercell: Supercell;
  control: PhononControl;
  datasets: readonly DisplacementDataset[];
  /** amu per unit-cell atom */
  masses: readonly number[];
  symprec: number;
}): Promise<PhononResults> {
  const { unit, supercell, control, datasets, masses, symprec } = input;
  const warnings: string[] = [];
  const symmetry = await cellSymmetry(supercell, symprec);
  const { rows, sumRuleResidual } = forceConstantRows(
    datasets,
    symmetry,
    supercell.species.length,
    supercell.representative,
  );
  const matrix = dynamicalMatrix(supercell, unit.lattice, rows, masses, symprec);
  const bands = bandPaths(control, matrix.size, matrix.frequencies, warnings);
  const unitSymmetry = await cellSymmetry(unit, symprec);
  const rotations = unitSymmetry.operations.map((op) => op.rotation);
  const mesh = chooseMesh(control, matrix.size, rotations, warnings);
  const meshFrequencies = mesh.qpoints.map(matrix.frequencies);
  const nImaginary = meshFrequencies.flat().filter((f) => f < -IMAGINARY_THRESHOLD).length;

  const toThz = THZ_PER_UNIT[control.frequencyUnit];
  const all = meshFrequencies.flat();
  const top = Math.max(...all);
  const dosSettings = control.dos
    ? {
        min: control.dos.min * toThz,
        max: control.dos.max * toThz,
        points: control.dos.points,
        sigma: control.dos.broadening * toThz,
      }
    : // phonopy's defaults without a range: the frequency span, a width of a hundredth of it.
      { min: Math.min(0, ...all), max: top * 1.05, points: 200, sigma: top / 100 };
  const points = Math.min(Math.max(1, Math.round(dosSettings.points)), MAX_GRID_POINTS);
  const step = (dosSettings.max - dosSettings.min) / points;
  const grid = Array.from({ length: step > 0 ? points + 1 : 1 }, (_, k) => dosSettings.min + k * step);
  const sigma = dosSettings.sigma > 0 ? dosSettings.sigma : Math.max(step, 1e-3);
  const dos = { frequencies: grid, values: gaussianDos(meshFrequencies, mesh.weights, grid, sigma) };

  const range = control.freeEnergy ?? { min: 0, max: 1000, points: 100 };
  const temperatures = temperatureGrid(range.min, range.max, Math.min(range.points, MAX_GRID_POINTS));
  const thermal = thermalProperties(meshFrequencies, mesh.weights, temperatures);
  return {
    nBands: matrix.size,
    bands,
    mesh,
    meshFrequencies,
    dos,
    thermal,
    nImaginary,
    sumRuleResidual,
    warnings,
    frequenciesAt: matrix.frequencies,
  };
}
