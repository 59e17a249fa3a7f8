// Blocks and rows of an NWChem output (in NWChem's units): coordinate and gradient tables, the plane-wave
// cell, and SCF iteration rows of the Gaussian-basis DFT and plane-wave (NWPW) modules.
import { numbersIn } from '../text/numbers.ts';

export type Vec = [number, number, number];

/** Ångström per bohr (CODATA 2018). */
const BOHR_IN_ANGSTROM = 0.529177210903;

export interface NwchemGeometry {
  species: string[];
  /** Å */
  positions: Vec[];
  /** bohr: the plane-wave cell's vectors, for an NWPW run. */
  cell?: Vec[];
}

export interface NwchemIteration {
  /** Hartree */
  energy: number;
  /** Hartree, the change from the iteration before */
  change?: number;
  /** s, the wall time at the end of the iteration */
  wallTime?: number;
}

/** A tag such as 'O', 'H1', 'bq', 'Fe2' as a chemical symbol. */
function symbolOf(tag: string): string {
  const letters = /^[A-Za-z]+/.exec(tag)?.[0] ?? 'X';
  const two = letters.slice(0, 2);
  if (/^[A-Z][a-z]$/.test(two)) return two;
  return letters[0]!.toUpperCase();
}

/** 'Output coordinates in angstroms': heading, blank, titles, rule, then 'n Tag Charge x y z' rows. */
export function readOutputCoordinates(
  lines: readonly string[],
  from: number,
): { geometry: NwchemGeometry; end: number } {
  const geometry: NwchemGeometry = { species: [], positions: [] };
  let end = from;
  for (let k = from + 4; k < lines.length; k += 1) {
    const atom = /^\s*\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(lines[k]!);
    if (!atom) break;
    geometry.species.push(symbolOf(atom[1]!));
    geometry.positions.push([Number(atom[3]), Number(atom[4]), Number(atom[5])]);
    end = k;
  }
  return { geometry, end };
}

/**
 * A gradient table ('DFT ENERGY GRADIENTS'): titles, then 'n Tag  x y z (bohr)  gx gy gz (Hartree/bohr)'
 * rows; the coordinates come back in Å.
 */
export function readGradient(
  lines: readonly string[],
  from: number,
): { gradient: Vec[]; geometry: NwchemGeometry; end: number } {
  const gradient: Vec[] = [];
  const geometry: NwchemGeometry = { species: [], positions: [] };
  let end = from;
  for (let k = from + 4; k < lines.length; k += 1) {
    const row = /^\s*\d+\s+([A-Za-z]\S*)(.*)$/.exec(lines[k]!);
    const numbers = row ? numbersIn(row[2]!) : [];
    if (numbers.length < 6) break;
    geometry.species.push(symbolOf(row![1]!));
    geometry.positions.push(numbers.slice(0, 3).map((x) => x * BOHR_IN_ANGSTROM) as Vec);
    gradient.push(numbers.slice(3, 6) as Vec);
    end = k;
  }
  return { gradient, geometry, end };
}

/** The NWPW cell: 'lattice:    a1=< x y z >' and the a2, a3 lines after it (bohr). */
export function readPwCell(lines: readonly string[], from: number): { cell: Vec[]; end: number } {
  const cell: Vec[] = [];
  for (let k = from; k < from + 3 && k < lines.length; k += 1) {
    const row = /a\d=<(.*)>/.exec(lines[k]!);
    if (!row) break;
    cell.push(numbersIn(row[1]!).slice(0, 3) as Vec);
  }
  return { cell, end: from + cell.length - 1 };
}

/** 'd= 0,ls=0.0,diis     1    -76.3916403957 -8.55D+01  2.98D-02  4.75D-01     0.1' */
export function readDftIteration(line: string): NwchemIteration | undefined {
  const row = /^\s*d=\s*\d+,ls=\S+,\S*\s+\d+\s+(-?\d+\.\d+)\s+(\S+)\s+\S+\s+\S+\s+(\S+)\s*$/.exec(line);
  if (!row) {
    const bare = /^\s*d=\s*\d+,ls=\S+,\S*\s+\d+\s+(-?\d+\.\d+)/.exec(line);
    return bare ? { energy: Number(bare[1]) } : undefined;
  }
  return { energy: Number(row[1]), change: numbersIn(row[2]!)[0], wallTime: Number(row[3]) };
}

const E_REAL = '(-?\\d\\.\\d+E[-+]\\d+)';
const NWPW_ROW = new RegExp(`^\\s+\\d+\\s+${E_REAL}\\s+${E_REAL}\\s+${E_REAL}\\s*$`);

/** An NWPW minimiser row: '10   -0.1995729137E+02   -0.92603E-01    0.99237E+00' (iteration, E, ΔE, Δρ). */
export function readNwpwIteration(line: string): NwchemIteration | undefined {
  const row = NWPW_ROW.exec(line);
  return row ? { energy: Number(row[1]), change: Number(row[2]) } : undefined;
}
