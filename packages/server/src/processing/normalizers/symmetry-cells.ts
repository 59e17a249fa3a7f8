// Conventional and primitive cells of an analysed crystal, in Å and fractional coordinates.
import {
  cartesianToFractional,
  cellFromParameters,
  cellParameters,
  cellVolume,
  det3,
  fractionalToCartesian,
  multiply3,
  sub3,
  transpose3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import { distanceToInteger, wrapVec } from './symmetry-math.ts';
import { FRACTIONAL_TOLERANCE } from './symmetry-wyckoff.ts';

export interface Cell {
  /** Lattice rows in Å. */
  lattice: Mat3;
  /** Fractional coordinates in [0, 1). */
  positions: Vec3[];
  species: string[];
}

const DEG = 180 / Math.PI;

/**
 * The lattice of a standardised cell with its metric made exact for the crystal system (cubic
 * a = b = c at the same volume, right and 120° angles ...), in the standard orientation: a along
 * x, b in the xy plane. moyo keeps the input's small distortions; spglib, and so NOMAD, idealise.
 */
export function idealLattice(lattice: Mat3, crystalSystem: string): Mat3 {
  const p = cellParameters(lattice);
  const deg = { alpha: p.alpha * DEG, beta: p.beta * DEG, gamma: p.gamma * DEG };
  const mean2 = (p.a + p.b) / 2;
  switch (crystalSystem) {
    case 'cubic': {
      const a = Math.cbrt(cellVolume(lattice));
      return cellFromParameters({ a, b: a, c: a, alpha: 90, beta: 90, gamma: 90 });
    }
    case 'tetragonal':
      return cellFromParameters({ a: mean2, b: mean2, c: p.c, alpha: 90, beta: 90, gamma: 90 });
    case 'trigonal':
    case 'hexagonal':
      return cellFromParameters({ a: mean2, b: mean2, c: p.c, alpha: 90, beta: 90, gamma: 120 });
    case 'orthorhombic':
      return cellFromParameters({ a: p.a, b: p.b, c: p.c, alpha: 90, beta: 90, gamma: 90 });
    case 'monoclinic':
      return cellFromParameters({ a: p.a, b: p.b, c: p.c, alpha: 90, beta: deg.beta, gamma: 90 });
    case 'triclinic':
      return cellFromParameters({ a: p.a, b: p.b, c: p.c, ...deg });
    default:
      throw new Error(`unknown crystal system '${crystalSystem}'`);
  }
}

/** Conventional -> primitive basis change by centring (spglib's convention): rows of Pᵀ give a_p. */
const TO_PRIMITIVE: Readonly<Record<string, Mat3>> = {
  P: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  A: [
    [1, 0, 0],
    [0, 1 / 2, -1 / 2],
    [0, 1 / 2, 1 / 2],
  ],
  C: [
    [1 / 2, 1 / 2, 0],
    [-1 / 2, 1 / 2, 0],
    [0, 0, 1],
  ],
  R: [
    [2 / 3, -1 / 3, -1 / 3],
    [1 / 3, 1 / 3, -2 / 3],
    [1 / 3, 1 / 3, 1 / 3],
  ],
  I: [
    [-1 / 2, 1 / 2, 1 / 2],
    [1 / 2, -1 / 2, 1 / 2],
    [1 / 2, 1 / 2, -1 / 2],
  ],
  F: [
    [0, 1 / 2, 1 / 2],
    [1 / 2, 0, 1 / 2],
    [1 / 2, 1 / 2, 0],
  ],
};

/** The primitive cell of a conventional cell with the given centring letter ('P', 'C', 'F' ...). */
export function primitiveCell(conventional: Cell, centring: string): Cell {
  const p = TO_PRIMITIVE[centring];
  if (!p) throw new Error(`unknown centring '${centring}'`);
  const lattice = multiply3(transpose3(p), conventional.lattice);
  const cartesian = conventional.positions.map((f) => fractionalToCartesian(f, conventional.lattice));
  const fractional = cartesianToFractional(cartesian, lattice).map((f) => wrapVec(f, FRACTIONAL_TOLERANCE));
  const positions: Vec3[] = [];
  const species: string[] = [];
  fractional.forEach((f, i) => {
    const duplicate = positions.some((q) =>
      sub3(q, f).every((x) => distanceToInteger(x) < FRACTIONAL_TOLERANCE),
    );
    if (!duplicate) {
      positions.push(f);
      species.push(conventional.species[i]!);
    }
  });
  // A centred cell holds 1/det(P) lattice points, so the primitive cell keeps det(P) of its atoms.
  const expected = conventional.positions.length * Math.abs(det3(p));
  if (Math.abs(positions.length - expected) > 1e-6) {
    throw new Error(`primitive cell has ${positions.length} atoms, expected ${expected}`);
  }
  return { lattice, positions, species };
}
