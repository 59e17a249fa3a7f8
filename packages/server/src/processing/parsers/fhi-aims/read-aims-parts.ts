// Pieces of an FHI-aims main output read the same way wherever they appear: the 'Date/Time' stamps, the
// 'Total energy components' rows, structure blocks with velocities and the Kohn-Sham eigenvalue listing.
import { numbersIn } from '../text/numbers.ts';

export type Vec = [number, number, number];

export interface AimsGeometry {
  /** Rows in Å; undefined for a cluster (molecule). */
  cell?: [Vec, Vec, Vec];
  species: string[];
  /** Cartesian, Å. */
  positions: Vec[];
  /** Å/ps, as MD prints them. */
  velocities?: Vec[];
}

/** Eigenvalues of one listing: [spin][k-point][state], energies in eV. */
export interface AimsEigenvalues {
  /** Fractions of the reciprocal cell; absent for a cluster. */
  kpoints?: Vec[];
  occupations: number[][][];
  energies: number[][][];
}

/** Milliseconds of a '  Date     :  20160131, Time     :  151022.899' line (UTC, the wall clock's own zone). */
export function clockOf(line: string): number | undefined {
  const match = /Date\s*:\s*(\d{4})(\d{2})(\d{2}),\s*Time\s*:\s*(\d{2})(\d{2})(\d{2}(?:\.\d+)?)/.exec(line);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)) + Number(s) * 1000;
}

/** The wall-clock seconds of a '| Time for this ... : 1.490 s  1.493 s' row (its second figure). */
export function wallSecondsOf(line: string): number | undefined {
  const match = /:\s*\(?\s*[-\d.Ee+]+\s*s\)?\s*\(?\s*([-\d.Ee+]+)\s*s/.exec(line);
  return match ? Number(match[1]) : undefined;
}

/** A '| Sum of eigenvalues  :  -755.97 Ha  -20571.05 eV' row as [name, eV]. */
export function componentOf(line: string): [string, number] | undefined {
  const match = /^\s*\|\s*([A-Za-z][^:|]*?)\s*:\s*[-\d.Ee+]+\s+Ha\s+([-\d.Ee+]+)\s+eV/.exec(line);
  return match ? [match[1]!, Number(match[2])] : undefined;
}

/**
 * 'atom x y z El' rows (and 'lattice_vector x y z', 'velocity vx vy vz') after a structure heading;
 * `end` is the last line read.
 */
export function readStructure(
  lines: readonly string[],
  from: number,
  species: readonly string[] | undefined,
  /** Read on over other keywords ('initial_moment') up to a '-----' rule, as in the geometry.in echo. */
  untilRule = false,
): { geometry: AimsGeometry; end: number } {
  const cell: Vec[] = [];
  const atoms: Vec[] = [];
  const names: string[] = [];
  const velocities: Vec[] = [];
  let i = from;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (line.startsWith('lattice_vector')) cell.push(numbersIn(line).slice(0, 3) as Vec);
    else if (/^atom\s/.test(line)) {
      const parts = line.split(/\s+/);
      atoms.push(parts.slice(1, 4).map(Number) as Vec);
      names.push(parts[4] ?? species?.[atoms.length - 1] ?? 'X');
    } else if (/^velocity\s/.test(line)) velocities.push(numbersIn(line).slice(0, 3) as Vec);
    else if (line === '' || /x \[A\]/.test(line)) continue;
    else if (untilRule && !/^-{10,}/.test(line)) continue;
    else break;
  }
  const geometry: AimsGeometry = { species: names, positions: atoms };
  if (cell.length === 3) geometry.cell = cell as [Vec, Vec, Vec];
  if (velocities.length === atoms.length && atoms.length > 0) geometry.velocities = velocities;
  return { geometry, end: i - 1 };
}

/**
 * The listing after 'Writing Kohn-Sham eigenvalues.': per spin ('Spin-up eigenvalues:') and k-point
 * ('K-point: 1 at x y z') a table 'State Occupation Eigenvalue [Ha] Eigenvalue [eV]'. Stops at the
 * first line that belongs to none of these; `end` is the last line read.
 */
export function readEigenvalues(
  lines: readonly string[],
  from: number,
): { eigenvalues: AimsEigenvalues; end: number } {
  const kpoints: Vec[] = [];
  const occupations: number[][][] = [[]];
  const energies: number[][][] = [[]];
  let spin = 0;
  let current: { occ: number[]; eig: number[] } | undefined;
  let i = from;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!;
    const row = /^\s+\d+\s+([-\d.Ee+]+)\s+[-\d.Ee+]+\s+([-\d.Ee+]+)\s*$/.exec(line);
    if (row) {
      if (!current) {
        current = { occ: [], eig: [] };
        occupations[spin]!.push(current.occ);
        energies[spin]!.push(current.eig);
      }
      current.occ.push(Number(row[1]));
      current.eig.push(Number(row[2]));
      continue;
    }
    if (/^\s*$/.test(line) || /State\s+Occupation\s+Eigenvalue/.test(line)) continue;
    const spinLine = /^\s*Spin-(up|down) eigenvalues:/.exec(line);
    if (spinLine) {
      spin = spinLine[1] === 'up' ? 0 : 1;
      occupations[spin] ??= [];
      energies[spin] ??= [];
      current = undefined;
      continue;
    }
    const kpoint = /^\s*K-point:\s*\d+\s+at\s+(.*)\(in units of recip/.exec(line);
    if (kpoint) {
      if (spin === 0) kpoints.push(numbersIn(kpoint[1]!).slice(0, 3) as Vec);
      current = undefined;
      continue;
    }
    break;
  }
  const eigenvalues: AimsEigenvalues = { occupations, energies };
  if (kpoints.length > 0) eigenvalues.kpoints = kpoints;
  return { eigenvalues, end: i - 1 };
}
