// Reciprocal-space helpers shared by the band-structure and method normalisers.
import { cross, dot, type Mat3, type Vec3 } from '@oasis/chem';

/**
 * Reciprocal cell of a lattice (rows in m): rows b_i with a_i · b_j = δ_ij, in 1/m, without the
 * 2π factor. That is the convention of NOMAD's band-structure reciprocal_cell (and of VASP).
 */
export function reciprocalCell(lattice: Mat3): Mat3 {
  const [a, b, c] = lattice;
  const volume = dot(a, cross(b, c));
  if (!Number.isFinite(volume) || Math.abs(volume) < 1e-300) {
    throw new Error('cannot build the reciprocal cell of a cell with zero volume');
  }
  const scale = (v: Vec3): Vec3 => [v[0] / volume, v[1] / volume, v[2] / volume];
  return [scale(cross(b, c)), scale(cross(c, a)), scale(cross(a, b))];
}

/** Cartesian distance (1/m) between two k-points given in fractional reciprocal coordinates. */
export function kpointDistance(reciprocal: Mat3, k1: Vec3, k2: Vec3): number {
  const d: Vec3 = [k1[0] - k2[0], k1[1] - k2[1], k1[2] - k2[2]];
  const [b1, b2, b3] = reciprocal;
  return Math.hypot(
    d[0] * b1[0] + d[1] * b2[0] + d[2] * b3[0],
    d[0] * b1[1] + d[1] * b2[1] + d[2] * b3[1],
    d[0] * b1[2] + d[1] * b2[2] + d[2] * b3[2],
  );
}
