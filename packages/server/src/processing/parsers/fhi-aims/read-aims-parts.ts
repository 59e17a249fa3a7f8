// Pieces of an FHI-aims main output read the same way wherever they appear: the 'Date/Time' stamps, the
// 'Total energy components' rows, structure blocks with velocities and the Kohn-Sham eigenvalue listing.
import { numbersIn } from '../../text/numbers.ts';
import type { Convert, Parsed } from '../../text/rules.ts';
import { blocks, every, fields, first, real, tables, text } from '../../text/rules.ts';

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
function clockOf(line: string): number | undefined {
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
  const match = COMPONENT.exec(line);
  return match ? [match[1]!.trimEnd(), Number(match[2])] : undefined;
}

// The name runs to the first colon (greedy: a lazy name followed by optional spaces backtracks over the padding).
const COMPONENT = /^\s*\|\s*([A-Za-z][^:|]*):\s*[-\d.Ee+]+\s+Ha\s+([-\d.Ee+]+)\s+eV/;

// Conversions shared by the declarations of the output.

/** The line's clock ('Date : ..., Time : ...'), ms. */
export const clock: Convert<number> = (match) => clockOf(match.input);
/** The line's wall-clock seconds, kept also when there are none: such a line still ends the wait for one. */
export const wall: Convert<{ seconds?: number }> = (match) => ({ seconds: wallSecondsOf(match.input) });
/** The first number of group `group`. */
export const firstNumber =
  (group = 0): Convert<number> =>
  (match) =>
    numbersIn(match[group] ?? '')[0];
/** The first three numbers of group `group` (fewer when the line has fewer). */
export const xyz =
  (group = 1): Convert<Vec> =>
  (match) =>
    numbersIn(match[group] ?? '').slice(0, 3) as Vec;
/** An energy component row as its name and eV. */
export const component = { pattern: COMPONENT, convert: fields({ name: text(1), value: real(2) }) };

// Structure blocks: 'lattice_vector x y z', 'atom x y z El' and 'velocity vx vy vz' rows after a heading.

export interface StructureRow {
  kind: 'lattice_vector' | 'atom' | 'velocity';
  xyz: Vec;
  name?: string;
}

/** A row of a structure block; blank lines and the 'x [A]' column heading belong to the block too. */
export const STRUCTURE_ROW = /^\s*(?:(lattice_vector|atom(?=\s)|velocity(?=\s))(.*)|.*x \[A\].*|)$/;
/** The rows of the geometry.in echo: every line up to a '-----' rule (other keywords are passed over). */
export const ECHO_ROW = /^(?!\s*-{10,})/;

/** A structure row of the line; undefined for the other lines of a block. */
export const structureRow: Convert<StructureRow> = (match) => {
  const row = STRUCTURE_ROW.exec(match.input);
  const kind = row?.[1] as StructureRow['kind'] | undefined;
  if (!kind) return undefined;
  if (kind !== 'atom') return { kind, xyz: numbersIn(row![2]!).slice(0, 3) as Vec };
  const parts = row![2]!.trim().split(/\s+/);
  return { kind, xyz: parts.slice(0, 3).map(Number) as Vec, ...(parts[3] ? { name: parts[3] } : {}) };
};

/** A structure from its rows; atoms without a name take the one of the same index in `species`. */
export function geometryOf(rows: readonly StructureRow[], species?: readonly string[]): AimsGeometry {
  const of = (kind: StructureRow['kind']) => rows.filter((row) => row.kind === kind).map((row) => row.xyz);
  const atoms = rows.filter((row) => row.kind === 'atom');
  const geometry: AimsGeometry = {
    species: atoms.map((atom, k) => atom.name ?? species?.[k] ?? 'X'),
    positions: atoms.map((atom) => atom.xyz),
  };
  const cell = of('lattice_vector');
  const velocities = of('velocity');
  if (cell.length === 3) geometry.cell = cell as [Vec, Vec, Vec];
  if (velocities.length === atoms.length && atoms.length > 0) geometry.velocities = velocities;
  return geometry;
}

// The listing after 'Writing Kohn-Sham eigenvalues.': per spin ('Spin-up eigenvalues:') and k-point
// ('K-point: 1 at x y z') a table 'State Occupation Eigenvalue [Ha] Eigenvalue [eV]'.

const SPIN = /^\s*Spin-(up|down) eigenvalues:/;
const KPOINT = /^\s*K-point:\s*\d+\s+at\s+(.*)\(in units of recip/;
const STATES = /^\s*State\s+Occupation\s+Eigenvalue/;
const STATE = /^\s+\d+\s+([-\d.Ee+]+)\s+[-\d.Ee+]+\s+([-\d.Ee+]+)\s*$/;
/** The first line that belongs to none of a listing's parts ends it (rows, the most frequent, first). */
export const LISTING_END =
  /^(?!\s+\d+\s+[-\d.Ee+]+\s+[-\d.Ee+]+\s+[-\d.Ee+]+\s*$|\s*$|\s*State\s+Occupation\s+Eigenvalue|\s*Spin-(?:up|down) eigenvalues:|\s*K-point:\s*\d+\s+at\s+.*\(in units of recip)/;

/** The row's occupation and eV (the pattern admits only number characters; the output prints no D). */
const state: Convert<[number, number]> = (match) => [Number(match[1]), Number(match[2])];
const counted = () => true;

export const LISTING = {
  tables: tables(STATES, STATE, state),
  kpoints: every(KPOINT, xyz()),
  // Which of the tables and k-points belong to which spin.
  spins: blocks(SPIN, {
    spin: first(SPIN, text()),
    tables: every(STATES, counted),
    kpoints: every(KPOINT, counted),
  }),
};

type Listing = Parsed<typeof LISTING>;

/** Consecutive parts of `items`, of the given lengths. */
const split = <T>(items: readonly T[], lengths: readonly number[]): T[][] =>
  lengths.map((length, k) => {
    const offset = lengths.slice(0, k).reduce((sum, n) => sum + n, 0);
    return items.slice(offset, offset + length);
  });

export function eigenvaluesOf(listing: Listing): AimsEigenvalues {
  const spins =
    listing.spins.length > 0
      ? listing.spins
      : [{ spin: 'up', tables: listing.tables, kpoints: listing.kpoints }];
  const tablesBySpin = split(
    listing.tables,
    spins.map((part) => part.tables.length),
  );
  const kpointsBySpin = split(
    listing.kpoints,
    spins.map((part) => part.kpoints.length),
  );
  // A k-point without states has no table.
  const of = (spin: string) =>
    tablesBySpin
      .filter((_, k) => spins[k]!.spin === spin)
      .flat()
      .filter((rows) => rows.length > 0);
  const down = spins.some((part) => part.spin === 'down');
  const bySpin = [of('up'), ...(down ? [of('down')] : [])];
  const kpoints = kpointsBySpin.filter((_, k) => spins[k]!.spin === 'up').flat();
  return {
    occupations: bySpin.map((tables) => tables.map((rows) => rows.map((row) => row[0]))),
    energies: bySpin.map((tables) => tables.map((rows) => rows.map((row) => row[1]))),
    ...(kpoints.length > 0 ? { kpoints } : {}),
  };
}
