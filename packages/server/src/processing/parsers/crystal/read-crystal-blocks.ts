// Blocks of a CRYSTAL output other than the geometry, declared on the text toolkit (in CRYSTAL's units:
// Hartree, bohr, seconds): the input's DFT block, the basis set, one calculation's SCF, energies and
// forces, and the band-structure lines of a properties run.
import { numbersIn } from '../../text/numbers.ts';
import {
  type Convert,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  real,
  table,
  text,
} from '../../text/rules.ts';
import { spans } from '../../text/spans.ts';
import { recordAfter } from '../../text/rule-records.ts';
import { atomsTable, cellParameters } from './read-crystal-geometry.ts';

const NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';

/** The value of CRYSTAL's '10**   -6' notation. */
export const powerOfTen: Convert<number> = (match) => {
  const exponent = match[1]?.replace(/\s+/g, '');
  return exponent !== undefined && /^[-+]?\d+$/.test(exponent) ? Number(`1e${exponent}`) : undefined;
};

/** The keywords between 'DFT' and 'END' of the input echoed at the top of the output. */
export const dftInput = spans(/^DFT\s*$/, /^(?!END\s*$)[A-Z0-9 .+-]*$/, {
  keywords: every(/^([A-Z][A-Z0-9+-]*)\s*$/, text(1)),
});

/**
 * 'LOCAL ATOMIC FUNCTIONS BASIS SET': per atom ('  1 SI  1.280  1.280  1.280') its shells ('2-  5 SP')
 * and each shell's rows of exponent and s, p, d/f/g coefficients. Atoms of a species after its first
 * are printed without shells.
 */
export const basisSet = spans(
  /LOCAL ATOMIC FUNCTIONS BASIS SET/,
  new RegExp(
    `^\\s*(\\*+|ATOM\\s+X\\(AU\\).*|\\d+\\s+[A-Z]+(\\s*${NUMBER}){3}|(\\d+-\\s*)?\\d+\\s+(S|SP|P|D|F|G)|(\\s*${NUMBER}){4})\\s*$`,
  ),
  {
    atoms: blocks(new RegExp(`^\\s*\\d+\\s+[A-Z]+(\\s*${NUMBER}){3}\\s*$`), {
      label: first(/^\s*\d+\s+([A-Z]+)\s/, text(1)),
      shells: blocks(/^\s*(?:\d+-\s*)?\d+\s+(?:S|SP|P|D|F|G)\s*$/, {
        head: first(/^\s*((?:\d+-\s*)?\d+)\s+(S|SP|P|D|F|G)\s*$/, (match) => ({
          range: match[1]!.replace(/\s+/g, ''),
          type: match[2]!,
        })),
        coefficients: every(new RegExp(`^\\s*(${NUMBER}\\s*){4}$`), (match) => {
          const values = numbersIn(match[0]);
          return values.length === 4 ? values : undefined;
        }),
      }),
    }),
  },
);

/** ' CYC   3 ETOT(AU) -5.733005775874E+02 DETOT -7.79E-05 tst  7.85E-06 PX  1.89E-03' */
const SCF_ROW = new RegExp(`^ CYC\\s+\\d+\\s+ETOT\\(AU\\)\\s+(${NUMBER})\\s+DETOT\\s+(${NUMBER})`);

/** One energy calculation (the single point, or an optimisation point), read over its lines. */
export const calculation = {
  iterations: every(SCF_ROW, fields({ total: real(1), change: real(2) })),
  scfEnded: first(/== SCF ENDED - (.*?)\s+E\(AU\)/, text(1)),
  energy: first(new RegExp(`TOTAL ENERGY\\((?:DFT|HF)\\)\\(AU\\)\\(\\s*\\d+\\)\\s*(${NUMBER})`), real(1)),
  energyWithDispersion: first(new RegExp(`^ TOTAL ENERGY \\+ DISP \\(AU\\)\\s+(${NUMBER})`), real(1)),
  dispersion: first(new RegExp(`^ D3 DISPERSION ENERGY \\(AU\\)\\s+(${NUMBER})`), real(1)),
  kinetic: first(new RegExp(`^ ::: KINETIC ENERGY\\s+(${NUMBER})`), real(1)),
  forces: table(
    /CARTESIAN FORCES IN HARTREE\/BOHR/,
    new RegExp(`^\\s*\\d+\\s+(\\d+)\\s+(${NUMBER}\\s*${NUMBER}\\s*${NUMBER})\\s*$`),
    (match) => {
      const force = numbersIn(match[2]!);
      return force.length === 3 ? { nat: Number(match[1]), force } : undefined;
    },
    { skip: 1 },
  ),
  // The band edges (or the Fermi level of a metal) of each diagonalisation, printed after each cycle's
  // line: per spin when there are two. The last cycle that prints them gives the converged ones.
  edges: blocks(SCF_ROW, {
    top: every(new RegExp(`^ TOP OF VALENCE BANDS -.*EIG\\s*(${NUMBER})\\s*AU`), real(1)),
    bottom: every(new RegExp(`^ BOTTOM OF VIRTUAL BANDS -.*EIG\\s*(${NUMBER})\\s*AU`), real(1)),
    fermi: every(new RegExp(`CONDUCTING STATE - EFERMI\\(AU\\)\\s*(${NUMBER})`), real(1)),
  }),
  /** s: 'TTT... OPTI  TELAPSE  727.37' closing an optimisation point */
  elapsed: first(/T+ OPTI\s+TELAPSE\s+(\S+)/, real(1)),
  parameters: cellParameters,
  atoms: atomsTable,
};

/** 'LINE  1 ( 0.00 0.00 0.00: 0.50 0.00 0.50) IN TERMS OF PRIMITIVE LATTICE VECTORS' and its point count. */
export const bandLines = blocks(/^ LINE\s+\d+ \(.*\) IN TERMS OF PRIMITIVE LATTICE VECTORS/, {
  ends: first(/^ LINE\s+\d+ \((.*):(.*)\) IN TERMS/, (match) => {
    const [from, to] = [numbersIn(match[1]!), numbersIn(match[2]!)];
    return from.length === 3 && to.length === 3 ? { from, to } : undefined;
  }),
  points: first(/^\s*(\d+) POINTS - SHRINKING_FACTOR/, integer(1)),
});

/**
 * The labels of the band path's ends per line, from the echoed BAND input: a title, 'NLINE ISS NSUB INZB
 * IFNB IPLO IPRINT', then NLINE lines of two point labels ('G X') when ISS is 0 (else coordinates).
 */
export const bandPathLabels = recordAfter(
  /^BAND\s*$/,
  2 + 100,
  (lines): [string, string][] | undefined => {
    const head = (lines[1] ?? '').trim().split(/\s+/).map(Number);
    const [nLines, iss] = [head[0], head[1]];
    if (nLines === undefined || !Number.isInteger(nLines) || iss !== 0) return undefined;
    const labels = lines.slice(2, 2 + nLines).map((line) => line.trim().split(/\s+/));
    return labels.length === nLines && labels.every((pair) => pair.length === 2)
      ? labels.map((pair) => [pair[0]!, pair[1]!])
      : undefined;
  },
  { partial: true },
);

/** 'ENERGY RANGE (A.U.) -104.75831 -   0.62475 EFERMI  -0.39686' */
export const bandFermi = first(/ENERGY RANGE \(A\.U\.\).*EFERMI\s+(\S+)/, real(1));

/** Whether the output holds a band structure / a DOS of a properties run. */
export const hasBands = flag(/^ \*\s+BAND STRUCTURE\s+\*$/);
export const hasDos = flag(/TOTAL AND PROJECTED DENSITY OF STATES/);
