// VASP POSCAR/CONTCAR structure files: comment, scaling, lattice, species, counts, optional
// 'Selective dynamics', Direct/Cartesian positions. Lines after the positions (velocities,
// predictor-corrector data of a CONTCAR) are not needed for the structure and are ignored.
import {
  ANGSTROM,
  cellVolume,
  fractionalToCartesian,
  isElementSymbol,
  scaleMat3,
  scaleVec3,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import { type Structure } from '../structure.ts';
import { fortranReal } from '../text/numbers.ts';

export interface Poscar {
  comment: string;
  /** Element symbol per atom type, in file order. */
  types: string[];
  counts: number[];
  /** Where the type symbols came from: VASP 5 species line, or the comment of a VASP 4 file. */
  typesFrom: 'species line' | 'comment';
  coordinates: 'direct' | 'cartesian';
  /** Per-atom flags of 'Selective dynamics' (true = may move), when the file has them. */
  selectiveDynamics?: [boolean, boolean, boolean][];
  structure: Structure;
}

/** Leading numeric tokens of a line (stops at the first non-number, e.g. a trailing comment). */
function leadingNumbers(line: string): number[] {
  const out: number[] = [];
  for (const token of line.trim().split(/\s+/)) {
    const value = fortranReal(token);
    if (value === undefined) break;
    out.push(value);
  }
  return out;
}

/**
 * Element symbol of a POSCAR species name: 'Fe' -> 'Fe', 'Fe_pv' -> 'Fe', 'Si/3c4b1f9a' (VASP 6
 * writes the POTCAR hash) -> 'Si', 'O1' -> 'O'; case-insensitive ('SI' -> 'Si').
 */
export function speciesSymbol(name: string): string | undefined {
  const letters = /^([A-Za-z]{1,2})/.exec(name.split(/[_/.]/)[0] ?? '')?.[1];
  if (!letters) return undefined;
  const two = (letters[0] ?? '').toUpperCase() + letters.slice(1).toLowerCase();
  if (isElementSymbol(two)) return two;
  const one = two[0] ?? '';
  return isElementSymbol(one) && /^[A-Za-z][^A-Za-z]*$/.test(name.split(/[_/.]/)[0] ?? '') ? one : undefined;
}

/** Type symbols from a VASP 4 comment: 'Na Cl', 'Na4 Cl4' or a formula 'NaCl'; undefined if unclear. */
function typesFromComment(comment: string, nTypes: number): string[] | undefined {
  const tokens = comment
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  const bySpace = tokens.map((t) => /^([A-Z][a-z]?)\d*$/.exec(t)?.[1]);
  if (bySpace.length === nTypes && bySpace.every((s) => s !== undefined && isElementSymbol(s))) {
    return bySpace as string[];
  }
  if (tokens.length === 1) {
    const parts = [...(tokens[0] ?? '').matchAll(/([A-Z][a-z]?)\d*/g)].map((m) => m[1] ?? '');
    if (parts.join('').length > 0 && parts.length === nTypes && parts.every((s) => isElementSymbol(s))) {
      // Only accept when the whole token is a formula (no stray characters).
      if ((tokens[0] ?? '').replace(/([A-Z][a-z]?)\d*/g, '') === '') return parts;
    }
  }
  return undefined;
}

/** Reads a POSCAR/CONTCAR text; throws with the line number when the file is malformed. */
export function readPoscar(text: string): Poscar {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  const next = (what: string): string => {
    if (index >= lines.length) throw new Error(`POSCAR ends before line ${index + 1} (${what})`);
    return lines[index++] ?? '';
  };
  const fail = (lineNo: number, message: string): never => {
    throw new Error(`POSCAR line ${lineNo}: ${message}`);
  };

  const comment = next('comment').trim();
  if (lines.every((l) => l.trim() === '')) throw new Error('POSCAR file is empty');

  const scaleLine = next('scaling factor');
  const scale = leadingNumbers(scaleLine);
  if (scale.length !== 1 && scale.length !== 3) {
    fail(index, `expected the scaling factor (one number, or three), found '${scaleLine.trim()}'`);
  }
  if (scale.length === 1 && scale[0] === 0) fail(index, 'the scaling factor is zero');
  if (scale.length === 3 && scale.some((s) => s <= 0)) {
    fail(index, 'three scaling factors must all be positive');
  }

  const rows: Vec3[] = [];
  for (let k = 0; k < 3; k++) {
    const line = next(`lattice vector ${k + 1}`);
    const values = leadingNumbers(line);
    if (values.length < 3)
      fail(index, `expected lattice vector ${k + 1} (three numbers), found '${line.trim()}'`);
    rows.push([values[0] ?? 0, values[1] ?? 0, values[2] ?? 0]);
  }
  const raw = rows as Mat3;

  // VASP 5 has a line of species names before the counts; VASP 4 goes straight to the counts.
  let typesLine = next('species names or counts');
  let typesFrom: Poscar['typesFrom'] = 'species line';
  let names: string[] | undefined;
  const first = typesLine.trim().split(/\s+/)[0] ?? '';
  if (!/^\d+$/.test(first)) {
    names = typesLine.trim().split(/\s+/);
    typesLine = next('atom counts');
  }
  const countsLineNo = index;
  const countTokens = typesLine.trim().split(/\s+/);
  const counts: number[] = [];
  for (const token of countTokens) {
    if (!/^\d+$/.test(token)) break;
    counts.push(Number(token));
  }
  if (counts.length === 0)
    fail(countsLineNo, `expected the number of atoms per species, found '${typesLine.trim()}'`);
  if (counts.some((c) => c <= 0)) fail(countsLineNo, 'atom counts must be positive');

  let types: string[];
  if (names) {
    if (names.length !== counts.length) {
      fail(
        countsLineNo,
        `${names.length} species names (line ${countsLineNo - 1}) but ${counts.length} atom counts`,
      );
    }
    types = names.map((name) => {
      const symbol = speciesSymbol(name);
      if (!symbol) fail(countsLineNo - 1, `'${name}' is not a chemical element symbol`);
      return symbol as string;
    });
  } else {
    const fromComment = typesFromComment(comment, counts.length);
    if (!fromComment) {
      throw new Error(
        `POSCAR has no species line (VASP 4 format) and its comment line does not name ${counts.length} ` +
          'element(s); the species cannot be known',
      );
    }
    types = fromComment;
    typesFrom = 'comment';
  }

  let modeLine = next('coordinate mode');
  let selective = false;
  if (/^\s*s/i.test(modeLine)) {
    selective = true;
    modeLine = next('coordinate mode');
  }
  const mode = modeLine.trim();
  if (mode === '') fail(index, "expected 'Direct' or 'Cartesian', found an empty line");
  // VASP reads only the first character: C/K mean Cartesian, anything else direct.
  const coordinates: Poscar['coordinates'] = /^[ck]/i.test(mode) ? 'cartesian' : 'direct';

  const nAtoms = counts.reduce((a, b) => a + b, 0);
  const coords: Vec3[] = [];
  const flags: [boolean, boolean, boolean][] = [];
  for (let n = 0; n < nAtoms; n++) {
    if (index >= lines.length || (lines[index] ?? '').trim() === '') {
      throw new Error(
        `POSCAR declares ${nAtoms} atoms but has only ${n} position lines (from line ${index - n + 1})`,
      );
    }
    const line = next('positions');
    const tokens = line.trim().split(/\s+/);
    const values = tokens.slice(0, 3).map(fortranReal);
    if (values.some((v) => v === undefined))
      fail(index, `expected three coordinates, found '${line.trim()}'`);
    coords.push(values as Vec3);
    if (selective) {
      const f = tokens.slice(3, 6).map((t) => t.toUpperCase());
      if (f.length !== 3 || f.some((t) => t !== 'T' && t !== 'F')) {
        fail(
          index,
          `expected three T/F selective-dynamics flags after the coordinates, found '${line.trim()}'`,
        );
      }
      flags.push([f[0] === 'T', f[1] === 'T', f[2] === 'T']);
    }
  }

  // Scaling: one positive factor multiplies everything, a negative one is the target volume (Å^3),
  // three factors scale the x, y, z Cartesian components (lattice and Cartesian positions).
  let lattice: Mat3;
  let scalePosition: (p: Vec3) => Vec3;
  if (scale.length === 3) {
    const s = scale as Vec3;
    const byAxis = (v: Vec3): Vec3 => [v[0] * s[0], v[1] * s[1], v[2] * s[2]];
    lattice = [byAxis(raw[0]), byAxis(raw[1]), byAxis(raw[2])];
    scalePosition = byAxis;
  } else {
    const value = scale[0] ?? 1;
    const rawVolume = cellVolume(raw);
    if (!(rawVolume > 1e-12))
      throw new Error('POSCAR lattice vectors are linearly dependent (cell volume is zero)');
    const factor = value > 0 ? value : Math.cbrt(-value / rawVolume);
    lattice = scaleMat3(raw, factor);
    scalePosition = (p) => scaleVec3(p, factor);
  }
  if (!(cellVolume(lattice) > 1e-12)) {
    throw new Error('POSCAR lattice vectors are linearly dependent (cell volume is zero)');
  }

  const positions = coords.map((c) =>
    scaleVec3(coordinates === 'cartesian' ? scalePosition(c) : fractionalToCartesian(c, lattice), ANGSTROM),
  );
  const species = types.flatMap((symbol, i) => Array<string>(counts[i] ?? 0).fill(symbol));
  const result: Poscar = {
    comment,
    types,
    counts,
    typesFrom,
    coordinates,
    structure: {
      species,
      positions,
      lattice: scaleMat3(lattice, ANGSTROM),
      periodic: [true, true, true],
    },
  };
  if (selective) result.selectiveDynamics = flags;
  return result;
}
