// Tables and rows of an NWChem output, declared on the text toolkit (in NWChem's units): coordinate and
// gradient tables, the plane-wave cell, SCF iteration rows of the Gaussian-basis DFT and plane-wave (NWPW)
// modules, and the energy terms of both.
import { ANGSTROM, BOHR } from '@oasis/chem';
import { numbersIn } from '../../text/numbers.ts';
import { type Convert, every, fields, tables, text } from '../../text/rules.ts';
import { spans } from '../../text/spans.ts';

export type Vec = [number, number, number];

/** Ångström per bohr. */
const BOHR_IN_ANGSTROM = BOHR / ANGSTROM;

export interface NwchemGeometry {
  species: string[];
  /** Å */
  positions: Vec[];
  /** bohr: the plane-wave cell's vectors, for an NWPW run. */
  cell?: Vec[];
}

export interface NwchemIteration {
  /** Hartree */
  energy: number;
  /** Hartree, the change from the iteration before */
  change?: number;
  /** s, the wall time at the end of the iteration */
  wallTime?: number;
}

/** A tag such as 'O', 'H1', 'bq', 'Fe2' as a chemical symbol. */
function symbolOf(tag: string): string {
  const letters = /^[A-Za-z]+/.exec(tag)?.[0] ?? 'X';
  const two = letters.slice(0, 2);
  if (/^[A-Z][a-z]$/.test(two)) return two;
  return letters[0]!.toUpperCase();
}

/** The first number of a group ('1.00D-06' too); the old reader's numbersIn(...)[0]. */
export const leading =
  (group = 1): Convert<number> =>
  (match) =>
    match[group] === undefined ? undefined : numbersIn(match[group])[0];

/** 'Output coordinates in angstroms': heading, blank, titles, rule, then 'n Tag Charge x y z' rows. */
export const outputCoordinates = tables(
  /Output coordinates in angstroms/,
  /^\s*\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/,
  (match) => ({ species: symbolOf(match[1]!), position: [3, 4, 5].map((k) => Number(match[k])) as Vec }),
  { skip: 3 },
);

/**
 * A gradient table ('DFT ENERGY GRADIENTS'): titles, then 'n Tag  x y z (bohr)  gx gy gz (Hartree/bohr)'
 * rows; the coordinates come back in Å.
 */
export const gradients = tables(
  /(DFT|SCF)\sENERGY GRADIENTS/,
  /^\s*\d+\s+([A-Za-z]\S*)(.*)$/,
  (match) => {
    const numbers = numbersIn(match[2]!);
    if (numbers.length < 6) return undefined;
    return {
      species: symbolOf(match[1]!),
      position: numbers.slice(0, 3).map((x) => x * BOHR_IN_ANGSTROM) as Vec,
      gradient: numbers.slice(3, 6) as Vec,
    };
  },
  { skip: 3 },
);

/** The NWPW cell: 'lattice:    a1=< x y z >' and the a2, a3 lines after it (bohr). */
export const pwCells = spans(/^\s*lattice:\s+a1=</, /a\d=<(.*)>/, {
  rows: every(/a\d=<(.*)>/, (match) => numbersIn(match[1]!).slice(0, 3) as Vec),
});

/** 'd= 0,ls=0.0,diis     1    -76.3916403957 -8.55D+01  2.98D-02  4.75D-01     0.1' (the last four may lack). */
export const dftIterations = every(
  /^\s*d=\s*\d+,ls=\S+,\S*\s+\d+\s+(-?\d+\.\d+)(?:\s+(\S+)\s+\S+\s+\S+\s+(\S+)\s*$)?/,
  (match): NwchemIteration =>
    match[3] === undefined
      ? { energy: Number(match[1]) }
      : { energy: Number(match[1]), change: numbersIn(match[2]!)[0], wallTime: Number(match[3]) },
);

const E_REAL = '(-?\\d\\.\\d+E[-+]\\d+)';

/** An NWPW minimiser row: '10   -0.1995729137E+02   -0.92603E-01    0.99237E+00' (iteration, E, ΔE, Δρ). */
export const nwpwIterations = every(
  new RegExp(`^\\s+\\d+\\s+${E_REAL}\\s+${E_REAL}\\s+${E_REAL}\\s*$`),
  (match): NwchemIteration => ({ energy: Number(match[1]), change: Number(match[2]) }),
);

/** The energy terms by NOMAD's energy name, of both modules ('Coulomb energy =', 'ion-ion energy :'). */
const TERM_NAMES: Record<string, string> = {
  'Exchange-Corr.': 'xc',
  Correlation: 'correlation',
  Exchange: 'exchange',
  Coulomb: 'coulomb',
  'Nuclear repulsion': 'nuclear_repulsion',
  'exc-corr': 'xc',
  'ion-ion': 'nuclear_repulsion',
};

export const energyTerms = every(
  /^\s*(?:(Exchange-Corr\.|Correlation|Exchange|Coulomb|Nuclear repulsion) energy =|(exc-corr|ion-ion)\s+energy\s*:)\s*(\S+)/,
  fields({ name: (match) => TERM_NAMES[match[1] ?? match[2]!], value: leading(3) }),
);

/** Lines of the echoed input deck: xc, basis per element ('O library 6-311G*'), task. */
export const deck = {
  xc: every(/^\s*xc\s+(.+)$/i, text()),
  basis: every(/^\s*(\S+)\s+library\s+(\S+)/i, fields({ element: text(1), name: text(2) })),
  task: every(/^\s*task\s+(.+)$/i, (match) => match[1]!.trim().toLowerCase()),
};
