// What a Wannier90 .wout says, in its units (Å, Å⁻¹, eV): release, lattice and reciprocal vectors, the
// sites, the k-point grid, the MAIN / WANNIERISE / DISENTANGLE / PLOTTING settings, the k-path, the
// disentanglement windows, the final spread and the end of the run. Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { among } from '../../text/spans.ts';
import { type Parsed, every, fields, first, flag, integer, real, table, text } from '../../text/rules.ts';

type Vec = [number, number, number];
const vec =
  (a: number): ((m: RegExpExecArray) => Vec | undefined) =>
  (m) => {
    const values = [m[a], m[a + 1], m[a + 2]].map(Number);
    return values.some(Number.isNaN) ? undefined : (values as Vec);
  };

/** A 'label : value' row of the settings boxes; the first print is kept (WANNIERISE before DISENTANGLE). */
const setting = (label: string, value = '(\\S+)') =>
  new RegExp(`^\\s*\\|\\s*${label}\\s*:\\s*${value}\\s*\\|`);

const NUMBER = '(-?\\d+\\.\\d*)';

const wout = {
  version: first(/\|\s*Release:\s*([\d.]+)/, text()),
  started: first(/Execution started on\s+(.+?)\s*\|/, text()),
  lattice: every(new RegExp(`^\\s*a_\\d\\s+${NUMBER}\\s+${NUMBER}\\s+${NUMBER}`), vec(1)),
  reciprocal: every(new RegExp(`^\\s*b_\\d\\s+${NUMBER}\\s+${NUMBER}\\s+${NUMBER}`), vec(1)),
  sites: table(
    /^\s*\|\s*Site\s+Fractional Coordinate\s+Cartesian Coordinate/,
    /^\s*\|\s*([A-Z][a-z]?)\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+\|\s+(\S+)\s+(\S+)\s+(\S+)\s*\|/,
    fields({ label: text(1), fractional: vec(2), cartesian: vec(5) }),
    { skip: 1 },
  ),
  grid: first(/Grid size\s*=\s*(\d+)\s*x\s*(\d+)\s*x\s*(\d+)\s+Total points\s*=\s*(\d+)/, (m) => ({
    grid: [1, 2, 3].map((g) => Number(m[g])),
    total: Number(m[4]),
  })),
  kpoints: table(
    /^\s*\|\s*k-point\s+Fractional Coordinate/,
    /^\s*\|\s*\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+\|/,
    vec(1),
    { skip: 1 },
  ),
  settings: among(/:/, {
    nWannier: first(setting('Number of Wannier Functions', '(\\d+)'), integer()),
    nBands: first(setting('Number of input Bloch states', '(\\d+)'), integer()),
    iterations: first(setting('Total number of iterations', '(\\d+)'), integer()),
    tolerance: first(setting('Convergence tolerence'), real()),
    disentanglement: first(setting('Using band disentanglement'), (m) => m[1] === 'T'),
    pathSections: first(setting('Number of K-path sections', '(\\d+)'), integer()),
    firstDivisions: first(setting('Divisions along first K-path section', '(\\d+)'), integer()),
    lengthUnit: first(setting('Length Unit'), text()),
  }),
  path: every(
    /From:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+To:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/,
    fields({ from: text(1), start: vec(2), to: text(5), end: vec(6) }),
  ),
  outer: first(/\|\s*Outer:\s*(\S+)\s+to\s+(\S+)\s+\(eV\)/, (m) => [Number(m[1]), Number(m[2])]),
  inner: first(/\|\s*Inner:\s*(\S+)\s+to\s+(\S+)\s+\(eV\)/, (m) => [Number(m[1]), Number(m[2])]),
  spread: first(/Omega Total\s*=\s*(\S+)/, real()),
  converged: flag(/Wannierisation convergence criteria satisfied/),
  runTime: first(/Total Execution Time\s+(\S+)\s+\(sec\)/, real()),
  finished: flag(/All done: wannier90 exiting/),
};

export type WannierOutput = Parsed<typeof wout> & { warnings: string[] };

export function readWout(content: string, file = 'wannier90.wout'): WannierOutput {
  const { values, warnings } = readText(wout, content, file);
  if (!values.version && values.lattice.length === 0)
    throw new Error("no 'Release:' line: not a Wannier90 output, or one cut before its header ends");
  return { ...values, warnings };
}

/** One projection of the .win: its site (a label, or 'f='/'c=' coordinates) and orbital names. */
export interface WannierProjection {
  site: string;
  orbitals: string[];
}

/** Orbital names of Wannier90's (l, mr) tables; mr counts from 1. */
const ORBITALS: Readonly<Record<number, readonly string[]>> = {
  0: ['s'],
  1: ['pz', 'px', 'py'],
  2: ['dz2', 'dxz', 'dyz', 'dx2-y2', 'dxy'],
  3: ['fz3', 'fxz2', 'fyz2', 'fz(x2-y2)', 'fxyz', 'fx(x2-3y2)', 'fy(3x2-y2)'],
  [-1]: ['sp-1', 'sp-2'],
  [-2]: ['sp2-1', 'sp2-2', 'sp2-3'],
  [-3]: ['sp3-1', 'sp3-2', 'sp3-3', 'sp3-4'],
  [-4]: ['sp3d-1', 'sp3d-2', 'sp3d-3', 'sp3d-4', 'sp3d-5'],
  [-5]: ['sp3d2-1', 'sp3d2-2', 'sp3d2-3', 'sp3d2-4', 'sp3d2-5', 'sp3d2-6'],
};

/** Names of an orbital specification: 'dx2-y2', 'd', 'l=2,mr=4', 'l=2,mr=1,4', 'l=2'. */
function orbitalNames(spec: string): string[] {
  const numeric = /^l\s*=\s*(-?\d+)(?:\s*,\s*mr\s*=\s*([\d,]+))?/i.exec(spec);
  if (!numeric) return spec ? [spec] : [];
  const names = ORBITALS[Number(numeric[1])] ?? [];
  if (!numeric[2]) return [...names];
  return numeric[2]
    .split(',')
    .map((mr) => names[Number(mr) - 1])
    .filter((name): name is string => name !== undefined);
}

/** The .win settings the parser uses: the Fermi energy (eV), projections and their length unit. */
export function readWin(text: string): {
  fermi?: number;
  unit: 'angstrom' | 'bohr';
  projections: WannierProjection[];
  random: boolean;
} {
  const fermi = /^\s*fermi_energy\s*[=:]?\s*(\S+)/im.exec(text)?.[1];
  const block = /^\s*begin\s+projections\s*$([\s\S]*?)^\s*end\s+projections/im.exec(text)?.[1] ?? '';
  const lines = block
    .split(/\r?\n/)
    .map((line) => line.replace(/[!#].*$/, '').trim())
    .filter(Boolean);
  let unit: 'angstrom' | 'bohr' = 'angstrom';
  if (/^(bohr|ang)/i.test(lines[0] ?? '')) unit = /^bohr/i.test(lines.shift()!) ? 'bohr' : 'angstrom';
  const random = lines.some((line) => /^random$/i.test(line));
  const projections = lines
    .filter((line) => line.includes(':'))
    .map((line) => {
      const [site, orbitals] = line.replace(/\s+/g, '').split(':');
      return { site: site!, orbitals: (orbitals ?? '').split(';').flatMap(orbitalNames) };
    });
  const value = fermi === undefined ? undefined : Number(fermi.replace(/[dD]/, 'e'));
  return {
    ...(value !== undefined && Number.isFinite(value) ? { fermi: value } : {}),
    unit,
    projections,
    random,
  };
}

/** A _hr.dat: the number of orbitals, the Wigner-Seitz degeneracies and the hopping rows. */
export function readHr(
  text: string,
): { nOrbitals: number; degeneracies: number[]; rows: number[][] } | undefined {
  const lines = text.split(/\r?\n/);
  const nOrbitals = Number(lines[1]);
  const nPoints = Number(lines[2]);
  if (!Number.isInteger(nOrbitals) || !Number.isInteger(nPoints) || nOrbitals <= 0 || nPoints <= 0)
    return undefined;
  const degeneracies: number[] = [];
  let index = 3;
  while (degeneracies.length < nPoints && index < lines.length)
    degeneracies.push(...lines[index++]!.trim().split(/\s+/).filter(Boolean).map(Number));
  const rows: number[][] = [];
  for (; index < lines.length; index += 1) {
    const values = lines[index]!.trim().split(/\s+/).filter(Boolean).map(Number);
    if (values.length === 7) rows.push(values);
  }
  return { nOrbitals, degeneracies, rows };
}

/** Two-column data (band.dat: path length and energy, blank lines between bands; dos.dat: energy, DOS). */
export function readColumns(text: string): { blocks: number[][][] } {
  const blocks: number[][][] = [[]];
  for (const line of text.split(/\r?\n/)) {
    const values = line.trim().split(/\s+/).filter(Boolean).map(Number);
    if (values.length === 0 || values.some(Number.isNaN)) {
      if (blocks[blocks.length - 1]!.length > 0) blocks.push([]);
    } else blocks[blocks.length - 1]!.push(values);
  }
  return { blocks: blocks.filter((block) => block.length > 0) };
}
