// XYZ files: one or more frames of 'count / comment / symbol x y z' lines. The comment of ASE's
// extended XYZ carries key=value pairs (Lattice, Properties, pbc, energy); CP2K's trajectory files
// carry 'i = ..., time = ..., E = ...' with the energy in Hartree.
import { ELECTRON_VOLT, ELEMENT_SYMBOLS, HARTREE, isElementSymbol, type Mat3, type Vec3 } from '@oasis/chem';
import { fortranReal } from '../text/numbers.ts';

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
    return z >= 1 && z < ELEMENT_SYMBOLS.length ? ELEMENT_SYMBOLS[z] : undefined;
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

/** Caps that bound the memory of one XYZ file, however long the trajectory. */
export interface XyzLimits {
  /** Frames kept; later frames are not read. */
  maxFrames: number;
  /** Atoms kept over all frames; a first frame above it fails the file. */
  maxAtoms: number;
}

const DEFAULT_XYZ_LIMITS: XyzLimits = { maxFrames: 10_000, maxAtoms: 200_000 };

/** Frames read, and why reading stopped before the end of the file (a WARNING), if it did. */
export interface XyzRead {
  frames: XyzFrame[];
  truncated?: string;
}

interface OpenFrame {
  frame: XyzFrame;
  count: number;
  layout: FrameLayout;
  forces: Vec3[];
}

/**
 * Reads an XYZ file line by line (so a file can be streamed), one frame after another; throws with the
 * line number when the file is malformed. `line()` says whether more lines are wanted: false once the
 * frame or atom cap is reached.
 */
export class XyzReader {
  private readonly frames: XyzFrame[] = [];
  private lineNo = 0;
  private atoms = 0;
  private state: 'count' | 'comment' | 'atoms' = 'count';
  private open: OpenFrame | undefined;
  private countLine = 0;
  private declared = 0;
  private truncated: string | undefined;

  constructor(private readonly limits: XyzLimits = DEFAULT_XYZ_LIMITS) {}

  line(text: string): boolean {
    this.lineNo++;
    if (this.state === 'count') return this.startFrame(text);
    if (this.state === 'comment') {
      this.readComment(text);
      return true;
    }
    this.readAtom(text);
    return true;
  }

  finish(): XyzRead {
    const n = this.frames.length + 1;
    if (this.state === 'comment')
      throw new Error(`XYZ frame ${n} (line ${this.countLine}) has no comment line`);
    if (this.state === 'atoms') throw this.missingAtoms();
    if (this.frames.length === 0) throw new Error('XYZ file is empty');
    return this.truncated ? { frames: this.frames, truncated: this.truncated } : { frames: this.frames };
  }

  private startFrame(text: string): boolean {
    // Blank lines between frames (and at the end) are tolerated.
    const countText = text.trim();
    if (countText === '') return true;
    const n = this.frames.length + 1;
    if (!/^\d+$/.test(countText)) {
      throw new Error(`XYZ line ${this.lineNo}: expected the atom count of frame ${n}, found '${countText}'`);
    }
    const count = Number(countText);
    if (count === 0) throw new Error(`XYZ line ${this.lineNo}: frame ${n} has no atoms`);
    const { maxFrames, maxAtoms } = this.limits;
    if (this.frames.length === 0 && count > maxAtoms) {
      throw new Error(
        `XYZ line ${this.lineNo}: frame 1 declares ${count} atoms, more than the limit of ${maxAtoms} atoms per file`,
      );
    }
    if (this.frames.length >= maxFrames || this.atoms + count > maxAtoms) {
      const kept = this.frames.length;
      this.truncated =
        `XYZ file has more frames than are kept: only the first ${kept} ${kept === 1 ? 'frame' : 'frames'} ` +
        `(${this.atoms} atoms) are read, the limits being ${maxFrames} frames and ${maxAtoms} atoms per file`;
      return false;
    }
    this.countLine = this.lineNo;
    this.declared = count;
    this.state = 'comment';
    return true;
  }

  private readComment(text: string): void {
    const comment = text.trim();
    const pairs = isExtended(comment) ? readExtxyzComment(comment) : undefined;
    const layout = layoutOf(comment, this.lineNo);
    const frame: XyzFrame = {
      comment,
      species: [],
      labels: [],
      positions: [],
      periodic: [false, false, false],
      line: this.countLine,
      ...(pairs ? readCell(pairs, this.lineNo) : {}),
    };
    const energy = energyOf(comment, pairs);
    if (energy !== undefined) frame.energy = energy;
    const time = pairs ? undefined : fortranReal(/(?:^|,)\s*time\s*=\s*([^\s,]+)/.exec(comment)?.[1]);
    if (time !== undefined) frame.time = time;
    this.open = { frame, count: this.declared, layout, forces: [] };
    this.state = 'atoms';
  }

  private missingAtoms(): Error {
    const open = this.open as OpenFrame;
    return new Error(
      `XYZ frame ${this.frames.length + 1} (line ${this.countLine}) declares ${open.count} atoms but has only ${open.frame.species.length} atom lines`,
    );
  }

  private readAtom(text: string): void {
    const open = this.open as OpenFrame;
    const { frame, layout } = open;
    const lineNo = this.lineNo;
    if (text.trim() === '') throw this.missingAtoms();
    const tokens = text.trim().split(/\s+/);
    if (tokens.length < layout.nColumns) {
      throw new Error(`XYZ line ${lineNo}: expected ${layout.nColumns} columns, found ${tokens.length}`);
    }
    const name = tokens[layout.species.start] ?? '';
    const symbol = symbolOf(name);
    if (!symbol) throw new Error(`XYZ line ${lineNo}: '${name}' is not a chemical element`);
    const p = tokens.slice(layout.positions.start, layout.positions.start + 3).map(fortranReal);
    if (p.some((v) => v === undefined)) {
      throw new Error(`XYZ line ${lineNo}: expected three coordinates, found '${tokens.join(' ')}'`);
    }
    frame.labels.push(name);
    frame.species.push(symbol);
    frame.positions.push(p as Vec3);
    if (layout.forces) {
      const f = tokens.slice(layout.forces.start, layout.forces.start + 3).map(fortranReal);
      if (f.some((v) => v === undefined)) throw new Error(`XYZ line ${lineNo}: forces are not numbers`);
      open.forces.push(f as Vec3);
    }
    if (frame.species.length < open.count) return;
    if (layout.forces) frame.forces = open.forces;
    this.frames.push(frame);
    this.atoms += open.count;
    this.open = undefined;
    this.state = 'count';
  }
}

/** Reads the frames of a whole XYZ text (within `limits`); throws when the file is malformed. */
export function readXyz(text: string, limits: XyzLimits = DEFAULT_XYZ_LIMITS): XyzFrame[] {
  return readXyzText(text, limits).frames;
}

/** readXyz with the note on frames left out. */
export function readXyzText(text: string, limits: XyzLimits = DEFAULT_XYZ_LIMITS): XyzRead {
  const reader = new XyzReader(limits);
  for (const line of text.split(/\r\n|\r|\n/)) if (!reader.line(line)) break;
  return reader.finish();
}
