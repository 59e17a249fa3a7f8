// Small 3x3 linear algebra for the symmetry and structure code (matrices as rows).
import type { Mat3, Vec3 } from '../structure.ts';

export function det3(m: Mat3): number {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

export function inverse3(m: Mat3): Mat3 {
  const det = det3(m);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) throw new Error('matrix is singular');
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

export function multiply3(x: Mat3, y: Mat3): Mat3 {
  const result: Mat3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < 3; i++) {
    const r = x[i]!;
    const out = result[i]!;
    for (let j = 0; j < 3; j++) out[j] = r[0] * y[0][j]! + r[1] * y[1][j]! + r[2] * y[2][j]!;
  }
  return result;
}

export function transpose3(m: Mat3): Mat3 {
  return [
    [m[0][0], m[1][0], m[2][0]],
    [m[0][1], m[1][1], m[2][1]],
    [m[0][2], m[1][2], m[2][2]],
  ];
}

/** m · v (v as a column). */
export function apply3(m: Mat3, v: Vec3): Vec3 {
  return [
    m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
    m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
    m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
  ];
}

export function add3(u: Vec3, v: Vec3): Vec3 {
  return [u[0] + v[0], u[1] + v[1], u[2] + v[2]];
}

export function sub3(u: Vec3, v: Vec3): Vec3 {
  return [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
}

/** Fractional coordinates of Cartesian points in a lattice (rows), r = f · L. */
export function cartesianToFractional(positions: readonly Vec3[], lattice: Mat3): Vec3[] {
  const inv = transpose3(inverse3(lattice));
  return positions.map((p) => apply3(inv, p));
}

/** Matrix from a 9-element column-major array (moyo/nalgebra serialisation): m[i][j] = a[3j + i]. */
export function fromColumnMajor(a: readonly number[]): Mat3 {
  if (a.length !== 9) throw new Error(`expected 9 matrix elements, got ${a.length}`);
  const at = (k: number): number => a[k] ?? Number.NaN;
  return [
    [at(0), at(3), at(6)],
    [at(1), at(4), at(7)],
    [at(2), at(5), at(8)],
  ];
}

/** Lattice rows (a, b, c) from moyo's basis, whose columns are the lattice vectors. */
export function latticeFromBasis(basis: readonly number[]): Mat3 {
  return transpose3(fromColumnMajor(basis));
}

/** x reduced to [0, 1); values within `eps` below 1 become 0 so that 0.9999999 and 0 agree. */
function wrapUnit(x: number, eps = 1e-8): number {
  const w = x - Math.floor(x);
  return w > 1 - eps ? 0 : w;
}

export function wrapVec(v: Vec3, eps = 1e-8): Vec3 {
  return [wrapUnit(v[0], eps), wrapUnit(v[1], eps), wrapUnit(v[2], eps)];
}

/** Distance of x from the nearest integer. */
export function distanceToInteger(x: number): number {
  return Math.abs(x - Math.round(x));
}
