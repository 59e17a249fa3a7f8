// What a WIEN2k case.scf says, in its units (Ry, bohr, mRy/bohr): the version and start of the run from
// its :LABEL lines, then per SCF iteration (':ITEnnn:') the settings lapw0/lapw1 print and the values
// lapw2, lcore and mixer append (Fermi energy, charges, moments, total energy, forces). Each program of an
// iteration writes its lines once per spin channel: the first print of a setting is kept.
import { number } from '../../text/convert-number.ts';
import { readText } from '../../text/read-text.ts';
import { among } from '../../text/spans.ts';
import { type Parsed, blocks, every, fields, first, integer, last, text } from '../../text/rules.ts';

type Vec = [number, number, number];

export interface Wien2kIteration {
  index: number;
  nIndependentAtoms?: number;
  nAtoms?: number;
  systemName?: string;
  potentialOption?: string;
  /** bohr (a, b, c) */
  latticeConstants?: number[];
  /** bohr³ */
  volume?: number;
  spinPolarized?: boolean;
  matrixSize?: number;
  nLocalOrbitals?: number;
  rkmax?: number;
  nKpoints?: number;
  /** Ry */
  gap?: number;
  nElectrons?: number;
  /** Ry */
  fermi?: number;
  /** Ry^(1/2): 'POTENTIAL AND CHARGE CUT-OFF' */
  gmax?: number;
  /** Multiplicity of each inequivalent atom (':POSnnn:'). */
  multiplicities: number[];
  /** Ry, summed over the spin channels' ':SUM' lines. */
  sumEigenvalues?: number;
  /** 'TOTAL VALENCE CHARGE INSIDE UNIT CELL' per ':CHA' line. */
  valenceChargeCell?: number;
  chargeDistance?: number;
  totalDifferenceCharge: number[];
  /** Bohr magnetons */
  magneticMomentCell?: number;
  magneticMomentInterstitial?: number;
  magneticMomentSpheres: number[];
  /** Ry */
  energy?: number;
  /** mRy/bohr, each inequivalent atom's total force in components along the unit lattice vectors. */
  forcesGlobal: Vec[];
}

export interface Wien2kScf {
  version?: string;
  /** 'Sat Apr 12 14:34:40 CEST 2014' of ':LABEL2: on <host> at ...' */
  started?: string;
  /** The run command of ':LABEL4: using the command: runsp_lapw -ec 0.0001 -p'. */
  command?: string;
  iterations: Wien2kIteration[];
  warnings: string[];
}

const NUM = '([-+]?\\d*\\.?\\d+(?:[eEdD][-+]?\\d+)?)';
const value = (label: string) => new RegExp(`${label}\\s*=?\\s*${NUM}`);

/** One iteration, from its ':ITEnnn:' line to the next. */
const iteration = {
  index: first(/^:ITE\d+:\s*(\d+)\.\s*ITERATION/, integer()),
  atoms: first(
    /^:NATO\s*:\s*(\d+)\s+INDEPENDENT AND\s+(\d+)\s+TOTAL ATOMS/,
    fields({ independent: integer(1), total: integer(2) }),
  ),
  systemName: first(/^\s+SUBSTANCE:\s*(.*?)\s*$/, text()),
  // Lines of the form ':XXX  : ...' read among those only.
  labelled: among(/^:/, {
    potentialOption: first(/^:POT\s*:\s*POTENTIAL OPTION\s+(.*?)\s*$/, text()),
    latticeConstants: first(
      new RegExp(`^:LAT\\s*:\\s*LATTICE CONSTANTS=\\s*${NUM}\\s+${NUM}\\s+${NUM}`),
      (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
    ),
    volume: first(new RegExp(`^:VOL\\s*:\\s*UNIT CELL VOLUME\\s*=\\s*${NUM}`), number()),
    rkm: first(
      /^:RKM\s*:\s*MATRIX SIZE\s*(\d+)\s*LOs:\s*(\d+)\s*RKM=\s*([\d.]+)/,
      fields({ size: integer(1), los: integer(2), rkmax: number(3) }),
    ),
    nKpoints: first(/^:KPT\s*:\s*NUMBER OF K-POINTS:\s*(\d+)/, integer()),
    gap: first(new RegExp(`^:GAP[^:]*:\\s*${NUM}\\s*Ry`), number()),
    nElectrons: first(value('^:NOE\\s*:\\s*NUMBER OF ELECTRONS'), number()),
    fermi: first(/^:FER\s*:\s*F E R M I - ENERGY.*?=\s*([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)/, number()),
    gmax: first(value('^:GMA\\s*:\\s*POTENTIAL AND CHARGE CUT-OFF'), number()),
    multiplicities: every(/^:POS(\d+):.*MULT=\s*(\d+)/, fields({ atom: integer(1), mult: integer(2) })),
    sums: every(value('^:SUM\\s*:\\s*SUM OF EIGENVALUES'), number()),
    valenceChargeCell: last(value('^:CHA\\s*:\\s*TOTAL VALENCE CHARGE INSIDE UNIT CELL'), number()),
    chargeDistance: last(new RegExp(`^:DIS\\s*:\\s*CHARGE DISTANCE.*\\)\\s*${NUM}`), number()),
    differenceCharges: every(new RegExp(`^:DTO\\d+:.*DIFFERENCE.*=\\s*${NUM}\\s*$`), number()),
    magneticMomentCell: last(value('^:MMTOT\\s*:\\s*SPIN MAGNETIC MOMENT IN CELL'), number()),
    magneticMomentInterstitial: last(value('^:MMINT\\s*:\\s*MAGNETIC MOMENT IN INTERSTITIAL'), number()),
    magneticMomentSpheres: every(value('^:MMI\\d+:\\s*MAGNETIC MOMENT IN SPHERE\\s+\\d+'), number()),
    // An mBJ iteration prints a second ':ENE' of 0 (its potential has no energy): the first is kept.
    energy: first(value('^:ENE\\s*:.*TOTAL ENERGY IN Ry'), number()),
    forcesGlobal: every(
      new RegExp(`^:FGL\\d+:\\s*\\d+\\.ATOM\\s+${NUM}\\s+${NUM}\\s+${NUM}`),
      (m) => [Number(m[1]), Number(m[2]), Number(m[3])] as Vec,
    ),
  }),
  spin: first(/^\s+((?:NON-)?SPINPOLARIZED) CALCULATION/, text()),
};

const scf = {
  version: first(/^:LABEL\d+:\s*using WIEN2k_(\S+) \(Release ([\d/]+)\)/, (m) => `${m[1]} ${m[2]}`),
  started: first(/^:LABEL\d+:\s*on \S+ at (.+?)\s*$/, text()),
  command: first(/^:LABEL\d+:\s*using the command:\s*(.+?)\s*$/, text()),
  iterations: blocks(/^:ITE\d+:\s*\d+\.\s*ITERATION/, iteration),
};

/** The first print of each inequivalent atom's multiplicity (the up and down channels print both). */
function multiplicitiesOf(rows: { atom: number; mult: number }[]): number[] {
  const byAtom = new Map<number, number>();
  for (const row of rows) if (!byAtom.has(row.atom)) byAtom.set(row.atom, row.mult);
  return [...byAtom.entries()].sort((a, b) => a[0] - b[0]).map(([, mult]) => mult);
}

function iterationOf(read: Parsed<typeof iteration>, position: number): Wien2kIteration {
  const l = read.labelled;
  const it: Wien2kIteration = {
    index: read.index ?? position + 1,
    multiplicities: multiplicitiesOf(l.multiplicities),
    totalDifferenceCharge: l.differenceCharges,
    magneticMomentSpheres: l.magneticMomentSpheres,
    forcesGlobal: l.forcesGlobal,
  };
  const optional: Partial<Wien2kIteration> = {
    nIndependentAtoms: read.atoms?.independent,
    nAtoms: read.atoms?.total,
    systemName: read.systemName || undefined,
    potentialOption: l.potentialOption,
    latticeConstants: l.latticeConstants,
    volume: l.volume,
    spinPolarized: read.spin === undefined ? undefined : read.spin === 'SPINPOLARIZED',
    matrixSize: l.rkm?.size,
    nLocalOrbitals: l.rkm?.los,
    rkmax: l.rkm?.rkmax,
    nKpoints: l.nKpoints,
    gap: l.gap,
    nElectrons: l.nElectrons,
    fermi: l.fermi,
    gmax: l.gmax,
    sumEigenvalues: l.sums.length > 0 ? l.sums.reduce((a, b) => a + b, 0) : undefined,
    valenceChargeCell: l.valenceChargeCell,
    chargeDistance: l.chargeDistance,
    magneticMomentCell: l.magneticMomentCell,
    magneticMomentInterstitial: l.magneticMomentInterstitial,
    energy: l.energy,
  };
  for (const [key, v] of Object.entries(optional)) if (v !== undefined) Object.assign(it, { [key]: v });
  return it;
}

export function readWien2kScf(content: string, file = 'case.scf'): Wien2kScf {
  const { values, warnings } = readText(scf, content, file);
  if (values.iterations.length === 0 && !values.version)
    throw new Error("not a WIEN2k SCF file: no ':ITEnnn:' iteration and no ':LABEL' with the version");
  const out: Wien2kScf = { iterations: values.iterations.map(iterationOf), warnings };
  if (values.version) out.version = values.version;
  if (values.started) out.started = values.started;
  if (values.command) out.command = values.command;
  return out;
}
