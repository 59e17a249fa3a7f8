// Small 3x3 linear algebra for cells: lattice vectors are rows, r = f · L.
import type { Mat3, Vec3 } from './types.ts';

export function toCartesian(f: Vec3, l: Mat3): Vec3 {
  return [
    f[0] * l[0][0] + f[1] * l[1][0] + f[2] * l[2][0],
    f[0] * l[0][1] + f[1] * l[1][1] + f[2] * l[2][1],
    f[0] * l[0][2] + f[1] * l[1][2] + f[2] * l[2][2],
  ];
}

export function inverse(m: Mat3): Mat3 {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new Error('The cell has no volume.');
  return [
    [A / det, -(b * i - c * h) / det, (b * f - c * e) / det],
    [B / det, (a * i - c * g) / det, -(a * f - c * d) / det],
    [C / det, -(a * h - b * g) / det, (a * e - b * d) / det],
  ];
}

/** Fractional coordinates: f = r · L⁻¹. */
export function toFractional(r: Vec3, inv: Mat3): Vec3 {
  return toCartesian(r, inv);
}

export function length(v: Vec3): number {
  return Math.hypot(v[0], v[1], v[2]);
}

export function subtract(u: Vec3, v: Vec3): Vec3 {
  return [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
}

/** Spacing of the lattice planes normal to each reciprocal axis (how thick the cell is along it). */
export function planeSpacings(l: Mat3): Vec3 {
  const inv = inverse(l);
  // Column k of L⁻¹ is the k-th reciprocal vector (without 2π).
  return [0, 1, 2].map((k) => 1 / Math.hypot(inv[0][k]!, inv[1][k]!, inv[2][k]!)) as Vec3;
}
