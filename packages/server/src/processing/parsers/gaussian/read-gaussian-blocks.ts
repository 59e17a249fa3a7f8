// Tables and records of a Gaussian log, declared on the text toolkit (in Gaussian's units): orientation
// tables, force tables, Mulliken charges, orbital energies and the thermochemistry of a frequency job.
import { numbersIn } from '../../text/numbers.ts';
import { type Convert, blocks, every, fields, first, last, table, tables, text } from '../../text/rules.ts';
import { among, runs } from '../../text/spans.ts';
import { plainNumber } from '../../text/convert-number.ts';

export type Vec = [number, number, number];

export interface GaussianGeometry {
  atomicNumbers: number[];
  /** Å */
  positions: Vec[];
}

/** The thermochemistry of a frequency job. */
export interface GaussianThermo {
  /** K */
  temperature?: number;
  /** atm */
  pressure?: number;
  /** Hartree/particle */
  zeroPointCorrection?: number;
  /** Hartree: electronic plus thermal energy, enthalpy and free energy. */
  internalEnergy?: number;
  enthalpy?: number;
  freeEnergy?: number;
  /** cal/(mol K), the 'Total' row */
  heatCapacity?: number;
  entropy?: number;
}

/** The numbers of a row when it has at least `count` of them (a shorter row is no row of the table). */
const atLeast =
  (count: number): Convert<number[]> =>
  (match) => {
    const numbers = numbersIn(match[0]);
    return numbers.length >= count ? numbers : undefined;
  };

// '\s' before a word keeps the text the engine looks for first from starting with a space.
export const ORIENTATION = /^\s*(Input|Z-Matrix|Standard)\sorientation:/;

/** An orientation table: heading, rule, two title lines, rule, then 'centre Z type x y z' rows. */
export const orientation = table(ORIENTATION, /^\s*\d+\s+\d+.*$/, atLeast(6), { skip: 4 });

/** The 'Forces (Hartrees/Bohr)' table: two title lines after the heading, then rows of centre, Z, x y z. */
export const forces = tables(/Forces \(Hartrees\/Bohr\)/, /^\s*\d+\s+\d+.*$/, atLeast(5), { skip: 2 });

/** Mulliken charges (e): a column-number line, then 'n  Symbol  charge [spin]' rows. */
export const mulliken = tables(
  /^\s*Mulliken (atomic )?charges( and spin densities)?:/,
  /^\s*\d+\s+[A-Za-z]+\S*\s+(-?\d+\.\d+)/,
  plainNumber(),
  { skip: 1 },
);

/** Orbital energies: consecutive 'Alpha  occ. eigenvalues --' lines, one run per print. */
export const eigenvalues = runs(
  /^\s*(Alpha|Beta)\s+(occ\.|virt\.)\seigenvalues --(.*)$/,
  fields({
    spin: (match) => (match[1] === 'Alpha' ? 0 : 1),
    occupied: (match) => match[2] === 'occ.',
    values: (match) => numbersIn(match[3]!),
  }),
);

const SUM =
  /^\s*(Zero-point correction|Sum of electronic and thermal (Energies|Enthalpies|Free Energies))=\s*(-?\d+\.\d+)/;
const CONDITIONS = /^\s*Temperature\s+(\S+)\s+Kelvin\.\s+Pressure\s+(\S+)\s+Atm\./;

/** Thermochemistry lines; the 'Total  E(thermal) CV S' row counts only once the table has begun. */
export const thermo = {
  conditions: last(CONDITIONS, fields({ temperature: plainNumber(1), pressure: plainNumber(2) })),
  // Lines with '=' only: a tenth of a log.
  sums: among(/=/, {
    rows: every(SUM, fields({ kind: (match) => match[2] ?? 'zero-point', value: plainNumber(3) })),
  }),
  totals: blocks(CONDITIONS, {
    total: first(
      /^\s*Total\s+(\S+)\s+(\S+)\s+(\S+)\s*$/,
      fields({ heatCapacity: plainNumber(2), entropy: plainNumber(3) }),
    ),
  }),
};

const SUM_FIELDS: Record<string, keyof GaussianThermo> = {
  'zero-point': 'zeroPointCorrection',
  Energies: 'internalEnergy',
  Enthalpies: 'enthalpy',
  'Free Energies': 'freeEnergy',
};

type Thermo = {
  conditions?: { temperature: number; pressure: number };
  sums: { rows: { kind: string; value: number }[] };
  totals: { total?: { heatCapacity: number; entropy: number } }[];
};

/** A job's thermochemistry: the last conditions and sums, the first 'Total' row after the conditions. */
export const thermoOf = (read: Thermo): GaussianThermo => ({
  ...read.conditions,
  ...Object.fromEntries(read.sums.rows.map(({ kind, value }) => [SUM_FIELDS[kind], value])),
  ...read.totals.find((block) => block.total)?.total,
});

/** Text trimmed, for the route's lines. */
export const line = text(0);
