// The band structure of a GPAW band-structure run (a fixed-density calculation along a path). GPAW
// stores no band structure of its own: when the kpts parameter was an ASE BandPath, the calculator's
// parameters hold it as a dict {kpts, special_points, labelseq, cell} (labelseq 'GXWK,LU': letters with
// digits, a comma between disconnected paths), and the eigenvalues are those of the path's k-points,
// through bz2ibz when symmetry reduced them.
import type { Mat3 } from '@oasis/chem';
import type { BandEnergies, RunCalculation } from '@oasis/schema';
import { reciprocalCell } from '../../normalizers/electronic-kspace.ts';
import { nested } from './byte-source.ts';
import type { GpawRun } from './read-gpw.ts';

export interface GpawBandPath {
  /** Fractional k-points along the path. */
  kpoints: number[][];
  specialPoints: Record<string, number[]>;
  /** Labels of each connected piece of the path. */
  pieces: string[][];
}

type BandStructure = NonNullable<RunCalculation['band_structure_electronic']>[number];

const isVector = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number');

/** The band path of a kpts parameter, when it is a BandPath's dict; otherwise undefined. */
export function bandPathOf(kpts: unknown): GpawBandPath | undefined {
  if (kpts === null || typeof kpts !== 'object' || Array.isArray(kpts)) return undefined;
  const { kpts: points, special_points: special, labelseq } = kpts as Record<string, unknown>;
  if (!Array.isArray(points) || !points.every(isVector) || typeof labelseq !== 'string') return undefined;
  if (special === null || typeof special !== 'object') return undefined;
  const specialPoints = Object.fromEntries(
    Object.entries(special as Record<string, unknown>).filter((entry): entry is [string, number[]] =>
      isVector(entry[1]),
    ),
  );
  const pieces = labelseq
    .split(',')
    .map((piece) => piece.match(/[A-Z][a-z0-9]*/g) ?? [])
    .filter((labels) => labels.length > 0);
  return pieces.length > 0 ? { kpoints: points, specialPoints, pieces } : undefined;
}

const same = (a: readonly number[], b: readonly number[]) => a.every((x, i) => Math.abs(x - b[i]!) < 1e-6);

/** Index into the irreducible k-points of each path k-point, when the file's k-points are the path's. */
function irreducibleIndices(run: GpawRun, path: GpawBandPath): number[] | undefined {
  const n = path.kpoints.length;
  const matches = (points: number[][] | undefined) =>
    points?.length === n && points.every((k, i) => same(k, path.kpoints[i]!));
  if (matches(run.bzkpoints) && run.bz2ibz?.length === n) return run.bz2ibz;
  if (matches(run.kpoints)) return path.kpoints.map((_, i) => i);
  return undefined;
}

/** Path indices of each piece's special points, found in order; undefined when one is missing. */
function vertexIndices(path: GpawBandPath): number[][] | undefined {
  let from = 0;
  const result: number[][] = [];
  for (const piece of path.pieces) {
    const indices: number[] = [];
    for (const label of piece) {
      const point = path.specialPoints[label];
      const index = point ? path.kpoints.findIndex((k, i) => i >= from && same(k, point)) : -1;
      if (index < 0) return undefined;
      indices.push(index);
      from = index;
    }
    result.push(indices);
  }
  return result;
}

/**
 * NOMAD's band_structure_electronic of the run's band path: a segment between consecutive special
 * points of each connected piece (both ends included), energies [spin][k-point][band] in J; undefined
 * (with a warning) when the eigenvalues are not those of the path.
 */
export function bandStructureOf(run: GpawRun, fermi: number | undefined, warnings: string[]) {
  const path = run.bandPath;
  const eigenvalues = run.eigenvalues;
  if (!path || !eigenvalues || eigenvalues.shape.length !== 3) return undefined;
  const ibz = irreducibleIndices(run, path);
  const vertices = vertexIndices(path);
  if (!ibz || !vertices || ibz.some((k) => k >= eigenvalues.shape[1]!)) {
    warnings.push('the k-points of the eigenvalues do not follow the band path of kpts: no band structure');
    return undefined;
  }
  const energies = nested({
    shape: eigenvalues.shape,
    values: eigenvalues.values.map((x) => x * run.energyUnit),
  }) as number[][][];
  const segment: BandEnergies[] = [];
  vertices.forEach((indices, p) => {
    for (let s = 0; s + 1 < indices.length; s++) {
      const range = Array.from({ length: indices[s + 1]! - indices[s]! + 1 }, (_, i) => indices[s]! + i);
      segment.push({
        n_spin_channels: energies.length,
        n_kpoints: range.length,
        n_bands: eigenvalues.shape[2],
        kpoints: range.map((i) => path.kpoints[i]!),
        energies: energies.map((spin) => range.map((i) => spin[ibz[i]!]!)),
        endpoints_labels: [path.pieces[p]![s]!, path.pieces[p]![s + 1]!],
      });
    }
  });
  if (segment.length === 0) return undefined;
  const result: BandStructure = { segment };
  if (fermi !== undefined) result.energy_fermi = fermi;
  const cell = run.cell.map((row) => row.map((x) => x * run.lengthUnit));
  try {
    if (cell.length === 3) result.reciprocal_cell = reciprocalCell(cell as Mat3);
  } catch {
    // A cell without volume (a molecule in no box) has no reciprocal cell to write.
  }
  return result;
}
