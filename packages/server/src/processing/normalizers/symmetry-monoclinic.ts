// Monoclinic cells as spglib (and so NOMAD) standardises them: with b the unique axis, a and c are the
// shortest lattice vectors of the a-c plane (|a| <= |c|), beta not acute, and the space group's operations
// unchanged (a glide stays along c, a centring stays C). moyo returns a valid b-unique cell of the same
// setting, but not always that one (SARSUC.cif: a and c swapped).
import type { Mat3, SymmetryOperation, Vec3 } from '@oasis/chem';
import { wrapVec } from './symmetry-math.ts';

type Int2 = readonly [number, number];

const TOLERANCE = 1e-6;
/** Coefficients of the reduced pair tried in candidate vectors. */
const SPAN = 2;

const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));

const combine = (lattice: Mat3, [i, k]: Int2): Vec3 =>
  [0, 1, 2].map((j) => i * lattice[0][j]! + k * lattice[2][j]!) as Vec3;
const dot = (u: Vec3, v: Vec3) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const length = (v: Vec3) => Math.sqrt(dot(v, v));

/** Lagrange (Gauss) reduction of the a-c plane: the two shortest independent vectors, as (i, k) of a and c. */
function reducedPlane(lattice: Mat3): [Int2, Int2] {
  let u: Int2 = [1, 0];
  let v: Int2 = [0, 1];
  for (let step = 0; step < 100; step += 1) {
    if (length(combine(lattice, u)) > length(combine(lattice, v))) [u, v] = [v, u];
    const uu = combine(lattice, u);
    const m = Math.round(dot(uu, combine(lattice, v)) / dot(uu, uu));
    if (m === 0) break;
    v = [v[0] - m * u[0], v[1] - m * u[1]];
  }
  return [u, v];
}

/** Rows: the new a, b, c in the old basis. */
type Basis = [Vec3, Vec3, Vec3];

const det3 = (m: Basis) =>
  m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
  m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
  m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);

/** The inverse of a matrix of determinant ±1 (integer entries stay integers). */
function inverse(m: Basis): Basis {
  const d = det3(m);
  const c = (r: number, s: number) => {
    const rows = [0, 1, 2].filter((i) => i !== r);
    const cols = [0, 1, 2].filter((j) => j !== s);
    const minor =
      m[rows[0]!]![cols[0]!]! * m[rows[1]!]![cols[1]!]! - m[rows[0]!]![cols[1]!]! * m[rows[1]!]![cols[0]!]!;
    return ((r + s) % 2 === 0 ? 1 : -1) * minor;
  };
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => c(j, i) / d)) as Basis;
}

const multiply = (a: readonly Vec3[], b: readonly Vec3[]): Basis =>
  [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => a[i]![0] * b[0]![j]! + a[i]![1] * b[1]![j]! + a[i]![2] * b[2]![j]!),
  ) as Basis;
const transpose = (m: readonly Vec3[]): Basis =>
  [0, 1, 2].map((i) => [0, 1, 2].map((j) => m[j]![i]!)) as Basis;
const apply = (m: readonly Vec3[], v: Vec3): Vec3 => [0, 1, 2].map((i) => dot(m[i]!, v)) as Vec3;

const sameTranslation = (t: Vec3, u: Vec3) =>
  t.every((x, i) => {
    const d = x - u[i]!;
    return Math.abs(d - Math.round(d)) < TOLERANCE;
  });
const sameRotation = (w: readonly Vec3[], v: readonly Vec3[]) =>
  w.every((row, i) => row.every((x, j) => Math.abs(x - v[i]![j]!) < TOLERANCE));

/** Origin shifts tried with a basis: a glide's component across its plane moves with the origin. */
const SHIFTS: Vec3[] = [0, 0.25, 0.5, 0.75].flatMap((x) =>
  [0, 0.25, 0.5, 0.75].flatMap((y) => [0, 0.25, 0.5, 0.75].map((z) => [x, y, z] as Vec3)),
);

/**
 * The origin shift (in the new basis) with which the operations, written in the new basis, are the same set
 * (translations modulo the lattice); undefined when there is none.
 */
function keepsOperations(basis: Basis, operations: readonly SymmetryOperation[]): Vec3 | undefined {
  // Fractional columns: x_old = Pᵀ x_new, so W' = (Pᵀ)⁻¹ W Pᵀ and t' = (Pᵀ)⁻¹ t; a new origin at s
  // makes t'' = t' + (W' - 1) s.
  const to = transpose(basis);
  const from = inverse(to);
  const written = operations.map((op) => ({
    rotation: multiply(multiply(from, op.rotation), to),
    translation: apply(from, op.translation),
  }));
  return SHIFTS.find((shift) =>
    written.every(({ rotation, translation }) => {
      const moved = apply(rotation, shift);
      const shifted = translation.map((t, i) => t + moved[i]! - shift[i]!) as Vec3;
      return operations.some(
        (other) => sameRotation(rotation, other.rotation) && sameTranslation(shifted, other.translation),
      );
    }),
  );
}

/** Candidate bases, best first: the plane's shortest pairs, |a| <= |c|, beta not acute, right-handed. */
function candidates(lattice: Mat3): Basis[] {
  const [u, v] = reducedPlane(lattice);
  // Short combinations of the reduced pair: a centred cell may keep its centring only with a longer one.
  const vectors: Int2[] = [];
  for (let i = -SPAN; i <= SPAN; i += 1)
    for (let k = 0; k <= SPAN; k += 1)
      if ((k > 0 || i > 0) && gcd(Math.abs(i), k) === 1)
        vectors.push([i * u[0] + k * v[0], i * u[1] + k * v[1]]);
  const found: { basis: Basis; rank: [number, number] }[] = [];
  for (const p of vectors)
    for (const given of vectors) {
      if (p === given) continue;
      const pv = combine(lattice, p);
      // Beta not acute: the angle between a and c is 90 degrees or more.
      const q: Int2 = dot(pv, combine(lattice, given)) > TOLERANCE ? [-given[0], -given[1]] : given;
      const turn = p[0] * q[1] - p[1] * q[0];
      if (Math.abs(turn) !== 1) continue;
      // Right-handed: a left-handed choice of a and c turns b around.
      const basis: Basis = [
        [p[0], 0, p[1]],
        [0, turn, 0],
        [q[0], 0, q[1]],
      ];
      found.push({ basis, rank: [length(pv) + length(combine(lattice, q)), length(pv)] });
    }
  return found.sort((x, y) => x.rank[0] - y.rank[0] || x.rank[1] - y.rank[1]).map(({ basis }) => basis);
}

/**
 * A b-unique monoclinic cell (lattice rows, fractional positions) in spglib's choice of a and c, keeping
 * `operations` (the setting's, centring included); the cell as given when it is that choice already or
 * no other keeps the operations.
 */
export function spglibMonoclinicCell(
  lattice: Mat3,
  positions: readonly Vec3[],
  operations: readonly SymmetryOperation[],
  tolerance: number,
): { lattice: Mat3; positions: Vec3[] } {
  for (const basis of candidates(lattice)) {
    const shift = keepsOperations(basis, operations);
    if (!shift) continue;
    // Rows of the new lattice: P L; fractional rows: f' = f P⁻¹ - s.
    const back = transpose(inverse(basis));
    return {
      lattice: multiply(basis, lattice) as Mat3,
      positions: positions.map((f) => {
        const moved = apply(back, f);
        return wrapVec(moved.map((x, i) => x - shift[i]!) as Vec3, tolerance);
      }),
    };
  }
  return { lattice, positions: [...positions] };
}
