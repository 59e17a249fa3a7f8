// The dynamical matrix of the unit cell at q from force-constant rows of the supercell:
// D(κα, κ'β; q) = Σ_j Φ(κ, j)αβ · e^{2πi q·d(κ, j)} / √(m_κ m_κ'), over supercell atoms j of sublattice κ',
// with d the shortest vector from atom κ to j modulo supercell translations. When several images are
// equally short their phase factors are averaged, as phonopy does with its multiplicities; with it the
// dynamical matrix is exact at the q-points commensurate with the supercell.
import { inverse3, type Mat3, type Vec3 } from '@oasis/chem';
import { EIGENVALUE_TO_THZ } from './constants.ts';
import { complexMatrix, hermitianEigenvalues } from './hermitian.ts';
import { cartesianOf, fractionalOf, wrappedDifference, type Supercell } from './supercell.ts';

/** One Φ(κ, j) block with the image vectors of j (fractional unit-cell coordinates). */
interface Term {
  row: number;
  column: number;
  block: Float64Array;
  images: Vec3[];
}

export interface DynamicalMatrix {
  /** Number of bands (3 × unit-cell atoms). */
  size: number;
  /** Frequencies in THz at q (reciprocal fractional coordinates), ascending; imaginary ones negative. */
  frequencies: (q: Vec3) => number[];
}

/** Supercell translations tried for the shortest image: enough for the supercells phonopy makes. */
const RANGE = 2;

export function dynamicalMatrix(
  supercell: Supercell,
  unitLattice: Mat3,
  rows: ReadonlyMap<number, Float64Array>,
  masses: readonly number[],
  tolerance: number,
): DynamicalMatrix {
  const nUnit = supercell.representative.length;
  const superInverse = inverse3(supercell.lattice);
  const unitInverse = inverse3(unitLattice);
  const fractional = supercell.positions.map((p) => fractionalOf(p, superInverse));
  const terms: Term[] = [];
  supercell.representative.forEach((from, kappa) => {
    const row = rows.get(from);
    if (!row) throw new Error(`no force constants for unit-cell atom ${kappa + 1}`);
    fractional.forEach((f, j) => {
      const base = wrappedDifference(f, fractional[from]!);
      const candidates: { vector: Vec3; length: number }[] = [];
      for (let a = -RANGE; a <= RANGE; a++)
        for (let b = -RANGE; b <= RANGE; b++)
          for (let c = -RANGE; c <= RANGE; c++) {
            const vector = cartesianOf([base[0] + a, base[1] + b, base[2] + c], supercell.lattice);
            candidates.push({ vector, length: Math.hypot(...vector) });
          }
      const shortest = Math.min(...candidates.map((x) => x.length));
      const images = candidates
        .filter((x) => x.length - shortest <= tolerance)
        .map((x) => fractionalOf(x.vector, unitInverse));
      const scale = 1 / Math.sqrt(masses[kappa]! * masses[supercell.unitAtom[j]!]!);
      const block = row.slice(j * 9, j * 9 + 9).map((x) => x * scale);
      terms.push({ row: kappa, column: supercell.unitAtom[j]!, block, images });
    });
  });
  const size = 3 * nUnit;
  const frequencies = (q: Vec3): number[] => {
    const d = complexMatrix(size);
    for (const term of terms) {
      let re = 0;
      let im = 0;
      for (const image of term.images) {
        const phase = 2 * Math.PI * (q[0] * image[0] + q[1] * image[1] + q[2] * image[2]);
        re += Math.cos(phase);
        im += Math.sin(phase);
      }
      re /= term.images.length;
      im /= term.images.length;
      for (let p = 0; p < 3; p++)
        for (let s = 0; s < 3; s++) {
          const index = (term.row * 3 + p) * size + term.column * 3 + s;
          const value = term.block[p * 3 + s]!;
          d.re[index]! += value * re;
          d.im[index]! += value * im;
        }
    }
    return hermitianEigenvalues(d).map((l) => Math.sign(l) * Math.sqrt(Math.abs(l)) * EIGENVALUE_TO_THZ);
  };
  return { size, frequencies };
}
