// The geometry tables of a CRYSTAL output, declared on the text toolkit, and their conversion to a
// structure. CRYSTAL prints a cell as six parameters (Å, degrees) and atoms in fractional coordinates
// along the periodic directions and Cartesian Å along the others (a slab's z, a polymer's y and z, all
// three for a molecule); a non-periodic direction's parameter is formally 500 Å. Atomic numbers are
// conventional (NAT): the element is the number modulo 100, 0 is a ghost atom.
import {
  ANGSTROM,
  ELEMENT_SYMBOLS,
  cellFromParameters,
  det3,
  inverse3,
  multiply3,
  transpose3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
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

/** CRYSTAL's own Cartesian frame: 'DIRECT LATTICE VECTORS CARTESIAN COMPONENTS (ANGSTROM)', three rows. */
export const cartesianCell = table(
  /DIRECT LATTICE VECTORS CARTESIAN COMPONENTS \(ANGSTROM\)/,
  new RegExp(`^\\s*(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})\\s*$`),
  (match) => [Number(match[1]), Number(match[2]), Number(match[3])] as Vec3,
  { skip: 1 },
);

/** 'CARTESIAN COORDINATES - PRIMITIVE CELL': rows '   1    14 SI    x  y  z' in Å. */
export const cartesianAtoms = table(
  /CARTESIAN COORDINATES - PRIMITIVE CELL/,
  new RegExp(`^\\s*\\d+\\s+(\\d+)\\s+\\S+\\s+(${NUMBER}\\s*${NUMBER}\\s*${NUMBER})\\s*$`),
  atomRow,
  { skip: 3 },
);

const cellOf = (parameters: readonly number[]): Mat3 => {
  const [a, b, c, alpha, beta, gamma] = parameters as [number, number, number, number, number, number];
  return cellFromParameters({ a, b, c, alpha, beta, gamma });
};

/**
 * The rotation R with (cell of the parameters) · R = CRYSTAL's Cartesian cell: the parameters build a
 * cell with a along x, CRYSTAL's frame (the one its forces are in) may differ. Undefined when R is no
 * rotation (the two cells differ in shape).
 */
export function frameRotation(parameters: readonly number[], vectors: Mat3): Mat3 | undefined {
  let rotation: Mat3;
  try {
    rotation = multiply3(inverse3(cellOf(parameters)), vectors);
  } catch {
    return undefined;
  }
  const product = multiply3(rotation, transpose3(rotation));
  const orthogonal = product.every((row, i) => row.every((x, j) => Math.abs(x - (i === j ? 1 : 0)) < 1e-4));
  return orthogonal && det3(rotation) > 0 ? rotation : undefined;
}

/** 'GEOMETRY FOR WAVE FUNCTION - DIMENSIONALITY OF THE SYSTEM    3' */
export const dimensionality = first(/DIMENSIONALITY OF THE SYSTEM\s+(\d)/, (match) => Number(match[1]));

/** The element of a conventional atomic number ('X' where there is none). */
const elementOf = (nat: number): string => ELEMENT_SYMBOLS[nat % 100] ?? 'X';

/**
 * The structure (SI) of a geometry with `dim` periodic directions, ghost atoms left out. A slab is
 * periodic along a and b, a polymer along a: the formal 500 Å vector is kept as the cell's third (and
 * second) vector so that the cell stays 3×3.
 */
export function structureOf(geometry: CrystalGeometry, dim: number, rotation?: Mat3): Structure {
  const atoms = geometry.atoms.filter((atom) => atom.nat % 100 !== 0);
  const built = geometry.vectors ?? (geometry.parameters && dim > 0 ? cellOf(geometry.parameters) : null);
  let cell = built;
  let positions = atoms.map((atom): Vec3 => {
    const x = atom.coordinates;
    if (!built || geometry.vectors) return [...x];
    // Along the periodic directions the coordinates are fractions of the cell vectors; along the others
    // they are Cartesian already.
    return [0, 1, 2].map((j) =>
      j < dim ? x.slice(0, dim).reduce((sum, f, i) => sum + f * built[i]![j]!, 0) : x[j]!,
    ) as Vec3;
  });
  // A cell built from parameters is turned into CRYSTAL's frame, where the output gives it.
  if (cell && rotation && !geometry.vectors) {
    cell = multiply3(cell, rotation);
    positions = positions.map((p) => multiply3([p, [0, 0, 0], [0, 0, 0]], rotation)[0]);
  }
  const si = (v: readonly number[]) => v.map((value) => value * ANGSTROM) as Vec3;
  return {
    species: atoms.map((atom) => elementOf(atom.nat)),
    positions: positions.map(si),
    lattice: cell ? (cell.map(si) as Mat3) : null,
    periodic: [dim >= 1, dim >= 2, dim >= 3],
  };
}

/**
 * The structure with each atom moved by whole cell vectors (along the periodic directions) to the image
 * nearest the same atom of `previous`: CRYSTAL's fractional tables and its Cartesian one pick different
 * images, which would make an optimisation's atoms jump by a cell vector between steps.
 */
export function nearestImages(structure: Structure, previous: Structure): Structure {
  const cell = structure.lattice;
  if (!cell || structure.positions.length !== previous.positions.length) return structure;
  const inverse = inverse3(cell);
  const periodic = structure.periodic;
  const positions = structure.positions.map((p, i) => {
    const before = previous.positions[i]!;
    const delta = [0, 1, 2].map((k) => p[0] * inverse[0][k]! + p[1] * inverse[1][k]! + p[2] * inverse[2][k]!);
    const reference = [0, 1, 2].map(
      (k) => before[0] * inverse[0][k]! + before[1] * inverse[1][k]! + before[2] * inverse[2][k]!,
    );
    const shift = delta.map((f, k) => (periodic[k] ? Math.round(f - reference[k]!) : 0));
    return [0, 1, 2].map(
      (j) => p[j]! - shift[0]! * cell[0][j]! - shift[1]! * cell[1][j]! - shift[2]! * cell[2][j]!,
    ) as Vec3;
  });
  return { ...structure, positions };
}
