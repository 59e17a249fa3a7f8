// PDB (fixed columns): a CRYST1 record with the cell, then one HETATM record per atom, then END.
// PDB readers rebuild the cell from its parameters with a along x and b in the xy plane, so positions
// are turned into that orientation through their fractional coordinates.
import {
  cartesianToFractional,
  cellFromParameters,
  cellParametersInDegrees,
  fractionalToCartesian,
  type Vec3,
} from '@oasis/chem';
import { fixed } from './fixed.ts';
import type { Atoms } from './atoms.ts';

/** Serial numbers have five columns; longer files count on from 1 again, as PDB writers do. */
const SERIAL_MODULUS = 100000;

const right = (text: string, width: number) => text.slice(0, width).padStart(width);
const left = (text: string, width: number) => text.slice(0, width).padEnd(width);

function standardPositions(atoms: Atoms): Vec3[] {
  if (!atoms.lattice) return atoms.positions;
  const standard = cellFromParameters(cellParametersInDegrees(atoms.lattice));
  return cartesianToFractional(atoms.positions, atoms.lattice).map((f) => fractionalToCartesian(f, standard));
}

function cryst1(atoms: Atoms): string | undefined {
  if (!atoms.lattice) return undefined;
  const c = cellParametersInDegrees(atoms.lattice);
  return (
    'CRYST1' +
    right(fixed(c.a, 3), 9) +
    right(fixed(c.b, 3), 9) +
    right(fixed(c.c, 3), 9) +
    right(fixed(c.alpha, 2), 7) +
    right(fixed(c.beta, 2), 7) +
    right(fixed(c.gamma, 2), 7) +
    ' ' +
    left('P 1', 11) +
    right('1', 4)
  );
}

/** One HETATM record: columns 1-6 name, 7-11 serial, 13-16 atom name, 18-20 residue, 31-54 x y z, 77-78 element. */
function record(serial: number, symbol: string, [x, y, z]: Vec3): string {
  return (
    'HETATM' +
    right(String(serial % SERIAL_MODULUS), 5) +
    ' ' +
    left(symbol, 4) +
    ' ' +
    'MOL' +
    ' ' +
    ' ' +
    right('1', 4) +
    ' ' +
    '   ' +
    right(fixed(x, 3), 8) +
    right(fixed(y, 3), 8) +
    right(fixed(z, 3), 8) +
    right(fixed(1, 2), 6) +
    right(fixed(0, 2), 6) +
    ' '.repeat(10) +
    right(symbol.toUpperCase(), 2)
  );
}

export function writePdb(atoms: Atoms): string {
  const positions = standardPositions(atoms);
  const lines: string[] = [];
  const cell = cryst1(atoms);
  if (cell) lines.push(cell);
  atoms.species.forEach((symbol, i) => lines.push(record(i + 1, symbol, positions[i]!)));
  lines.push('END');
  return `${lines.join('\n')}\n`;
}
