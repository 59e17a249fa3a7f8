// A small CIF reader for previews: the first data block's cell, its atom sites (fractional or
// Cartesian) and its symmetry operations, applied so that every atom of the cell is drawn.
import { inverse, toCartesian, toFractional } from './geometry.ts';
import type { Mat3, Vec3, ViewerStructure } from './types.ts';

type Values = Map<string, string[]>;

/** Tokens of CIF text: quoted strings, semicolon text fields, and bare words; comments dropped. */
function tokens(text: string): string[] {
  const out: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.startsWith(';')) {
      const field = [line.slice(1)];
      while (++n < lines.length && !lines[n]!.startsWith(';')) field.push(lines[n]!);
      out.push(field.join('\n').trim());
      continue;
    }
    const re = /'((?:[^']|'(?=\S))*)'(?=\s|$)|"((?:[^"]|"(?=\S))*)"(?=\s|$)|(#.*$)|(\S+)/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      if (m[3] !== undefined) break;
      out.push(m[1] ?? m[2] ?? m[4]!);
    }
  }
  return out;
}

/** Tags (lower case) and their values (one for single items, a column for loops) of the first block. */
function firstBlock(text: string): Values {
  const values: Values = new Map();
  const t = tokens(text);
  let i = 0;
  let seenBlock = false;
  while (i < t.length) {
    const token = t[i]!;
    const lower = token.toLowerCase();
    if (lower.startsWith('data_')) {
      if (seenBlock) break;
      seenBlock = true;
      i++;
    } else if (lower === 'loop_') {
      const tags: string[] = [];
      i++;
      while (i < t.length && t[i]!.startsWith('_')) tags.push(t[i++]!.toLowerCase());
      const columns = tags.map(() => [] as string[]);
      let k = 0;
      while (i < t.length && !t[i]!.startsWith('_') && !/^(loop_|data_)/i.test(t[i]!)) {
        columns[k % tags.length]!.push(t[i++]!);
        k++;
      }
      tags.forEach((tag, c) => values.set(tag, columns[c]!));
    } else if (token.startsWith('_')) {
      values.set(lower, [t[i + 1] ?? '']);
      i += 2;
    } else {
      i++;
    }
  }
  return values;
}

/** A CIF number: the standard uncertainty in brackets is dropped ('5.640(2)' is 5.640). */
function cifNumber(value: string | undefined): number | undefined {
  if (value === undefined || value === '?' || value === '.') return undefined;
  const x = Number(value.replace(/\(\d+\)$/, ''));
  return Number.isFinite(x) ? x : undefined;
}

function cellOf(values: Values): Mat3 {
  const p = ['a', 'b', 'c'].map((k) => cifNumber(values.get(`_cell_length_${k}`)?.[0]));
  const angles = ['alpha', 'beta', 'gamma'].map((k) => cifNumber(values.get(`_cell_angle_${k}`)?.[0]) ?? 90);
  if (p.some((x) => x === undefined || x <= 0)) throw new Error('The CIF file has no cell.');
  const [a, b, c] = p as number[];
  const [ca, cb, cg] = angles.map((x) => (Math.abs(x! - 90) < 1e-10 ? 0 : Math.cos((x! * Math.PI) / 180)));
  const sg = Math.sin((angles[2]! * Math.PI) / 180);
  const cy = (ca! - cb! * cg!) / sg;
  const cz = Math.sqrt(Math.max(0, 1 - cb! * cb! - cy * cy));
  return [
    [a!, 0, 0],
    [b! * cg!, b! * sg, 0],
    [c! * cb!, c! * cy, c! * cz],
  ];
}

type Operation = (f: Vec3) => Vec3;

/** 'x+1/2,-y,z' as a function of fractional coordinates. */
function operation(text: string): Operation {
  const parts = text.toLowerCase().replace(/\s+/g, '').split(',');
  if (parts.length !== 3) throw new Error(`Bad symmetry operation '${text}'.`);
  const terms = parts.map((part) => {
    const coefficients: [number, number, number, number] = [0, 0, 0, 0];
    for (const m of part.matchAll(/([+-]?)(\d*\.?\d*(?:\/\d+)?)\*?([xyz]?)/g)) {
      if (!m[0]) continue;
      const sign = m[1] === '-' ? -1 : 1;
      const [num, den] = (m[2] || '1').split('/');
      const value = (sign * Number(num || '1')) / Number(den ?? '1');
      const axis = m[3] ? 'xyz'.indexOf(m[3]) : 3;
      coefficients[axis] = coefficients[axis]! + value;
    }
    return coefficients;
  });
  return (f) => terms.map((c) => c[0] * f[0] + c[1] * f[1] + c[2] * f[2] + c[3]) as Vec3;
}

/** The element of a type symbol or label: 'Na1' is Na, 'O2-' is O. */
function elementOf(symbol: string): string {
  const m = /^([A-Z][a-z]?)/.exec(
    symbol.replace(/^[^A-Za-z]+/, '').replace(/^[a-z]/, (c) => c.toUpperCase()),
  );
  return m?.[1] ?? 'X';
}

const TOLERANCE = 1e-3;

function samePosition(u: Vec3, v: Vec3): boolean {
  return u.every((x, k) => {
    const d = Math.abs(x - v[k]!);
    return Math.min(d, 1 - d) < TOLERANCE;
  });
}

/** The cell and all atoms of the first data block; throws when there is no cell or no site. */
export function readCif(text: string): ViewerStructure {
  const values = firstBlock(text);
  const lattice = cellOf(values);
  const inv = inverse(lattice);
  const symbols = values.get('_atom_site_type_symbol') ?? values.get('_atom_site_label');
  const fx = values.get('_atom_site_fract_x');
  const cx = values.get('_atom_site_cartn_x');
  if (!symbols?.length || (!fx && !cx)) throw new Error('The CIF file has no atom sites.');
  const sites: { element: string; f: Vec3 }[] = [];
  symbols.forEach((symbol, i) => {
    const read = (tag: string) => cifNumber(values.get(tag)?.[i]);
    const f: (number | undefined)[] = fx
      ? ['x', 'y', 'z'].map((k) => read(`_atom_site_fract_${k}`))
      : ['x', 'y', 'z'].map((k) => read(`_atom_site_cartn_${k}`));
    if (f.some((x) => x === undefined)) return;
    const frac = fx ? (f as Vec3) : toFractional(f as Vec3, inv);
    sites.push({ element: elementOf(symbol), f: frac });
  });
  const opsText = values.get('_symmetry_equiv_pos_as_xyz') ?? values.get('_space_group_symop_operation_xyz');
  const ops = (opsText?.length ? opsText : ['x,y,z']).map(operation);
  const species: string[] = [];
  const fractional: Vec3[] = [];
  for (const site of sites) {
    const placed: Vec3[] = [];
    for (const op of ops) {
      const g = op(site.f).map((x) => x - Math.floor(x)) as Vec3;
      if (placed.some((p) => samePosition(p, g))) continue;
      placed.push(g);
      species.push(site.element);
      fractional.push(g);
    }
  }
  if (species.length === 0) throw new Error('The CIF file has no atom sites.');
  return {
    species,
    positions: fractional.map((f) => toCartesian(f, lattice)),
    lattice,
    periodic: [true, true, true],
  };
}
