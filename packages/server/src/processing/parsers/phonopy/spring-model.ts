// A model with a closed-form phonon answer, for tests: a simple cubic lattice of one atom with central
// nearest-neighbour springs k, whose α-polarised branch is ω_α(q)² = (2k/m)(1 − cos 2πq_α).
import type { Mat3, Vec3 } from '@oasis/chem';
import { EIGENVALUE_TO_THZ } from './constants.ts';
import type { AimsCell } from './read-geometry.ts';
import { buildSupercell, cartesianOf, fractionalOf, wrappedDifference, type Supercell } from './supercell.ts';

export const SPRING = { a: 3, k: 2.5 /* eV/Å² */, mass: 20 /* amu */, repeat: 3 };

export const springUnit: AimsCell = {
  lattice: [
    [SPRING.a, 0, 0],
    [0, SPRING.a, 0],
    [0, 0, SPRING.a],
  ],
  species: ['Ar'],
  positions: [[0, 0, 0]],
};

const { a, k, mass, repeat } = SPRING;

/** The repeat³ supercell and its atoms' fractional coordinates. */
export function springSupercell(): { supercell: Supercell; fractional: Vec3[] } {
  const matrix = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? repeat : 0))) as Mat3;
  const supercell = buildSupercell(springUnit, matrix, 1000);
  const inverse = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? 1 / (repeat * a) : 0))) as Mat3;
  return { supercell, fractional: supercell.positions.map((p) => fractionalOf(p, inverse)) };
}

/** Forces when atom `moved` is displaced by `u` along x: F_j = −Φ(0, j)ᵀ u, Φ(0, 0) = 2k, Φ(0, ±a eₓ) = −k eₓeₓᵀ. */
export function springForces(
  supercell: Supercell,
  fractional: readonly Vec3[],
  moved: number,
  u: Vec3,
): Vec3[] {
  return fractional.map((f, j): Vec3 => {
    if (j === moved) return [-2 * k * u[0], -2 * k * u[1], -2 * k * u[2]];
    const d = cartesianOf(wrappedDifference(f, fractional[moved]!), supercell.lattice);
    const axis = d.findIndex((x) => Math.abs(Math.abs(x) - a) < 1e-9);
    const neighbour = axis >= 0 && d.every((x, i) => i === axis || Math.abs(x) < 1e-9);
    if (!neighbour) return [0, 0, 0];
    const force: Vec3 = [0, 0, 0];
    force[axis] = k * u[axis]!;
    return force;
  });
}

/** The closed-form frequencies (THz, ascending) at q. */
export const springFrequencies = (q: Vec3): number[] =>
  q
    .map((x) => Math.sqrt((2 * k * (1 - Math.cos(2 * Math.PI * x))) / mass) * EIGENVALUE_TO_THZ)
    .sort((x, y) => x - y);
