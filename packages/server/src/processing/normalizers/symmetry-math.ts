// 3 × 3 matrices in the serialisations of the symmetry library, and fractional coordinates near integers.
import { transpose3, type Mat3, type Vec3 } from '@oasis/chem';

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
