// Cell parameters and fractional coordinates in Å and degrees, as structure files state them.
import { cellParameters, type Mat3, type Vec3 } from '../processing/structure.ts';
import { cartesianToFractional } from '../processing/normalizers/symmetry-math.ts';

export interface CellDegrees {
  a: number;
  b: number;
  c: number;
  alpha: number;
  beta: number;
  gamma: number;
}

const DEGREES = 180 / Math.PI;

export function cellDegrees(lattice: Mat3): CellDegrees {
  const p = cellParameters(lattice);
  return { ...p, alpha: p.alpha * DEGREES, beta: p.beta * DEGREES, gamma: p.gamma * DEGREES };
}

export function fractionalPositions(positions: readonly Vec3[], lattice: Mat3): Vec3[] {
  return cartesianToFractional(positions, lattice);
}

/** A number with fixed decimals where -0 prints as 0 (files compared by eye should not differ by sign). */
export function fixed(x: number, digits: number): string {
  const text = x.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}
