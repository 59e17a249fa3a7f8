// The space-group operations of a periodic cell (from moyo) with what phonon code needs of them: the
// Cartesian rotation and where each operation takes an atom. Images are found through a grid of the
// fractional coordinates, so a supercell of a thousand atoms with thousands of operations stays fast;
// whole permutations are made only for the operations asked for.
import { atomicNumber, inverse3, multiply3, transpose3, type Mat3, type Vec3 } from '@oasis/chem';
import { loadMoyo } from '../../normalizers/symmetry-moyo.ts';
import { operationsFromMoyo, type Operation } from '../../normalizers/symmetry-wyckoff.ts';
import { fractionalOf, wrappedDifference } from './supercell.ts';

interface CellOperation extends Operation {
  /** The rotation acting on Cartesian vectors (columns). */
  cartesian: Mat3;
}

export interface CellSymmetry {
  operations: CellOperation[];
  /** The atom operation `op` takes atom `atom` to; throws when the image is no atom of the cell. */
  image: (op: number, atom: number) => number;
  /** Atom i goes to permutation(op)[i]. */
  permutation: (op: number) => number[];
}

interface Cell {
  lattice: Mat3;
  species: readonly string[];
  positions: readonly Vec3[];
}

/** Bins per fractional axis of the lookup grid. */
const BINS = 256;

function moyoNumbers(species: readonly string[]): number[] {
  const labels = new Map<string, number>();
  return species.map((s) => {
    if (!labels.has(s)) labels.set(s, atomicNumber(s) ?? 1000 + labels.size);
    return labels.get(s)!;
  });
}

const bin = (x: number): number => ((Math.round((x - Math.floor(x)) * BINS) % BINS) + BINS) % BINS;

/**
 * The space-group operations of a cell (rotations and translations in its fractional coordinates,
 * the pure lattice translations of a supercell included) as moyo finds them with `symprec` (Å).
 */
export async function cellSymmetry(cell: Cell, symprec: number): Promise<CellSymmetry> {
  const moyo = await loadMoyo();
  const inverse = inverse3(cell.lattice);
  const fractional = cell.positions.map((p) => fractionalOf(p, inverse));
  const dataset = moyo.analyze_cell(
    JSON.stringify({
      lattice: { basis: cell.lattice.flat() },
      positions: fractional,
      numbers: moyoNumbers(cell.species),
    }),
    symprec,
    'Spglib',
  );
  // r = Aᵀ f, so a fractional rotation R acts on Cartesian vectors as Aᵀ R A⁻ᵀ.
  const operations = operationsFromMoyo(dataset.operations).map((op) => ({
    ...op,
    cartesian: multiply3(multiply3(transpose3(cell.lattice), op.rotation), transpose3(inverse)),
  }));
  const grid = new Map<number, number[]>();
  fractional.forEach((f, atom) => {
    const key = (bin(f[0]) * BINS + bin(f[1])) * BINS + bin(f[2]);
    grid.set(key, [...(grid.get(key) ?? []), atom]);
  });
  // Fractional tolerance: a few symprec along the shortest cell vector, at least rounding-sized, and
  // below a grid bin so that the neighbouring bins hold every candidate.
  const shortest = Math.min(...cell.lattice.map((row) => Math.hypot(...row)));
  const tolerance = Math.min(Math.max((4 * symprec) / shortest, 1e-6), 0.5 / BINS);
  const image = (op: number, atom: number): number => {
    const { rotation, translation } = operations[op]!;
    const f = fractional[atom]!;
    const to = [0, 1, 2].map(
      (k) => rotation[k]![0] * f[0] + rotation[k]![1] * f[1] + rotation[k]![2] * f[2] + translation[k]!,
    ) as Vec3;
    const [x, y, z] = to.map(bin) as Vec3;
    for (const dx of [0, -1, 1])
      for (const dy of [0, -1, 1])
        for (const dz of [0, -1, 1]) {
          const key =
            (((x + dx + BINS) % BINS) * BINS + ((y + dy + BINS) % BINS)) * BINS + ((z + dz + BINS) % BINS);
          for (const candidate of grid.get(key) ?? [])
            if (
              cell.species[candidate] === cell.species[atom] &&
              wrappedDifference(to, fractional[candidate]!).every((d) => Math.abs(d) <= tolerance)
            )
              return candidate;
        }
    throw new Error('a symmetry operation does not map the atoms onto atoms');
  };
  const permutations = new Map<number, number[]>();
  const permutation = (op: number): number[] => {
    let found = permutations.get(op);
    if (!found) {
      found = fractional.map((_, atom) => image(op, atom));
      permutations.set(op, found);
    }
    return found;
  };
  return { operations, image, permutation };
}
