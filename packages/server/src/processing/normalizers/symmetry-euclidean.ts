// The chirality-preserving Euclidean normaliser of a space group in a given setting: the affine maps
// (proper rotation R, translation t) that map the group onto itself. They turn one description of a
// crystal into an equivalent one with other Wyckoff letters (rock salt with Na on 4a or on 4b), so
// choosing among them makes Wyckoff letters, and ids derived from them, independent of the input.
// MatID (NOMAD) uses tabulated normalisers; here they are found by search, which for the generic
// metric of each crystal family gives the same group.
import {
  apply3,
  cellFromParameters,
  det3,
  dot,
  inverse3,
  multiply3,
  sub3,
  transpose3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type { Operation } from './symmetry-wyckoff.ts';
import { distanceToInteger } from './symmetry-math.ts';

export type AffineMap = Operation;

/** A metric with no accidental symmetry beyond the crystal family's (lengths and angles in degrees). */
const GENERIC_CELLS: Readonly<Record<string, readonly [number, number, number, number, number, number]>> = {
  triclinic: [1, 1.31, 1.73, 71, 83, 97],
  // Spglib's default monoclinic settings have the unique axis b.
  monoclinic: [1, 1.31, 1.73, 90, 104, 90],
  orthorhombic: [1, 1.31, 1.73, 90, 90, 90],
  tetragonal: [1, 1, 1.73, 90, 90, 90],
  // Trigonal groups, rhombohedral ones included, are analysed on hexagonal axes.
  trigonal: [1, 1, 1.73, 90, 90, 120],
  hexagonal: [1, 1, 1.73, 90, 90, 120],
  cubic: [1, 1, 1, 90, 90, 90],
};

/** Candidate translation components: eighths (origin shifts of cubic groups) and thirds (trigonal). */
const SHIFTS: readonly number[] = [0, 1 / 8, 1 / 4, 3 / 8, 1 / 2, 5 / 8, 3 / 4, 7 / 8, 1 / 3, 2 / 3];

const EPS = 1e-6;

const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
const IDENTITY_KEY = key(IDENTITY);

function metric(system: string): Mat3 {
  const p = GENERIC_CELLS[system];
  if (!p) throw new Error(`unknown crystal system '${system}'`);
  const cell = cellFromParameters({ a: p[0], b: p[1], c: p[2], alpha: p[3], beta: p[4], gamma: p[5] });
  return multiply3(cell, transpose3(cell));
}

/** A number identifying an integer matrix with entries in {-2..2} (rotations have -1, 0, 1). */
function key(m: Mat3): number {
  let code = 0;
  for (const row of m) for (const x of row) code = code * 5 + Math.round(x) + 2;
  return code;
}

function isInteger(m: Mat3): boolean {
  return m.every((row) => row.every((x) => distanceToInteger(x) < EPS));
}

/** Proper integer matrices that preserve the family's generic metric (its lattice rotations). */
function latticeRotations(system: string): Mat3[] {
  const g = metric(system);
  const norm2 = (v: Vec3): number => dot(v, apply3(g, v));
  const vectors: Vec3[] = [];
  for (const x of [-1, 0, 1]) for (const y of [-1, 0, 1]) for (const z of [-1, 0, 1]) vectors.push([x, y, z]);
  // Column j of R is the image of basis vector j, so it must be a lattice vector of the same length.
  const columns = [0, 1, 2].map((j) => vectors.filter((v) => Math.abs(norm2(v) - g[j]![j]!) < EPS));
  const result: Mat3[] = [];
  for (const c0 of columns[0]!)
    for (const c1 of columns[1]!)
      for (const c2 of columns[2]!) {
        const r: Mat3 = [
          [c0[0], c1[0], c2[0]],
          [c0[1], c1[1], c2[1]],
          [c0[2], c1[2], c2[2]],
        ];
        if (Math.round(det3(r)) !== 1) continue;
        const h = multiply3(transpose3(r), multiply3(g, r));
        if (h.every((row, i) => row.every((x, j) => Math.abs(x - g[i]![j]!) < EPS))) result.push(r);
      }
  return result;
}

/** Translations of the group's operations by rotation, for membership tests modulo lattice vectors. */
function translationsByRotation(operations: readonly Operation[]): Map<number, Vec3[]> {
  const map = new Map<number, Vec3[]>();
  for (const op of operations) {
    const k = key(op.rotation);
    const list = map.get(k) ?? [];
    list.push(op.translation);
    map.set(k, list);
  }
  return map;
}

/** Whether rw + t − w t equals one of `allowed` modulo lattice vectors (allocation-free: hot loop). */
function satisfies(w: Mat3, rw: Vec3, allowed: readonly Vec3[], t: Vec3): boolean {
  const x = rw[0] + t[0] - (w[0][0] * t[0] + w[0][1] * t[1] + w[0][2] * t[2]);
  const y = rw[1] + t[1] - (w[1][0] * t[0] + w[1][1] * t[1] + w[1][2] * t[2]);
  const z = rw[2] + t[2] - (w[2][0] * t[0] + w[2][1] * t[1] + w[2][2] * t[2]);
  for (const u of allowed) {
    if (
      distanceToInteger(x - u[0]) < EPS &&
      distanceToInteger(y - u[1]) < EPS &&
      distanceToInteger(z - u[2]) < EPS
    ) {
      return true;
    }
  }
  return false;
}

function containsModuloLattice(list: readonly Vec3[] | undefined, t: Vec3): boolean {
  return (list ?? []).some((u) => sub3(u, t).every((x) => distanceToInteger(x) < EPS));
}

/** True when the affine map is an operation of the group (modulo lattice translations). */
function inGroup(m: AffineMap, byRotation: ReadonlyMap<number, Vec3[]>): boolean {
  return isInteger(m.rotation) && containsModuloLattice(byRotation.get(key(m.rotation)), m.translation);
}

/** a⁻¹ ∘ b for affine maps x -> R x + t. */
function relative(a: AffineMap, b: AffineMap): AffineMap {
  const inv = inverse3(a.rotation);
  return {
    rotation: multiply3(inv, b.rotation),
    translation: apply3(inv, sub3(b.translation, a.translation)),
  };
}

/**
 * Representatives of the cosets of the group in its chirality-preserving Euclidean normaliser
 * (elements of one coset relabel Wyckoff positions alike), identity first. Translations
 * are searched on a grid (eighths and thirds), which holds every discrete normaliser translation;
 * continuous ones (polar axes) appear as several grid points and only repeat Wyckoff relabellings.
 */
export function euclideanNormalizer(operations: readonly Operation[], crystalSystem: string): AffineMap[] {
  const byRotation = translationsByRotation(operations);
  const result: AffineMap[] = [{ rotation: IDENTITY, translation: [0, 0, 0] }];
  for (const r of latticeRotations(crystalSystem)) {
    const rInverse = inverse3(r);
    const conjugated = operations.map((op) => multiply3(r, multiply3(op.rotation, rInverse)));
    if (!conjugated.every((w) => isInteger(w) && byRotation.has(key(w)))) continue;
    // Conditions per operation: R w + t − W' t must be a translation the group has for W'. Pure
    // translations (W = 1, the centrings) give t-independent conditions and are checked once; of
    // operations differing by a centring only one is needed.
    const conditions: { w: Mat3; rw: Vec3; allowed: Vec3[] }[] = [];
    const seen = new Set<number>();
    let translationsKept = true;
    operations.forEach((op, i) => {
      const w = conjugated[i]!;
      const rw = apply3(r, op.translation);
      const allowed = byRotation.get(key(w)) ?? [];
      if (key(op.rotation) === IDENTITY_KEY) translationsKept &&= containsModuloLattice(allowed, rw);
      else if (!seen.has(key(w))) {
        seen.add(key(w));
        conditions.push({ w, rw, allowed });
      }
    });
    if (!translationsKept) continue;
    for (const tx of SHIFTS)
      for (const ty of SHIFTS)
        for (const tz of SHIFTS) {
          const t: Vec3 = [tx, ty, tz];
          if (!conditions.every((c) => satisfies(c.w, c.rw, c.allowed, t))) continue;
          const element = { rotation: r, translation: t };
          // Elements of one coset N·G relabel alike: keep one per coset.
          if (!result.some((known) => inGroup(relative(known, element), byRotation))) result.push(element);
        }
  }
  return result;
}
