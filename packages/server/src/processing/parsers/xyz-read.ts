// XYZ files: one or more frames of 'count / comment / symbol x y z' lines. The comment of ASE's
// extended XYZ carries key=value pairs (Lattice, Properties, pbc, energy); CP2K's trajectory files
// carry 'i = ..., time = ..., E = ...' with the energy in Hartree.
import { CHEMICAL_SYMBOLS, isElementSymbol } from '../elements.ts';
import type { Mat3, Vec3 } from '../structure.ts';
import { ELECTRON_VOLT } from '../units.ts';
import { fortranReal } from './fortran-number.ts';

/** Joules per Hartree (CODATA 2018). */
export const HARTREE = 4.3597447222071e-18;

export interface XyzFrame {
  comment: string;
  /** Element symbol per atom. */
  species: string[];
  /** Atom names as written (a symbol such as 'Si', or an atomic number). */
  labels: string[];
  /** Cartesian positions in Å. */
  positions: Vec3[];
  /** Lattice vectors (rows) in Å, when the extended XYZ comment gives them. */
  lattice?: Mat3;
  periodic: [boolean, boolean, boolean];
  /** Potential energy of the frame in J, when the comment states it in a known unit. */
  energy?: number;
  /** Simulation time of the frame in fs, when the comment states it (CP2K trajectories). */
  time?: number;
  /** Forces in eV/Å, when the extended XYZ properties list them. */
  forces?: Vec3[];
  /** 1-based line number of the frame's atom count. */
  line: number;
}

/** key=value pairs of an extended XYZ comment; quoted and {braced} values may hold spaces. */
export function readExtxyzComment(comment: string): Map<string, string> {
  const pairs = new Map<string, string>();
  const pattern = /([A-Za-z_][\w-]*)\s*(?:=\s*("(?:[^"\\]|\\.)*"|\{[^}]*\}|[^\s"]+))?/g;
  for (const m of comment.matchAll(pattern)) {
    const key = m[1] ?? '';
    let value = m[2];
    if (value === undefined) {
      // A bare key is a flag (ASE reads it as True).
      value = 'T';
    } else if (value.startsWith('"') || value.startsWith('{')) {
      value = value.slice(1, -1);
    }
    pairs.set(key.toLowerCase(), value);
  }
  return pairs;
}

function isExtended(comment: string): boolean {
  return /(^|\s)(Lattice|Properties)\s*=/i.test(comment);
}

function booleanToken(token: string): boolean | undefined {
  const t = token.toUpperCase();
  if (t === 'T' || t === 'TRUE' || t === '1') return true;
  if (t === 'F' || t === 'FALSE' || t === '0') return false;
  return undefined;
}

interface Column {
  name: string;
  type: string;
  start: number;
  width: number;
}

function readProperties(value: string, lineNo: number): Column[] {
  const parts = value.split(':');
  if (parts.length % 3 !== 0) {
    throw new Error(`XYZ line ${lineNo}: Properties '${value}' is not a list of name:type:count triples`);
  }
  const columns: Column[] = [];
  let start = 0;
  for (let i = 0; i < parts.length; i += 3) {
    const width = Number(parts[i + 2]);
    if (!Number.isInteger(width) || width < 1) {
      throw new Error(
        `XYZ line ${lineNo}: Properties column '${parts[i]}' has an invalid count '${parts[i + 2]}'`,
      );
    }
    columns.push({
      name: (parts[i] ?? '').toLowerCase(),
      type: (parts[i + 1] ?? '').toUpperCase(),
      start,
      width,
    });
    start += width;
  }
  return columns;
}

/** Element symbol of an atom name: 'Si', 'SI', 'si', 'Si1', 'C_2', or an atomic number '14'. */
export function symbolOf(name: string): string | undefined {
  if (/^\d+$/.test(name)) {
    const z = Number(name);
    return z >= 1 && z < CHEMICAL_SYMBOLS.length ? CHEMICAL_SYMBOLS[z] : undefined;
  }
  const letters = /^([A-Za-z]{1,2})(?:\d*|_.*)$/.exec(name)?.[1];
  if (!letters) return undefined;
  // No single-letter fallback for two letters: 'Cx' or 'Ow' would silently become C or O.
  const symbol = (letters[0] ?? '').toUpperCase() + letters.slice(1).toLowerCase();
  return isElementSymbol(symbol) ? symbol : undefined;
}

interface FrameLayout {
  species: Column;
  positions: Column;
  forces?: Column;
  nColumns: number;
}

function layoutOf(comment: string, lineNo: number): FrameLayout {
  const plain: FrameLayout = {
    species: { name: 'species', type: 'S', start: 0, width: 1 },
    positions: { name: 'pos', type: 'R', start: 1, width: 3 },
    nColumns: 4,
  };
  if (!isExtended(comment)) return plain;
  const properties = readExtxyzComment(comment).get('properties');
  if (properties === undefined) return plain;
  const columns = readProperties(properties, lineNo);
  const find = (...names: string[]): Column | undefined => columns.find((c) => names.includes(c.name));
  const species = find('species', 'z');
  const positions = find('pos', 'positions');
  if (!species || !positions || positions.width !== 3) {
    throw new Error(
      `XYZ line ${lineNo}: Properties must name a species (or Z) column and a 3-column pos column`,
    );
  }
  const layout: FrameLayout = {
    species,
    positions,
    nColumns: columns.reduce((n, c) => n + c.width, 0),
  };
  const forces = find('forces', 'force');
  if (forces && forces.width === 3) layout.forces = forces;
  return layout;
}

function readCell(
  pairs: Map<string, string>,
  lineNo: number,
): { lattice?: Mat3; periodic: [boolean, boolean, boolean] } {
  const latticeText = pairs.get('lattice');
  let lattice: Mat3 | undefined;
  if (latticeText !== undefined) {
    const values = latticeText
      .trim()
      .split(/[\s,]+/)
      .map(fortranReal);
    if (values.length !== 9 || values.some((v) => v === undefined)) {
      throw new Error(`XYZ line ${lineNo}: Lattice must hold nine numbers, found '${latticeText}'`);
    }
    const v = values as number[];
    lattice = [
      [v[0]!, v[1]!, v[2]!],
      [v[3]!, v[4]!, v[5]!],
      [v[6]!, v[7]!, v[8]!],
    ];
  }
  const pbcText = pairs.get('pbc');
  // ASE: a Lattice without pbc means periodic in all directions; no Lattice means not periodic.
  let periodic: [boolean, boolean, boolean] = lattice ? [true, true, true] : [false, false, false];
  if (pbcText !== undefined) {
    const flags = pbcText
      .trim()
      .split(/[\s,]+/)
      .map(booleanToken);
    const all = flags.length === 1 ? [flags[0], flags[0], flags[0]] : flags;
    if (all.length !== 3 || all.some((f) => f === undefined)) {
      throw new Error(`XYZ line ${lineNo}: pbc must be three T/F flags, found '${pbcText}'`);
    }
    periodic = all as [boolean, boolean, boolean];
  }
  if (!lattice && periodic.some((p) => p)) {
    throw new Error(`XYZ line ${lineNo}: pbc declares periodicity but no Lattice is given`);
  }
  return lattice ? { lattice, periodic } : { periodic };
}

/** Frame energy in J: extended XYZ 'energy' is in eV (ASE), CP2K's 'E =' in Hartree. */
function energyOf(comment: string, pairs: Map<string, string> | undefined): number | undefined {
  if (pairs) {
    const value = fortranReal(pairs.get('energy'));
    return value === undefined ? undefined : value * ELECTRON_VOLT;
  }
  const cp2k = /^\s*i\s*=\s*\d+\s*,\s*time\s*=\s*\S+\s*,\s*E\s*=\s*(\S+)\s*$/.exec(comment);
  const value = fortranReal(cp2k?.[1]);
  return value === undefined ? undefined : value * HARTREE;
}

/** Reads all frames of an XYZ text; throws with the line number when the file is malformed. */
export function readXyz(text: string): XyzFrame[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const frames: XyzFrame[] = [];
  let i = 0;
  for (;;) {
    // Blank lines between frames (and at the end) are tolerated.
    while (i < lines.length && (lines[i] ?? '').trim() === '') i++;
    if (i >= lines.length) break;
    const countLine = (lines[i] ?? '').trim();
    const lineNo = i + 1;
    if (!/^\d+$/.test(countLine)) {
      throw new Error(
        `XYZ line ${lineNo}: expected the atom count of frame ${frames.length + 1}, found '${countLine}'`,
      );
    }
    const count = Number(countLine);
    if (count === 0) throw new Error(`XYZ line ${lineNo}: frame ${frames.length + 1} has no atoms`);
    if (i + 1 >= lines.length)
      throw new Error(`XYZ frame ${frames.length + 1} (line ${lineNo}) has no comment line`);
    const comment = (lines[i + 1] ?? '').trim();
    const extended = isExtended(comment);
    const pairs = extended ? readExtxyzComment(comment) : undefined;
    const layout = layoutOf(comment, lineNo + 1);
    const frame: XyzFrame = {
      comment,
      species: [],
      labels: [],
      positions: [],
      periodic: [false, false, false],
      line: lineNo,
      ...(pairs ? readCell(pairs, lineNo + 1) : {}),
    };
    const energy = energyOf(comment, pairs);
    if (energy !== undefined) frame.energy = energy;
    const time = pairs ? undefined : fortranReal(/(?:^|,)\s*time\s*=\s*([^\s,]+)/.exec(comment)?.[1]);
    if (time !== undefined) frame.time = time;
    const forces: Vec3[] = [];
    for (let n = 0; n < count; n++) {
      const atomLineNo = i + 3 + n;
      if (atomLineNo > lines.length || (lines[atomLineNo - 1] ?? '').trim() === '') {
        throw new Error(
          `XYZ frame ${frames.length + 1} (line ${lineNo}) declares ${count} atoms but has only ${n} atom lines`,
        );
      }
      const tokens = (lines[atomLineNo - 1] ?? '').trim().split(/\s+/);
      if (tokens.length < layout.nColumns) {
        throw new Error(
          `XYZ line ${atomLineNo}: expected ${layout.nColumns} columns, found ${tokens.length}`,
        );
      }
      const name = tokens[layout.species.start] ?? '';
      const symbol = symbolOf(name);
      if (!symbol) throw new Error(`XYZ line ${atomLineNo}: '${name}' is not a chemical element`);
      const p = tokens.slice(layout.positions.start, layout.positions.start + 3).map(fortranReal);
      if (p.some((v) => v === undefined)) {
        throw new Error(`XYZ line ${atomLineNo}: expected three coordinates, found '${tokens.join(' ')}'`);
      }
      frame.labels.push(name);
      frame.species.push(symbol);
      frame.positions.push(p as Vec3);
      if (layout.forces) {
        const f = tokens.slice(layout.forces.start, layout.forces.start + 3).map(fortranReal);
        if (f.some((v) => v === undefined)) throw new Error(`XYZ line ${atomLineNo}: forces are not numbers`);
        forces.push(f as Vec3);
      }
    }
    if (layout.forces) frame.forces = forces;
    frames.push(frame);
    i += 2 + count;
  }
  if (frames.length === 0) throw new Error('XYZ file is empty');
  return frames;
}
