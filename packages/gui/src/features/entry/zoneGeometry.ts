import {
  add3,
  ANGSTROM,
  cross,
  dot,
  fractionalToCartesian,
  norm,
  scaleVec3,
  sub3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type { ResultsBandStructure } from '@oasis/schema';
import { isRecord, numberArray, resolveValue } from './archiveRefs.ts';

/** The first Brillouin zone and the k-path through it, Cartesian, in 1/Å. */
export interface BrillouinZoneData {
  /** The edges of the zone, each as its two ends. */
  edges: [Vec3, Vec3][];
  /** The reciprocal lattice vectors (rows of the reciprocal cell). */
  basis: [Vec3, Vec3, Vec3];
  /** One polyline per band-structure segment. */
  path: Vec3[][];
  /** The labelled high-symmetry points at the segment ends, each once. */
  points: { label: string; position: Vec3 }[];
}

const sum = (vectors: Vec3[]): Vec3 => vectors.reduce(add3, [0, 0, 0]);

/** Fractional (row vector) coordinates in the basis -> Cartesian. */
const cartesian = (fractional: readonly number[], basis: Mat3): Vec3 =>
  fractionalToCartesian([fractional[0] ?? 0, fractional[1] ?? 0, fractional[2] ?? 0], basis);

/**
 * The Wigner-Seitz cell of the lattice spanned by `basis` (the first Brillouin zone of a reciprocal
 * lattice): the points closer to the origin than to any lattice point G, i.e. G·k ≤ |G|²/2 for all G.
 * Only the G whose midpoint lies on the cell bound it; lattice points up to two cells away suffice for
 * the cells of real crystals (a reduced basis has its Voronoi-relevant vectors among them).
 */
export function wignerSeitzEdges(basis: Mat3): [Vec3, Vec3][] {
  const size = Math.max(...basis.map(norm));
  const tolerance = 1e-7 * size * size;
  const lattice: Vec3[] = [];
  for (let i = -2; i <= 2; i++)
    for (let j = -2; j <= 2; j++)
      for (let k = -2; k <= 2; k++) if (i || j || k) lattice.push(cartesian([i, j, k], basis));
  const inside = (point: Vec3, except?: Vec3) =>
    lattice.every((g) => g === except || dot(g, point) <= dot(g, g) / 2 + tolerance);
  const planes = lattice.filter((g) => inside(scaleVec3(g, 0.5), g));

  // Corners: where three planes meet inside all the others.
  const corners: Vec3[] = [];
  for (let a = 0; a < planes.length; a++)
    for (let b = a + 1; b < planes.length; b++)
      for (let c = b + 1; c < planes.length; c++) {
        const [p, q, r] = [planes[a]!, planes[b]!, planes[c]!];
        const qr = cross(q, r);
        const det = dot(p, qr);
        if (Math.abs(det) < 1e-9 * size ** 3) continue;
        // Cramer's rule for p·x = |p|²/2, q·x = |q|²/2, r·x = |r|²/2.
        const x = scaleVec3(
          sum([
            scaleVec3(qr, dot(p, p) / 2),
            scaleVec3(cross(r, p), dot(q, q) / 2),
            scaleVec3(cross(p, q), dot(r, r) / 2),
          ]),
          1 / det,
        );
        const known = corners.some((v) => dot(sub3(v, x), sub3(v, x)) < tolerance);
        if (!known && inside(x)) corners.push(x);
      }

  // Faces: the corners on each plane in order around their centre; edges join neighbours.
  const edges: [Vec3, Vec3][] = [];
  const seen = new Set<string>();
  for (const g of planes) {
    const onFace = corners
      .map((v, index) => ({ v, index }))
      .filter(({ v }) => Math.abs(dot(g, v) - dot(g, g) / 2) < tolerance * 10);
    if (onFace.length < 3) continue;
    const centre = scaleVec3(sum(onFace.map(({ v }) => v)), 1 / onFace.length);
    const u = sub3(onFace[0]!.v, centre);
    const w = cross(g, u);
    onFace.sort(
      (m, n) =>
        Math.atan2(dot(sub3(m.v, centre), w), dot(sub3(m.v, centre), u)) -
        Math.atan2(dot(sub3(n.v, centre), w), dot(sub3(n.v, centre), u)),
    );
    onFace.forEach((from, i) => {
      const to = onFace[(i + 1) % onFace.length]!;
      const key = [from.index, to.index].sort((m, n) => m - n).join('-');
      if (seen.has(key)) return;
      seen.add(key);
      edges.push([from.v, to.v]);
    });
  }
  return edges;
}

function readBasis(value: unknown): [Vec3, Vec3, Vec3] {
  if (!Array.isArray(value) || value.length !== 3) throw new Error('The reciprocal cell is not a 3×3 matrix');
  const rows = value.map((row) => {
    const vector = numberArray(row, 'A reciprocal cell vector');
    if (vector.length !== 3) throw new Error('The reciprocal cell is not a 3×3 matrix');
    return scaleVec3(vector as Vec3, ANGSTROM);
  });
  if (Math.abs(dot(rows[0]!, cross(rows[1]!, rows[2]!))) < 1e-12)
    throw new Error('The reciprocal cell vectors are linearly dependent');
  return rows as [Vec3, Vec3, Vec3];
}

/**
 * The zone and k-path of a band structure: its reciprocal cell (1/m, with 2π) and the fractional
 * k-points and end labels of its segments, all by reference into the archive.
 */
export function prepareBrillouinZone(
  archive: unknown,
  bandStructure: ResultsBandStructure,
): BrillouinZoneData {
  if (bandStructure.reciprocal_cell === undefined)
    throw new Error('The band structure has no reciprocal cell');
  const basis = readBasis(resolveValue(archive, bandStructure.reciprocal_cell));
  const path: Vec3[][] = [];
  const points: BrillouinZoneData['points'] = [];
  (bandStructure.segment ?? []).forEach((reference, index) => {
    const segment = resolveValue(archive, reference);
    if (!isRecord(segment) || !Array.isArray(segment.kpoints))
      throw new Error(`Band structure segment ${index} has no k-points`);
    const kpoints = segment.kpoints.map((k: unknown) =>
      cartesian(numberArray(k, `A k-point of segment ${index}`), basis),
    );
    path.push(kpoints);
    const labels = Array.isArray(segment.endpoints_labels) ? segment.endpoints_labels : [];
    [kpoints[0], kpoints[kpoints.length - 1]].forEach((position, end) => {
      const label = labels[end];
      if (!position || typeof label !== 'string' || label === '') return;
      if (
        !points.some(
          (p) => p.label === label && dot(sub3(p.position, position), sub3(p.position, position)) < 1e-12,
        )
      )
        points.push({ label, position });
    });
  });
  if (path.length === 0) throw new Error('The band structure has no segments');
  return { edges: wignerSeitzEdges(basis), basis, path, points };
}
