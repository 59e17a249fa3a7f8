// The WIEN2k input files beside a case.scf, in their units (bohr, Ry): case.struct (lattice, inequivalent
// atoms with their equivalent positions, symmetry operations), case.in0 (functional, FFT grid), case.in1
// (RKmax, lmax, linearisation energies per atom), case.in2 (band-energy window, smearing, GMAX) and
// case.klist (the k-points). Declared on the text toolkit.
import { number } from '../../text/convert-number.ts';
import { readText } from '../../text/read-text.ts';
import { block, blocks, every, fields, first, integer, text } from '../../text/rules.ts';

type Vec = [number, number, number];
const NUM = '([-+]?\\d*\\.?\\d+(?:[eEdD][-+]?\\d+)?)';

interface Wien2kAtom {
  /** Fractional coordinates of each equivalent position (of the conventional cell). */
  positions: Vec[];
  /** The name column ('Cr', 'C 1', 'O1'). */
  name: string;
  /** Atomic number (the 'Z:' column). */
  z?: number;
  /** bohr */
  rmt?: number;
  npt?: number;
  r0?: number;
}

export interface Wien2kStruct {
  title?: string;
  /** P, F, B, CXY, CYZ, CXZ, R or H */
  lattice: string;
  nonEquivalentAtoms?: number;
  spaceGroup?: string;
  /** RELA or NREL */
  mode?: string;
  /** a, b, c (in `unit`) and alpha, beta, gamma (degrees) */
  constants: number[];
  unit: 'bohr' | 'angstrom';
  atoms: Wien2kAtom[];
  /** Symmetry operations on fractional coordinates: x' = rotation · x + translation. */
  symmetry: { rotation: [Vec, Vec, Vec]; translation: Vec }[];
}

const struct = {
  title: first(/^(.*\S)\s*$/, text()),
  header: first(
    /^(\S+)\s+LATTICE,\s*NONEQUIV\.?\s*ATOMS?[:\s]*(\d+)/,
    fields({ lattice: text(1), atoms: integer(2) }),
  ),
  spaceGroup: first(/LATTICE,\s*NONEQUIV\.?\s*ATOMS?[:\s]*\d+\s+\d+\s+(\S+)/, text()),
  mode: first(/^\s*(?:MODE OF CALC\s*=\s*)?(N?REL\w*)/, text()),
  unit: first(/unit=(\w)/, text()),
  // 6F10.6: fixed columns that may run into each other ('90.000000120.000000').
  constants: first(/^((?:[ \d.-]{10}){6})/, (m) =>
    [0, 1, 2, 3, 4, 5].map((k) => Number(m[1]!.slice(10 * k, 10 * k + 10))).every(Number.isFinite)
      ? [0, 1, 2, 3, 4, 5].map((k) => Number(m[1]!.slice(10 * k, 10 * k + 10)))
      : undefined,
  ),
  atoms: blocks(
    /^ATOM\s*-?\d+:/,
    {
      positions: every(
        new RegExp(`X=\\s*${NUM}\\s*Y=\\s*${NUM}\\s*Z=\\s*${NUM}`),
        (m) => [Number(m[1]), Number(m[2]), Number(m[3])] as Vec,
      ),
      label: first(/^(.{1,10}?)\s*NPT=\s*(\d+)\s*R0=\s*(\S+)\s*RMT=\s*(\S+)\s*Z:\s*(\S+)/, (m) => ({
        name: m[1]!.trim(),
        npt: Number(m[2]),
        r0: Number(m[3]),
        rmt: Number(m[4]),
        z: Number(m[5]),
      })),
    },
    { end: /^LOCAL ROT MATRIX/ },
  ),
  symmetry: block(/NUMBER OF SYMMETRY OPERATIONS/, {
    // 3I2,F11.8 per row of an operation; the operation's number follows on a line of its own.
    rows: every(/^([ -]?\d)([ -]?\d)([ -]?\d)\s*([-+]?\d*\.\d+)\s*$/, (m) =>
      [1, 2, 3, 4].map((k) => Number(m[k]!.trim())),
    ),
  }),
};

export function readWien2kStruct(content: string, file = 'case.struct'): Wien2kStruct | undefined {
  const { values } = readText(struct, content, file);
  if (!values.header || !values.constants) return undefined;
  const atoms = values.atoms.map((a) => ({
    positions: a.positions,
    name: a.label?.name ?? '',
    ...(a.label && Number.isFinite(a.label.z) ? { z: a.label.z } : {}),
    ...(a.label && Number.isFinite(a.label.rmt) ? { rmt: a.label.rmt } : {}),
    ...(a.label && Number.isFinite(a.label.npt) ? { npt: a.label.npt } : {}),
    ...(a.label && Number.isFinite(a.label.r0) ? { r0: a.label.r0 } : {}),
  }));
  const rows = values.symmetry?.rows ?? [];
  const symmetry = [];
  for (let k = 0; k + 2 < rows.length; k += 3) {
    const r = rows.slice(k, k + 3);
    symmetry.push({
      rotation: r.map((row) => row.slice(0, 3)) as [Vec, Vec, Vec],
      translation: r.map((row) => row[3]!) as Vec,
    });
  }
  return {
    ...(values.title ? { title: values.title } : {}),
    lattice: values.header.lattice,
    nonEquivalentAtoms: values.header.atoms,
    ...(values.spaceGroup ? { spaceGroup: values.spaceGroup } : {}),
    ...(values.mode ? { mode: values.mode } : {}),
    constants: values.constants,
    unit: values.unit === 'a' ? 'angstrom' : 'bohr',
    atoms,
    symmetry,
  };
}

export interface Wien2kIn0 {
  /** The words after TOT (or another switch) up to a '(' comment: '19', 'XC_PBESOL', 'EX_LDA EC_LDA ...'. */
  functional?: string[];
  fft?: { grid: Vec; factor: number };
}

const in0 = {
  functional: first(/^\s*(?:TOT|KXC|POT|MULT|COUL|EXCH)\s+([^(]*)/, (m) => m[1]!.trim().split(/\s+/)),
  fft: first(/^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+\.\d*)/, (m) => ({
    grid: [Number(m[1]), Number(m[2]), Number(m[3])] as Vec,
    factor: Number(m[4]),
  })),
};

export function readWien2kIn0(content: string, file = 'case.in0'): Wien2kIn0 {
  const { values } = readText(in0, content, file);
  return {
    ...(values.functional && values.functional[0] ? { functional: values.functional } : {}),
    ...(values.fft ? { fft: values.fft } : {}),
  };
}

interface Wien2kIn1Orbital {
  l: number;
  /** Ry */
  energy: number;
  /** Ry: the search window; 0 keeps the energy fixed. */
  search: number;
  /** 0 LAPW, 1 APW */
  apw: number;
}

export interface Wien2kIn1 {
  /** Ry ('EF=' of the first line) */
  fermi?: number;
  rkmax?: number;
  lmax?: number;
  lnsmax?: number;
  /** Per inequivalent atom: the global linearisation energy, its LAPW/APW switch and exceptions per l. */
  atoms: { energy: number; apw: number; orbitals: Wien2kIn1Orbital[] }[];
}

const in1 = {
  fermi: first(new RegExp(`^\\s*\\w+\\s+EF=\\s*${NUM}`), number()),
  cutoffs: first(
    /^\s*([\d.]+)\s+(\d+)\s+(\d+).*K-MAX/,
    fields({ rkmax: number(1), lmax: integer(2), lns: integer(3) }),
  ),
  atoms: blocks(new RegExp(`^\\s*${NUM}\\s+(\\d+)\\s+([01])(?:\\s|$)(?!.*(?:K-MAX|CONT|STOP))`), {
    head: first(
      new RegExp(`^\\s*${NUM}\\s+(\\d+)\\s+([01])`),
      fields({ energy: number(1), apw: integer(3) }),
    ),
    orbitals: every(
      new RegExp(`^\\s*(\\d)\\s+${NUM}\\s+${NUM}\\s+(?:CONT|STOP)\\s+([01])`),
      fields({ l: integer(1), energy: number(2), search: number(3), apw: integer(4) }),
    ),
  }),
};

export function readWien2kIn1(content: string, file = 'case.in1'): Wien2kIn1 {
  const { values } = readText(in1, content, file);
  return {
    ...(values.fermi !== undefined ? { fermi: values.fermi } : {}),
    ...(values.cutoffs
      ? { rkmax: values.cutoffs.rkmax, lmax: values.cutoffs.lmax, lnsmax: values.cutoffs.lns }
      : {}),
    atoms: values.atoms.flatMap((a) => (a.head ? [{ ...a.head, orbitals: a.orbitals }] : [])),
  };
}

export interface Wien2kIn2 {
  switch?: string;
  /** Ry, electrons, Ry, Ry: EMIN, NE, ESEPERMIN, ESEPER0 */
  window?: number[];
  smearing?: { kind: string; width: number };
  /** Ry^(1/2) */
  gmax?: number;
}

const in2 = {
  switch: first(/^\s*(TOT|FOR|QTL|EFG|FERMI)\b/, text()),
  window: first(/^\s*([-\d. ]+?)\s+EMIN/, (m) => m[1]!.trim().split(/\s+/).map(Number)),
  smearing: first(
    new RegExp(`^\\s*(GAUSS|ROOT|TEMPS?|TETRA|ALL)\\s+${NUM}`),
    fields({ kind: text(1), width: number(2) }),
  ),
  gmax: first(new RegExp(`^\\s*${NUM}\\s+GMAX`), number()),
};

export function readWien2kIn2(content: string, file = 'case.in2'): Wien2kIn2 {
  const { values } = readText(in2, content, file);
  const out: Wien2kIn2 = {};
  if (values.switch) out.switch = values.switch;
  if (values.window?.every(Number.isFinite)) out.window = values.window;
  if (values.smearing) out.smearing = values.smearing;
  if (values.gmax !== undefined) out.gmax = values.gmax;
  return out;
}

const klist = {
  // A10 name, 4I10 (kx, ky, kz, divisor), F5 weight; 'END' closes the list.
  points: every(/^.{10}\s*(-?\d+)\s+(-?\d+)\s+(-?\d+)\s+(\d+)\s+(\d+\.\d*)/, (m) => {
    const divisor = Number(m[4]);
    if (!(divisor > 0)) return undefined;
    return {
      kpoint: [Number(m[1]) / divisor, Number(m[2]) / divisor, Number(m[3]) / divisor] as Vec,
      weight: Number(m[5]),
    };
  }),
};

/** The k-points of case.klist with their weights normalised to 1. */
export function readWien2kKlist(content: string, file = 'case.klist'): { kpoints: Vec[]; weights: number[] } {
  const end = content.search(/^END/m);
  const { values } = readText(klist, end >= 0 ? content.slice(0, end) : content, file);
  const total = values.points.reduce((sum, p) => sum + p.weight, 0);
  return {
    kpoints: values.points.map((p) => p.kpoint),
    weights: values.points.map((p) => (total > 0 ? p.weight / total : p.weight)),
  };
}
