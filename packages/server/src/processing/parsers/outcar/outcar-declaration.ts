// What a VASP OUTCAR holds, declared for the text toolkit: the set-up before the first electronic
// iteration (version line, build, POTCARs, the INCAR and parameter echoes, k-points, the initial cell and
// positions), then one block per electronic iteration 'Iteration N(  M)' with its energies and timer; the
// last iteration of an ionic step also holds what the step ends with (cell, positions and forces, the
// 'FREE ENERGIE' energies, E-fermi with the eigenvalues, stress, the step's timer). read-outcar.ts groups
// the iterations into ionic steps.
import type { Mat3, Vec3 } from '@oasis/chem';
import { numbersIn } from '../../text/numbers.ts';
import { columns } from '../../text/rule-columns.ts';
import { type ConvertLines, linesAfter, recordAfter } from '../../text/rule-records.ts';
import { after, before } from '../../text/rule-split.ts';
import {
  blocks,
  type Convert,
  every,
  fields,
  first,
  flag,
  integer,
  last,
  real,
  reals,
  type Rule,
  table,
  tables,
  text,
} from '../../text/rules.ts';
import { incarValue, type IncarValue } from './incar.ts';

const NUM = String.raw`([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)`;
const ITERATION = /-\s*Iteration\s+(\d+)\s*\(\s*(\d+)\s*\)/;
const SEPARATOR = /^\s*-{20,}\s*$/;
const DIRECT_LATTICE = /direct lattice vectors/;
const E_FERMI = new RegExp(String.raw`E-fermi\s*:\s*${NUM}`);
const SPIN_COMPONENT = /^\s*spin component\s+(\d+)/;
const KPOINT_HEADING = /^\s*k-point\s+(\d+)\s*:/;
const TIMING = /General timing and accounting/;

/** The scope's first line (1-based): where a block starts, for messages. */
const startLine: Rule<number> = { read: (scope) => scope.from + 1 };

/** The scope's lines, for a reader of its own. */
const scopeLines: Rule<readonly string[]> = {
  read: (scope) => scope.source.lines.slice(scope.from, scope.to),
};

/**
 * Three lattice rows (the first three numbers of each line; the reciprocal vectors follow on the same
 * lines). An unreadable row is reported and the cell is unknown (`rows` undefined), so that a step does
 * not silently keep the cell of the step before.
 */
const latticeRows: ConvertLines<{ rows?: Mat3 }> = (lines, warn) => {
  const rows: Vec3[] = [];
  for (const [k, line] of lines.entries()) {
    const values = numbersIn(line);
    if (values.length < 3 || line.includes('*')) {
      warn(`expected a lattice vector, found '${line.trim()}'`, k);
      return { rows: undefined };
    }
    rows.push([values[0]!, values[1]!, values[2]!]);
  }
  return { rows: rows as Mat3 };
};

/** 'x y z fx fy fz' of the POSITION/TOTAL-FORCE table; '***' (an overflow) or a short row is reported. */
const positionAndForce: Convert<number[]> = (match, warn) => {
  const line = match.input;
  if (line.includes('*')) {
    warn("number overflow ('***') in positions and forces");
    return undefined;
  }
  const values = numbersIn(line);
  if (values.length >= 6) return values.slice(0, 6);
  warn(`expected 6 numbers in positions and forces, found '${line.trim()}'`);
  return undefined;
};

const xyz: Convert<Vec3> = (match) => {
  const values = numbersIn(match[0]);
  return values.length < 3 ? undefined : [values[0]!, values[1]!, values[2]!];
};

/** 'x y z weight' rows of a k-point list. */
const KPOINT_ROW =
  /^\s*([-+]?\d*\.\d+)\s+([-+]?\d*\.\d+)\s+([-+]?\d*\.\d+)\s+([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*$/;
const kpointRow = fields({
  point: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] as Vec3,
  weight: real(4),
});

/** An INCAR echo line, 'TAG = value ! comment'; the POTCAR lines VASP 6 prints among them are passed over. */
const INCAR_LINE = /^\s*POTCAR:|^\s+([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/;
const incarTag: Convert<[string, IncarValue]> = (match) =>
  match[1] === undefined
    ? undefined
    : [match[1].toUpperCase(), incarValue((match[2] ?? '').replace(/[#!].*$/, ''))];

/** 'running on N cores' or 'running N mpi-ranks' (parallel) or 'serial version'. */
const PARALLEL = /^\s*(?:(running)\s|serial version)/;

const SETUP = {
  header: first(/^\s*vasp\.(\S+)\s*(.*)$/, fields({ version: text(1), rest: (m) => (m[2] ?? '').trim() })),
  executed: first(
    /executed on\s+(\S+)\s+date\s+(\S+)\s+(\S+)/,
    fields({ platform: text(1), date: text(2), time: text(3) }),
  ),
  parallel: last(PARALLEL, (m) => (m[1] === undefined ? 'serial' : 'parallel')),
  incarEcho: table(/^\s*INCAR:\s*$/, INCAR_LINE, incarTag),
  potcars: every(/^\s*POTCAR:\s*(.+?)\s*$/, text(1)),
  /** The lines of the POTCAR headers echoed at the top (read by vasp/potcar.ts). */
  potcarHeaderLines: every(/^\s*(?:LEXCH|TITEL|ENMAX|POMASS|LPAW|LULTRA)\s*=/, (m) => m.input),
  // IBZKPT's irreducible k-points, weights as counts; a column header precedes the rows.
  irreducible: after(/Found\s+\d+\s+irreducible k-points/, {
    rows: table(/Following reciprocal coordinates/, KPOINT_ROW, kpointRow, { skip: 1 }),
  }),
  reciprocal: table(/k-points in reciprocal lattice and weights/, KPOINT_ROW, kpointRow),
  ionsPerType: first(/ions per type\s*=\s*([\d\s]+)$/, reals(1)),
  nions: last(/NIONS\s*=\s*(\d+)/, integer(1)),
  nBands: last(/NBANDS\s*=\s*(\d+)/, integer(1)),
  parameterEcho: after(/Startparameter for this run:/, { lines: scopeLines }, { end: SEPARATOR }),
  lattices: recordAfter(DIRECT_LATTICE, 3, latticeRows),
  positions: table(/position of ions in cartesian coordinates/, /^\s*\S+\s+\S+\s+\S+/, xyz),
  ldau: flag(/LDA\+U is selected/),
};

const TOTEN = /free\s+energy\s+TOTEN\s*=\s*([-+.\dEe]+)/;
const WITHOUT_ENTROPY = /energy\s+without\s+entropy\s*=\s*([-+.\dEe]+)/;
const SIGMA0 = /energy\(sigma->0\)\s*=\s*([-+.\dEe]+)/;

/** The eigenvalues of each k-point: 'k-point N :' then 'band No.  band energies  occupation' rows. */
const KPOINT_BANDS = blocks(KPOINT_HEADING, {
  kpoint: first(KPOINT_HEADING, integer(1)),
  // The band energies and occupations are most of a long file: read into columns.
  bands: columns(/^\s*band No\./, /^\s*\d+\s+([-+]?\d*\.\d+)\s+([-+]?\d*\.\d+)\s*$/, 2),
});

/** What follows E-fermi: per spin component (none printed when unpolarised), the k-points' bands. */
const EIGENVALUES = {
  spins: blocks(SPIN_COMPONENT, { spin: first(SPIN_COMPONENT, integer(1)), kpoints: KPOINT_BANDS }),
  unpolarised: before([SPIN_COMPONENT], { kpoints: KPOINT_BANDS }),
};

const ITERATION_BLOCK = {
  line: startLine,
  iteration: first(ITERATION, fields({ ionic: integer(1), electronic: integer(2) })),
  // The iteration's 'Free energy of the ion-electron system (eV)' box: about 15 lines.
  energies: linesAfter(/Free energy of the ion-electron system/, 19, {
    sumEigenvalues: first(/eigenvalues\s+EBANDS\s*=\s*([-+.\dEe]+)/, real()),
    free: first(TOTEN, real()),
    withoutEntropy: first(WITHOUT_ENTROPY, real()),
    sigma0: first(SIGMA0, real()),
  }),
  time: first(/^\s*LOOP:\s.*real time\s*([-+.\d]+)/, real()),
  // What the last iteration of an ionic step holds for the step.
  lattices: recordAfter(DIRECT_LATTICE, 3, latticeRows),
  positionsAndForces: tables(/POSITION\s+TOTAL-FORCE/, /^(?!\s*-{3})\s*[-+]?[\d.*]/, positionAndForce, {
    skip: 1,
  }),
  final: linesAfter(/FREE ENERGIE OF THE ION-ELECTRON SYSTEM/, 7, {
    free: first(TOTEN, real()),
    withoutEntropy: first(WITHOUT_ENTROPY, real()),
    sigma0: first(SIGMA0, real()),
  }),
  fermi: last(E_FERMI, real()),
  eigenvalues: blocks(E_FERMI, EIGENVALUES),
  stress: last(/^\s*in kB(.*)$/, (match, warn) => {
    const values = numbersIn(match[1] ?? '');
    if (values.length >= 6 && !match[1]!.includes('*')) return values.slice(0, 6);
    warn(`expected six stress components 'in kB', found '${match[0].trim()}'`);
    return undefined;
  }),
  converged: last(/aborting loop (because EDIFF is reached|EDIFF was not reached)/, (m) =>
    m[1]!.startsWith('because'),
  ),
  stepTime: last(/^\s*LOOP\+:\s.*real time\s*([-+.\d]+)/, real()),
};

/** A whole OUTCAR. */
export const OUTCAR_FILE = {
  setup: before([ITERATION], SETUP),
  iterations: blocks(ITERATION, ITERATION_BLOCK),
  finished: flag(TIMING),
  elapsed: after(TIMING, { seconds: first(/^\s*Elapsed time \(sec\):\s*([-+.\dEe]+)/, real()) }),
};
