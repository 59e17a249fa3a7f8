// Reduction of a supercell to a primitive cell by its pure translations, before moyo sees it: moyo
// takes seconds on large supercells (a 200-atom bcc supercell: ~6 s) but milliseconds on their
// primitive cells, and the standardised result does not depend on which cell it was given.
import {
  apply3,
  cellVolume,
  det3,
  fractionalToCartesian,
  inverse3,
  multiply3,
  transpose3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import { wrapVec } from './symmetry-math.ts';

export interface NumberedCell {
  /** Lattice rows (Å). */
  lattice: Mat3;
  /** Fractional coordinates. */
  positions: Vec3[];
  /** Species labels. */
  numbers: number[];
}

/** Cartesian length (Å) of the nearest image of a fractional displacement; allocation-free. */
function imageDistance(dx: number, dy: number, dz: number, lattice: Mat3): number {
  const rx = dx - Math.round(dx);
  const ry = dy - Math.round(dy);
  const rz = dz - Math.round(dz);
  const x = rx * lattice[0][0] + ry * lattice[1][0] + rz * lattice[2][0];
  const y = rx * lattice[0][1] + ry * lattice[1][1] + rz * lattice[2][1];
  const z = rx * lattice[0][2] + ry * lattice[1][2] + rz * lattice[2][2];
  return Math.sqrt(x * x + y * y + z * z);
}

/** Whether every atom shifted by t lands on an atom of its species (within symprec, Å). */
function isPureTranslation(
  cell: NumberedCell,
  bySpecies: ReadonlyMap<number, Vec3[]>,
  t: Vec3,
  symprec: number,
): boolean {
  return cell.positions.every((p, i) => {
    const sx = p[0] + t[0];
    const sy = p[1] + t[1];
    const sz = p[2] + t[2];
    for (const q of bySpecies.get(cell.numbers[i]!)!) {
      if (imageDistance(sx - q[0], sy - q[1], sz - q[2], cell.lattice) < symprec) return true;
    }
    return false;
  });
}

/** The primitive cell of `cell`, or `cell` itself when it has no pure translations. */
export function reduceToPrimitive(cell: NumberedCell, symprec: number): NumberedCell {
  const n = cell.positions.length;
  const counts = new Map<number, number>();
  for (const z of cell.numbers) counts.set(z, (counts.get(z) ?? 0) + 1);
  const rarest = [...counts.entries()].sort((a, b) => a[1] - b[1])[0]![0];
  const reference = cell.numbers.indexOf(rarest);
  const origin = cell.positions[reference]!;
  const bySpecies = new Map<number, Vec3[]>();
  cell.positions.forEach((p, i) =>
    bySpecies.set(cell.numbers[i]!, [...(bySpecies.get(cell.numbers[i]!) ?? []), p]),
  );
  // Candidate translations: from the reference atom to each other atom of the rarest species.
  const translations: Vec3[] = [];
  cell.positions.forEach((p, j) => {
    if (j === reference || cell.numbers[j] !== rarest) return;
    const t = [0, 1, 2].map((k) => {
      const d = p[k]! - origin[k]!;
      return d - Math.round(d);
    }) as Vec3;
    if (
      imageDistance(t[0], t[1], t[2], cell.lattice) >= symprec &&
      isPureTranslation(cell, bySpecies, t, symprec)
    ) {
      translations.push(t);
    }
  });
  const multiplicity = translations.length + 1;
  if (multiplicity === 1 || n % multiplicity !== 0) return cell;
  // Three lattice vectors spanning a cell of 1/multiplicity of the volume form a basis of the
  // translation lattice; try the shortest first.
  const identity: Vec3[] = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const length = (v: Vec3): number => Math.hypot(...fractionalToCartesian(v, cell.lattice));
  const pool = [...translations, ...identity].sort((a, b) => length(a) - length(b));
  const target = 1 / multiplicity;
  let basis: Mat3 | undefined;
  search: for (let i = 0; i < pool.length; i++)
    for (let j = i + 1; j < pool.length; j++)
      for (let k = j + 1; k < pool.length; k++) {
        const b: Mat3 = [pool[i]!, pool[j]!, pool[k]!];
        const det = det3(b);
        if (Math.abs(Math.abs(det) - target) < 1e-6 * target) {
          basis = det > 0 ? b : [b[0], b[1], [-b[2][0], -b[2][1], -b[2][2]]];
          break search;
        }
      }
  if (!basis) return cell;
  const lattice = multiply3(basis, cell.lattice);
  const toNew = inverse3(basis);
  const positions: Vec3[] = [];
  const numbers: number[] = [];
  cell.positions.forEach((p, i) => {
    // Row-vector convention: x_old = x_new · B, so x_new = x_old · B⁻¹.
    const x = wrapVec(apply3(transpose3(toNew), p));
    const duplicate = positions.some(
      (q, k) =>
        numbers[k] === cell.numbers[i] &&
        imageDistance(x[0] - q[0], x[1] - q[1], x[2] - q[2], lattice) < symprec,
    );
    if (!duplicate) {
      positions.push(x);
      numbers.push(cell.numbers[i]!);
    }
  });
  if (positions.length * multiplicity !== n || !(cellVolume(lattice) > 0)) return cell;
  return { lattice, positions, numbers };
}
