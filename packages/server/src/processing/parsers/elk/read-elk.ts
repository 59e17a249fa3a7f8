// What Elk's INFO.OUT says, in its units (Hartree, Bohr, CPU seconds): version and start, the lattice,
// the species with their muffin tins and atoms (lattice coordinates), spin treatment, k-point grid,
// (L)APW+lo cut-offs, charges and state counts, functional and smearing, then per SCF loop its energies,
// charges (muffin-tin ones per atom), convergence and time. Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { spans } from '../../text/spans.ts';
import {
  type Convert,
  type Parsed,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  real,
  table,
  text,
  vector,
} from '../../text/rules.ts';

type Vec = [number, number, number];

interface ElkSpecies {
  label: string;
  /** Bohr */
  muffinTinRadius?: number;
  radialPoints?: number;
  /** Lattice (fractional) coordinates of each atom. */
  positions: Vec[];
}

export interface ElkLoop {
  /** Hartree, under the names INFO.OUT gives ('sum of eigenvalues', 'total energy', 'Fermi'). */
  energies: Record<string, number>;
  /** Electrons, under INFO.OUT's names ('core', 'valence', 'total charge'). */
  charges: Record<string, number>;
  /** Electrons in each atom's muffin tin, in the order of the species. */
  muffinTin: number[];
  /** Hartree */
  energyChange?: number;
  /** CPU seconds of the loop. */
  time?: number;
}

export interface ElkCycle {
  loops: ElkLoop[];
  converged: boolean;
  /** Hartree/Bohr, Cartesian: each atom's total force of the cycle's last 'Forces :' print. */
  forces: Vec[];
}

export interface ElkInfo {
  version?: string;
  /** 'YYYY-MM-DD' and 'hh:mm:ss' */
  date?: string;
  time?: string;
  /** Bohr, rows */
  lattice: Vec[];
  species: ElkSpecies[];
  /** 'spin-unpolarised', 'spin-polarised' with its further lines ('non-collinear', 'spin-orbit coupling'). */
  spinTreatment: string[];
  kGrid?: number[];
  kOffset?: number[];
  nKpoints?: number;
  /** Bohr (R_MT × |G+k|max, dimensionless in Elk's units) */
  rgkmax?: number;
  /** 1/Bohr */
  gkmax?: number;
  gmaxvr?: number;
  gridSizes?: number[];
  nGvectors?: number;
  lmaxApw?: number;
  counts: Record<string, number>;
  /** Elk's xctype: one number, or three for libxc (100, exchange id, correlation id). */
  xcType: number[];
  smearingType?: number;
  /** Hartree */
  smearingWidth?: number;
  /** Each self-consistent cycle (one per geometry of a run over several). */
  cycles: ElkCycle[];
  /** CPU seconds, the 'Timings' total. */
  totalTime?: number;
  finished: boolean;
  warnings: string[];
}

const F = '([-+]?\\d*\\.\\d*(?:[EeDd][-+]?\\d+)?)';
const vec3 = vector(3, 1) as Convert<Vec>;
/** 'label : value' where the value ends the line. */
const setting = (label: string) => new RegExp(`^${label}\\s*:\\s*${F}\\s*$`);
const integers: Convert<number[]> = (match) => match.slice(1).filter(Boolean).map(Number);
const term = fields({ name: text(1), value: real(2) });

const loop = {
  energies: spans(/^Energies :/, /^\s+\S.*:/, {
    terms: every(new RegExp(`^\\s+(\\S.*?)\\s+:\\s+${F}\\s*$`), term),
  }),
  charges: spans(/^Charges :/, /^\s+\S/, {
    // Species and atom lines carry more than the value: only 'name : value' lines are totals.
    terms: every(new RegExp(`^\\s(\\w[^:]*?)\\s+:\\s+${F}\\s*$`), term),
    muffinTin: every(new RegExp(`^\\s+atom\\s+\\d+\\s+:\\s+${F}`), real()),
  }),
  energyChange: first(new RegExp(`^Absolute change in total energy \\(target\\)\\s*:\\s*${F}`), real()),
  time: first(new RegExp(`^Time \\(CPU seconds\\)\\s*:\\s*${F}`), real()),
};

const info = {
  version: first(/\| Elk version (\S+) started \|/, text()),
  date: first(/^Date \(YYYY-MM-DD\)\s*:\s*(\S+)/, text()),
  time: first(/^Time \(hh:mm:ss\)\s*:\s*(\S+)/, text()),
  lattice: table(/^Lattice vectors :/, new RegExp(`^\\s*(${F}\\s+${F}\\s+${F})\\s*$`), vec3),
  species: spans(/^Species :\s+\d+ \(/, /^\s+\S/, {
    label: first(/^Species :\s+\d+ \((\w+)\)/, text()),
    muffinTinRadius: first(new RegExp(`^\\s+muffin-tin radius :\\s*${F}`), real()),
    radialPoints: first(/^\s+number of radial points in muffin-tin :\s*(\d+)/, integer()),
    positions: every(new RegExp(`^\\s+\\d+ :\\s+(${F}\\s+${F}\\s+${F})`), vec3),
  }),
  spin: spans(/^Spin treatment :/, /^\s+\S/, { lines: every(/^\s+(\S.*?)\s*$/, text()) }),
  kGrid: first(/^k-point grid :\s+(\d+)\s+(\d+)\s+(\d+)/, integers),
  kOffset: first(new RegExp(`^k-point offset :\\s+(${F}\\s+${F}\\s+${F})`), vec3),
  nKpoints: first(/^Total number of k-points :\s*(\d+)/, integer()),
  rgkmax: first(new RegExp(`^Muffin-tin radius times maximum \\|G\\+k\\|\\s*:\\s*${F}`), real()),
  gkmax: first(new RegExp(`^Maximum \\|G\\+k\\| for APW functions\\s*:\\s*${F}`), real()),
  gmaxvr: first(new RegExp(`^Maximum \\|G\\| for potential and density\\s*:\\s*${F}`), real()),
  gridSizes: first(/^G-vector grid sizes :\s+(\d+)\s+(\d+)\s+(\d+)/, integers),
  nGvectors: first(/^Number of G-vectors :\s*(\d+)/, integer()),
  lmaxApw: first(/^\s+APW functions\s*:\s*(\d+)/, integer()),
  counts: every(
    new RegExp(
      `^(Total (?:nuclear|core|valence|excess|electronic) charge|Effective Wigner radius, r_s)\\s*:\\s*${F}\\s*$`,
    ),
    term,
  ),
  intCounts: every(
    /^(Number of empty states|Total number of (?:valence states|core states|local-orbitals))\s*:\s*(\d+)\s*$/,
    fields({ name: text(1), value: integer(2) }),
  ),
  xcType: first(/^Exchange-correlation functional :\s+(\d+)(?:\s+(\d+))?(?:\s+(\d+))?/, integers),
  smearingType: first(/^Smearing type :\s*(\d+)/, integer()),
  smearingWidth: first(setting('Smearing width'), real()),
  cycles: blocks(/^\| Self-consistent loop started \|/, {
    loops: blocks(/^\| Loop number :\s+\d+/, loop),
    converged: flag(/^Convergence targets achieved/),
    forces: spans(/^Forces :/, /^\s+\S/, {
      total: every(new RegExp(`^\\s+total force\\s*:\\s*(${F}\\s+${F}\\s+${F})`), vec3),
    }),
  }),
  timings: spans(/^Timings \(CPU seconds\) :/, /^\s+\S/, {
    total: first(new RegExp(`^\\s+total\\s*:\\s*${F}`), real()),
  }),
  finished: flag(/\| Elk version \S+ stopped \|/),
};

type Loop = Parsed<typeof loop>;

const recordOf = (terms: readonly { name: string; value: number }[]) =>
  Object.fromEntries(terms.map(({ name, value }) => [name, value]));

const loopOf = (read: Loop): ElkLoop => {
  const out: ElkLoop = {
    energies: recordOf(read.energies[0]?.terms ?? []),
    charges: recordOf(read.charges[0]?.terms ?? []),
    muffinTin: read.charges[0]?.muffinTin ?? [],
  };
  if (read.energyChange !== undefined) out.energyChange = read.energyChange;
  if (read.time !== undefined) out.time = read.time;
  return out;
};

export function readElkInfo(content: string, file = 'INFO.OUT'): ElkInfo {
  const { values, warnings } = readText(info, content, file);
  if (!values.version) throw new Error("not an Elk INFO.OUT: no '| Elk version ... started |' line");
  const { species, spin, cycles, counts, intCounts, xcType, timings, ...rest } = values;
  const out: ElkInfo = {
    lattice: rest.lattice,
    species: species.map((s) => ({
      label: s.label ?? 'X',
      positions: s.positions,
      ...(s.muffinTinRadius !== undefined ? { muffinTinRadius: s.muffinTinRadius } : {}),
      ...(s.radialPoints !== undefined ? { radialPoints: s.radialPoints } : {}),
    })),
    spinTreatment: spin[0]?.lines ?? [],
    counts: { ...recordOf(counts), ...recordOf(intCounts) },
    xcType: xcType ?? [],
    cycles: cycles.map((cycle) => ({
      loops: cycle.loops.map(loopOf),
      converged: cycle.converged,
      forces: cycle.forces.at(-1)?.total ?? [],
    })),
    finished: rest.finished,
    warnings,
  };
  const optional = [
    'version',
    'date',
    'time',
    'kGrid',
    'kOffset',
    'nKpoints',
    'rgkmax',
    'gkmax',
    'gmaxvr',
    'gridSizes',
    'nGvectors',
    'lmaxApw',
    'smearingType',
    'smearingWidth',
  ] as const;
  for (const key of optional) if (rest[key] !== undefined) Object.assign(out, { [key]: rest[key] });
  const totalTime = timings.at(-1)?.total;
  if (totalTime !== undefined) out.totalTime = totalTime;
  return out;
}
