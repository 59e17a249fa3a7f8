// What an ORCA output says, in its units (Hartree, Å, Hartree/bohr, s): version, the '!' keywords of the
// input, the functional, charge, multiplicity, SCF tolerances and basis groups, then per SCF (one per
// optimisation cycle) the geometry, iterations, final energy, orbital energies, charges, gradient and
// timings; a coupled-cluster or TD-DFT step after the SCF. Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { among } from '../../text/spans.ts';
import {
  type Convert,
  type Parsed,
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  last,
  text,
} from '../../text/rules.ts';
import {
  absorption,
  atomCharges,
  coordinates,
  gradients,
  orbitalCharges,
  orbitalEnergies,
  type OrcaCharges,
  type OrcaExcitation,
  type OrcaGeometry,
  type OrcaOrbital,
  type Vec,
} from './read-orca-blocks.ts';
import { plainNumber } from '../../text/convert-number.ts';

export type { OrcaGeometry } from './read-orca-blocks.ts';

export interface OrcaStep {
  geometry: OrcaGeometry;
  /** Hartree per SCF iteration. */
  iterations: number[];
  converged?: boolean;
  /** Hartree ('FINAL SINGLE POINT ENERGY', dispersion and correlation included). */
  energy?: number;
  /** Orbital energies (Hartree) with occupations, per spin channel. */
  orbitals: OrcaOrbital[][];
  mulliken?: OrcaCharges;
  /** Hartree/bohr */
  gradient?: Vec[];
  /** s: the SCF's 'Total time' (or 'Total SCF time' when only that is printed). */
  scfTime?: number;
  /** The correlated method after the SCF ('CCSD', 'CCSD(T)') and its energy (Hartree). */
  correlated?: { method: string; energy?: number };
  excitations?: OrcaExcitation[];
}

interface OrcaBasisGroup {
  element: string;
  /** '11s6p2d1f' and '5s3p2d1f' of '11s6p2d1f contracted to 5s3p2d1f' */
  primitives: string;
  contracted: string;
}

export interface OrcaOutput {
  version?: string;
  /** Every '!' keyword of the input. */
  keywords: string[];
  exchange?: string;
  correlation?: string;
  hybrid: boolean;
  /** From 'Your calculation utilizes the basis:'. */
  basis?: string;
  basisGroups: OrcaBasisGroup[];
  nPrimitives?: number;
  nBasisFunctions?: number;
  charge?: number;
  multiplicity?: number;
  /** Hartree */
  toleranceEnergy?: number;
  toleranceRmsDensity?: number;
  maxIterations?: number;
  steps: OrcaStep[];
  optimizationConverged: boolean;
  finished: boolean;
  /** s, 'TOTAL RUN TIME' */
  runTime?: number;
  /** 'file line N: ...': what was found but could not be read. */
  warnings?: string[];
}

/** Seconds of 'N days N hours N min N sec [N msec]'. */
const duration: Convert<number> = (match) => {
  const [d, h, m, s, ms] = match.slice(1, 6).map((x) => Number(x ?? 0)) as number[];
  return ((d! * 24 + h!) * 60 + m!) * 60 + s! + ms! / 1000;
};
const TIMES = '(\\d+) days (\\d+) hours (\\d+) min(?:utes)? (\\d+) sec(?:onds)?(?: (\\d+) msec)?';

/** One SCF (an optimisation cycle): from its coordinates to the next coordinates. */
const step = {
  geometry: coordinates,
  iterations: blocks(
    /SCF ITERATIONS/,
    { energies: every(/^\s*(\d+)\s+(-\d+\.\d+)\s+(-?\d+\.\d+(?:[eE][-+]?\d+)?)\s/, plainNumber(2)) },
    { end: /SCF CONVERGED AFTER/ },
  ),
  converged: last(/SCF (NOT CONVERGED|CONVERGED AFTER)/, (match) => match[1] === 'CONVERGED AFTER'),
  // These values start at the first column: read among the lines that do.
  column0: among(/^[A-Z]/, {
    energy: last(/^FINAL SINGLE POINT ENERGY\s+(\S+)/, plainNumber()),
    totalTime: first(/^Total time\s+\.+\s*(\S+) sec/, plainNumber()),
    scfTime: first(new RegExp(`^Total SCF time:.*?${TIMES}`), duration),
    correlated: last(
      /^(?:Correlation treatment\s+\.+\s*(\S+)|E\((CCSD|CCSD\(T\))\)\s+\.+\s*(\S+))/,
      (match) => (match[1] ? { method: match[1] } : { method: match[2]!, energy: Number(match[3]) }),
    ),
  }),
  orbitals: orbitalEnergies,
  atomCharges,
  orbitalCharges,
  gradients,
  excitations: absorption,
};

/** Settings printed once per SCF: the first print is kept. */
const setting = (label: string, value = '(\\S+)') => new RegExp(`${label}\\s+\\.+\\s*${value}`);

const output = {
  version: first(/Program Version\s+(.+?)\s*$/, text()),
  keywords: every(/^\|\s*\d+>\s*!(.*)$/, (match) => match[1]!.trim().split(/\s+/).filter(Boolean)),
  basis: first(/Your calculation utilizes the basis:\s*(.+?)\s*$/, text()),
  // 'Label  Keyword  ....  value': read among the lines with dots only.
  settings: among(/\.\.\./, {
    exchange: first(setting('Exchange Functional\\s+Exchange'), text()),
    correlation: first(setting('Correlation Functional\\s+Correlation'), text()),
    charge: first(setting('Total Charge\\s+Charge', '(-?\\d+)'), integer()),
    multiplicity: first(setting('Multiplicity\\s+Mult', '(\\d+)'), integer()),
    toleranceEnergy: first(setting('Energy Change\\s+TolE'), plainNumber()),
    maxIterations: first(setting('Maximum # iterations\\s+MaxIter', '(\\d+)'), integer()),
    toleranceRmsDensity: first(/Last RMS-Density change\s+\.+\s*\S+\s+Tolerance\s*:\s*(\S+)/, plainNumber()),
    nPrimitives: first(/# of primitive gaussian functions\s+\.+\s*(\d+)/, integer()),
    nBasisFunctions: first(/# of contracted basis functions\s+\.+\s*(\d+)/, integer()),
  }),
  hybrid: flag(/Hybrid DFT is turned on/),
  // The first basis-set block is the orbital basis; auxiliary blocks come after it.
  basisGroups: block(
    /^BASIS SET INFORMATION/,
    {
      groups: every(
        /^\s*Group\s+\d+\s+Type\s+(\S+)\s*:\s*(\S+) contracted to (\S+)/,
        fields({ element: text(1), primitives: text(2), contracted: text(3) }),
      ),
    },
    { end: /^AUXILIARY BASIS SET INFORMATION|ORCA GTO INTEGRAL/ },
  ),
  steps: blocks(/^CARTESIAN COORDINATES \(ANGSTROEM\)/, step),
  runTime: last(new RegExp(`^TOTAL RUN TIME:.*?${TIMES}`), duration),
  optimizationConverged: flag(/THE OPTIMIZATION HAS CONVERGED/),
  finished: flag(/ORCA TERMINATED NORMALLY/),
};

type Step = Parsed<typeof step>;

/** Mulliken charges of a step: the last table, with the orbital populations printed after it. */
const mullikenOf = (read: Step): OrcaCharges | undefined =>
  read.atomCharges.length === 0
    ? undefined
    : {
        atoms: read.atomCharges.at(-1)!,
        orbitals: (read.orbitalCharges.at(-1)?.atoms ?? []).flatMap(({ first: head, next }) =>
          head ? [head, ...next.map((row) => ({ atomIndex: head.atomIndex, ...row }))] : [],
        ),
      };

const orbitalsOf = (read: Step): OrcaOrbital[][] => {
  const table = read.orbitals.at(-1);
  if (!table) return [];
  if (table.channels.length > 0) return table.channels.map((c) => c.rows).filter((rows) => rows.length > 0);
  return table.rows.length > 0 ? [table.rows] : [];
};

const stepOf = (read: Step): OrcaStep => {
  const { energy, totalTime, scfTime: total, correlated } = read.column0;
  const step: OrcaStep = {
    geometry: {
      species: read.geometry.map((a) => a.symbol),
      positions: read.geometry.map((a) => a.position),
    },
    iterations: read.iterations.flatMap((b) => b.energies),
    orbitals: orbitalsOf(read),
  };
  const scfTime = totalTime ?? total;
  const gradient = read.gradients.at(-1)?.rows;
  const mulliken = mullikenOf(read);
  const excitations = read.excitations.at(-1);
  return Object.assign(
    step,
    read.converged !== undefined ? { converged: read.converged } : {},
    energy !== undefined ? { energy } : {},
    mulliken ? { mulliken } : {},
    gradient ? { gradient } : {},
    scfTime !== undefined ? { scfTime } : {},
    correlated ? { correlated } : {},
    excitations ? { excitations } : {},
  );
};

export function readOrcaOutput(content: string, file = 'output'): OrcaOutput {
  const { values, warnings } = readText(output, content, file);
  if (!values.version) throw new Error("not an ORCA output: no 'Program Version' line");
  if (values.steps.length === 0) throw new Error("the output has no 'CARTESIAN COORDINATES' (no geometry)");
  const { basisGroups, keywords, steps, settings, ...rest } = values;
  return {
    ...rest,
    ...settings,
    keywords: keywords.flat(),
    basisGroups: basisGroups?.groups ?? [],
    steps: steps.map(stepOf),
    warnings,
  };
}
