// Atomic structure in SI units, the common currency between parsers and normalizers.

export type Vec3 = [number, number, number];
export type Mat3 = [Vec3, Vec3, Vec3];

/** One Ångström in metres; parsers convert with it so archives stay in SI. */
export const ANGSTROM = 1e-10;

export interface Structure {
  /** Chemical symbol per site ('X' when unknown). */
  species: string[];
  /** Cartesian positions per site, in m. */
  positions: Vec3[];
  /** Lattice vectors as rows (a, b, c), in m, or null for non-periodic systems. */
  lattice: Mat3 | null;
  /** Periodicity along a, b, c. */
  periodic: [boolean, boolean, boolean];
  /** Site occupancies when the source gives them (disordered structures); 1 otherwise. */
  occupancies?: number[];
  /** Original site labels when the source has them (e.g. CIF '_atom_site_label'). */
  labels?: string[];
}

export interface CellParameters {
  /** Lengths in any unit; the returned cell uses the same unit. */
  a: number;
  b: number;
  c: number;
  /** Angles in degrees. */
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
 * c completing a right-handed set. Throws when the parameters do not describe a 3D cell.
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

/** Cell parameters (lengths in the cell's unit, angles in radians) of a lattice. */
export function cellParameters(cell: Mat3): {
  a: number;
  b: number;
  c: number;
  alpha: number;
  beta: number;
  gamma: number;
} {
  const [va, vb, vc] = cell;
  const a = norm(va);
  const b = norm(vb);
  const c = norm(vc);
  const angle = (u: Vec3, v: Vec3, lu: number, lv: number): number =>
    Math.acos(Math.min(1, Math.max(-1, dot(u, v) / (lu * lv))));
  return { a, b, c, alpha: angle(vb, vc, b, c), beta: angle(va, vc, a, c), gamma: angle(va, vb, a, b) };
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

/** Absolute cell volume (|a · (b × c)|), in the cube of the cell's unit. */
export function cellVolume(cell: Mat3): number {
  return Math.abs(dot(cell[0], cross(cell[1], cell[2])));
}

export function dot(u: Vec3, v: Vec3): number {
  return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
}

export function cross(u: Vec3, v: Vec3): Vec3 {
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
}

export function norm(u: Vec3): number {
  return Math.sqrt(dot(u, u));
}

export function scaleMat3(m: Mat3, factor: number): Mat3 {
  return [scaleVec3(m[0], factor), scaleVec3(m[1], factor), scaleVec3(m[2], factor)];
}

export function scaleVec3(v: Vec3, factor: number): Vec3 {
  return [v[0] * factor, v[1] * factor, v[2] * factor];
}
