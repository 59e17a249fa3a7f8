// The geometry tables of a CRYSTAL output, declared on the text toolkit, and their conversion to a
// structure. CRYSTAL prints a cell as six parameters (Å, degrees) and atoms in fractional coordinates
// along the periodic directions and Cartesian Å along the others (a slab's z, a polymer's y and z, all
// three for a molecule); a non-periodic direction's parameter is formally 500 Å. Atomic numbers are
// conventional (NAT): the element is the number modulo 100, 0 is a ghost atom.
import { ANGSTROM, ELEMENT_SYMBOLS, cellFromParameters, type Mat3, type Vec3 } from '@oasis/chem';
import { numbersIn } from '../../text/numbers.ts';
import { type Convert, first, table } from '../../text/rules.ts';
import type { Structure } from '../../structure.ts';

/** One row of an atoms table: its conventional atomic number and three coordinates. */
export interface CrystalAtom {
  nat: number;
  coordinates: Vec3;
}

/** A geometry as printed: cell parameters (absent for a molecule) and the atoms of the cell. */
export interface CrystalGeometry {
  /** a, b, c (Å), alpha, beta, gamma (degrees) */
  parameters?: number[];
  /** The three lattice vectors (Å) where the output gives them instead (a properties run). */
  vectors?: Mat3;
  atoms: CrystalAtom[];
}

const NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';

/** '   1 T  14 SI    1.25E-01  1.25E-01  1.25E-01' (a nanotube adds the radius). */
const atomRow: Convert<CrystalAtom> = (match) => {
  const values = numbersIn(match[2]!);
  if (values.length < 3) return undefined;
  return { nat: Number(match[1]), coordinates: [values[0]!, values[1]!, values[2]!] };
};

/** The atoms table under 'ATOMS IN THE ASYMMETRIC UNIT ... ATOMS IN THE UNIT CELL'. */
export const atomsTable = table(
  /ATOMS IN THE ASYMMETRIC UNIT\s+\d+ - ATOMS IN THE UNIT CELL:/,
  new RegExp(`^\\s*\\d+\\s+[TF]\\s+(\\d+)\\s+\\S+\\s+(${NUMBER}\\s*${NUMBER}\\s*${NUMBER}.*)$`),
  atomRow,
  { skip: 2 },
);

/** The six numbers under the 'A B C ALPHA BETA GAMMA' line of the first cell of a scope. */
export const cellParameters = table(
  /^\s+A\s+B\s+C\s+ALPHA\s+BETA\s+GAMMA\s*$/,
  new RegExp(`^\\s*(${NUMBER}(?:\\s+${NUMBER}){5})\\s*$`),
  (match) => numbersIn(match[1]!),
);

/** A properties run's cell: 'DIRECT LATTICE VECTOR COMPONENTS (ANGSTROM)' and three rows. */
export const latticeVectors = table(
  /DIRECT LATTICE VECTOR COMPONENTS \(ANGSTROM\)/,
  new RegExp(`^\\s*(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})\\s*$`),
  (match) => [Number(match[1]), Number(match[2]), Number(match[3])] as Vec3,
);

/** A properties run's atoms: 'ATOM N.AT. SHELL X(A) Y(A) Z(A) EXAD N.ELECT.' rows, Cartesian Å. */
export const restartAtoms = table(
  /ATOM N\.AT\.\s+SHELL\s+X\(A\)/,
  new RegExp(`^\\s*\\d+\\s+(\\d+)\\s+[A-Z]+\\s+\\d+\\s+(${NUMBER}\\s+${NUMBER}\\s+${NUMBER})\\s`),
  atomRow,
  { skip: 1 },
);

/** 'GEOMETRY FOR WAVE FUNCTION - DIMENSIONALITY OF THE SYSTEM    3' */
export const dimensionality = first(/DIMENSIONALITY OF THE SYSTEM\s+(\d)/, (match) => Number(match[1]));

/** The element of a conventional atomic number ('X' where there is none). */
export const elementOf = (nat: number): string => ELEMENT_SYMBOLS[nat % 100] ?? 'X';

/**
 * The structure (SI) of a geometry with `dim` periodic directions, ghost atoms left out. A slab is
 * periodic along a and b, a polymer along a: the formal 500 Å vector is kept as the cell's third (and
 * second) vector so that the cell stays 3×3.
 */
export function structureOf(geometry: CrystalGeometry, dim: number): Structure {
  const atoms = geometry.atoms.filter((atom) => atom.nat % 100 !== 0);
  let cell: Mat3 | null = null;
  if (geometry.vectors) cell = geometry.vectors;
  else if (geometry.parameters && dim > 0) {
    const [a, b, c, alpha, beta, gamma] = geometry.parameters as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    cell = cellFromParameters({ a, b, c, alpha, beta, gamma });
  }
  const positions = atoms.map((atom): Vec3 => {
    const x = atom.coordinates;
    if (!cell || geometry.vectors) return [x[0] * ANGSTROM, x[1] * ANGSTROM, x[2] * ANGSTROM];
    // Along the periodic directions the coordinates are fractions of the cell vectors; along the others
    // they are Cartesian already.
    const cartesian = [0, 1, 2].map((j) =>
      j < dim ? x.slice(0, dim).reduce((sum, f, i) => sum + f * cell[i]![j]!, 0) : x[j]!,
    );
    return cartesian.map((value) => value * ANGSTROM) as Vec3;
  });
  return {
    species: atoms.map((atom) => elementOf(atom.nat)),
    positions,
    lattice: cell ? (cell.map((row) => row.map((value) => value * ANGSTROM)) as Mat3) : null,
    periodic: [dim >= 1, dim >= 2, dim >= 3],
  };
}
