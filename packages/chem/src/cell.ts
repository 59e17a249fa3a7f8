// Cells as lattice vectors in rows (a, b, c): r = f · L for fractional coordinates f.
import { apply3, cross, dot, inverse3, norm, transpose3, type Mat3, type Vec3 } from './linear-algebra.ts';

/** The lengths of a, b and c and the angles between them (alpha between b and c, and so on). */
export interface CellParameters {
  /** In any unit; a cell made from them uses the same unit. */
  a: number;
  b: number;
  c: number;
  /** In degrees for cellFromParameters; cellParameters gives radians. */
  alpha: number;
  beta: number;
  gamma: number;
}

const DEG = Math.PI / 180;

/** Cosine that snaps to exact 0 for right angles, so orthogonal cells have exact zeros. */
function cosDeg(angle: number): number {
  return Math.abs(angle - 90) < 1e-10 ? 0 : Math.cos(angle * DEG);
}

/**
 * Lattice vectors from cell parameters in the standard orientation: a along x, b in the xy plane,
 * c completing a right-handed set. Throws 'cell volume is zero' when they describe no 3D cell.
 */
export function cellFromParameters(p: CellParameters): Mat3 {
  const ca = cosDeg(p.alpha);
  const cb = cosDeg(p.beta);
  const cg = cosDeg(p.gamma);
  const sg = Math.sin(p.gamma * DEG);
  if (!(p.a > 0 && p.b > 0 && p.c > 0) || Math.abs(sg) < 1e-12) {
    throw new Error('cell volume is zero');
  }
  const cx = cb;
  const cy = (ca - cb * cg) / sg;
  const cz2 = 1 - cx * cx - cy * cy;
  if (!(cz2 > 1e-12)) throw new Error('cell volume is zero');
  return [
    [p.a, 0, 0],
    [p.b * cg, p.b * sg, 0],
    [p.c * cx, p.c * cy, p.c * Math.sqrt(cz2)],
  ];
}

/** Cell parameters of a lattice: lengths in the cell's unit, angles in radians. */
export function cellParameters(cell: Mat3): CellParameters {
  const [va, vb, vc] = cell;
  const a = norm(va);
  const b = norm(vb);
  const c = norm(vc);
  const angle = (u: Vec3, v: Vec3, lu: number, lv: number): number =>
    Math.acos(Math.min(1, Math.max(-1, dot(u, v) / (lu * lv))));
  return { a, b, c, alpha: angle(vb, vc, b, c), beta: angle(va, vc, a, c), gamma: angle(va, vb, a, b) };
}

/** Cell parameters of a lattice with the angles in degrees, as cellFromParameters takes them. */
export function cellParametersInDegrees(cell: Mat3): CellParameters {
  const p = cellParameters(cell);
  return { ...p, alpha: p.alpha / DEG, beta: p.beta / DEG, gamma: p.gamma / DEG };
}

/** Cartesian position of fractional coordinates: f_a * a + f_b * b + f_c * c. */
export function fractionalToCartesian(frac: Vec3, cell: Mat3): Vec3 {
  const [a, b, c] = cell;
  return [
    frac[0] * a[0] + frac[1] * b[0] + frac[2] * c[0],
    frac[0] * a[1] + frac[1] * b[1] + frac[2] * c[1],
    frac[0] * a[2] + frac[1] * b[2] + frac[2] * c[2],
  ];
}

/** Fractional coordinates of Cartesian points in a lattice. */
export function cartesianToFractional(positions: readonly Vec3[], lattice: Mat3): Vec3[] {
  const inv = transpose3(inverse3(lattice));
  return positions.map((p) => apply3(inv, p));
}

/** Absolute cell volume (|a · (b × c)|), in the cube of the cell's unit. */
export function cellVolume(cell: Mat3): number {
  return Math.abs(dot(cell[0], cross(cell[1], cell[2])));
}

/** Spacing of the lattice planes normal to each reciprocal axis: how thick the cell is along it. */
export function planeSpacings(cell: Mat3): Vec3 {
  // Row k of (L⁻¹)ᵀ is the k-th reciprocal vector (without 2π).
  const reciprocal = transpose3(inverse3(cell));
  return [1 / norm(reciprocal[0]), 1 / norm(reciprocal[1]), 1 / norm(reciprocal[2])];
}
