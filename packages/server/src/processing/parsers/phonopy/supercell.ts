// The perfect supercell of a unit cell and an integer matrix, as phonopy builds it: supercell vectors
// are rows of S · A, and its atoms are every unit-cell atom shifted by every lattice translation inside
// it, grouped by unit-cell atom. Also matches a displaced supercell read from a file onto it.
import { det3, inverse3, multiply3, type Mat3, type Vec3 } from '@oasis/chem';
import type { AimsCell } from './read-geometry.ts';

export interface Supercell {
  lattice: Mat3;
  species: string[];
  /** Cartesian, Å. */
  positions: Vec3[];
  /** The unit-cell atom each supercell atom is an image of. */
  unitAtom: number[];
  /** The supercell atom that is unit-cell atom κ itself (zero translation). */
  representative: number[];
}

const wrap = (x: number): number => {
  const w = x - Math.floor(x);
  return w > 1 - 1e-9 ? 0 : w;
};

export const cartesianOf = (fractional: Vec3, lattice: Mat3): Vec3 =>
  [0, 1, 2].map(
    (j) => fractional[0] * lattice[0][j]! + fractional[1] * lattice[1][j]! + fractional[2] * lattice[2][j]!,
  ) as Vec3;

export const fractionalOf = (cartesian: Vec3, inverseLattice: Mat3): Vec3 =>
  [0, 1, 2].map(
    (j) =>
      cartesian[0] * inverseLattice[0][j]! +
      cartesian[1] * inverseLattice[1][j]! +
      cartesian[2] * inverseLattice[2][j]!,
  ) as Vec3;

/** Integer translations n (in unit-cell vectors) whose supercell-fractional coordinates n · S⁻¹ lie in [0, 1)³. */
function latticeTranslations(matrix: Mat3): Vec3[] {
  const inverse = inverse3(matrix);
  const low = [0, 1, 2].map((k) => matrix.reduce((sum, row) => sum + Math.min(0, row[k]!), 0));
  const high = [0, 1, 2].map((k) => matrix.reduce((sum, row) => sum + Math.max(0, row[k]!), 0));
  const found: Vec3[] = [];
  for (let a = low[0]!; a <= high[0]!; a++)
    for (let b = low[1]!; b <= high[1]!; b++)
      for (let c = low[2]!; c <= high[2]!; c++) {
        const f = fractionalOf([a, b, c], inverse);
        if (f.every((x) => x > -1e-9 && x < 1 - 1e-9)) found.push([a, b, c]);
      }
  return found;
}

export function buildSupercell(unit: AimsCell, matrix: Mat3, maxAtoms: number): Supercell {
  const size = Math.round(Math.abs(det3(matrix)));
  if (size === 0) throw new Error('the supercell matrix is singular');
  if (size * unit.species.length > maxAtoms)
    throw new Error(`the supercell would have ${size * unit.species.length} atoms, more than ${maxAtoms}`);
  const translations = latticeTranslations(matrix);
  if (translations.length !== size)
    throw new Error(`found ${translations.length} lattice translations in the supercell, expected ${size}`);
  const lattice = multiply3(matrix, unit.lattice);
  const inverse = inverse3(lattice);
  const supercell: Supercell = { lattice, species: [], positions: [], unitAtom: [], representative: [] };
  unit.positions.forEach((position, atom) => {
    for (const n of translations) {
      const shifted = cartesianOf(n, unit.lattice).map((x, j) => x + position[j]!) as Vec3;
      // Wrapped into the supercell, as phonopy writes the displaced supercells.
      const wrapped = cartesianOf(fractionalOf(shifted, inverse).map(wrap) as Vec3, lattice);
      if (n.every((x) => x === 0)) supercell.representative[atom] = supercell.positions.length;
      supercell.positions.push(wrapped);
      supercell.species.push(unit.species[atom]!);
      supercell.unitAtom.push(atom);
    }
  });
  return supercell;
}

/** The shortest difference of two fractional points modulo lattice translations. */
export const wrappedDifference = (a: Vec3, b: Vec3): Vec3 =>
  [0, 1, 2].map((k) => {
    const d = a[k]! - b[k]!;
    return d - Math.round(d);
  }) as Vec3;

/**
 * Matches the atoms of a displaced supercell onto the perfect one: for each atom of the file its
 * perfect atom and its displacement (Å). The cells must agree; each file atom must lie within
 * `tolerance` Å of a distinct perfect atom of its species.
 */
export function matchDisplaced(
  perfect: Supercell,
  displaced: AimsCell,
  name: string,
  tolerance = 0.3,
): { atom: number[]; displacement: Vec3[] } {
  if (displaced.species.length !== perfect.species.length)
    throw new Error(`${name} has ${displaced.species.length} atoms, the supercell ${perfect.species.length}`);
  const scale = Math.max(...perfect.lattice.flat().map(Math.abs));
  if (displaced.lattice.flat().some((x, i) => Math.abs(x - perfect.lattice.flat()[i]!) > 1e-4 * scale))
    throw new Error(`the cell of ${name} is not the supercell of the unit cell and 'phonon supercell'`);
  const inverse = inverse3(perfect.lattice);
  const perfectFractional = perfect.positions.map((p) => fractionalOf(p, inverse));
  const taken = new Set<number>();
  const atom: number[] = [];
  const displacement: Vec3[] = [];
  displaced.positions.forEach((position, i) => {
    const f = fractionalOf(position, inverse);
    // phonopy writes the atoms in its supercell order, which is this one: try the same index first.
    const same = cartesianOf(wrappedDifference(f, perfectFractional[i]!), perfect.lattice);
    if (
      perfect.species[i] === displaced.species[i] &&
      !taken.has(i) &&
      Math.hypot(...same) <= tolerance / 10
    ) {
      taken.add(i);
      atom.push(i);
      displacement.push(same);
      return;
    }
    let best = -1;
    let bestDistance = Infinity;
    let bestVector: Vec3 = [0, 0, 0];
    perfectFractional.forEach((p, j) => {
      if (taken.has(j) || perfect.species[j] !== displaced.species[i]) return;
      const vector = cartesianOf(wrappedDifference(f, p), perfect.lattice);
      const distance = Math.hypot(...vector);
      if (distance < bestDistance) [best, bestDistance, bestVector] = [j, distance, vector];
    });
    if (best < 0 || bestDistance > tolerance)
      throw new Error(`atom ${i + 1} of ${name} is not near any atom of the perfect supercell`);
    taken.add(best);
    atom.push(best);
    displacement.push(bestVector);
  });
  return { atom, displacement };
}
