// What a pw.x output holds, declared for the text toolkit (processing/text): per run its settings, the
// geometry it prints before its first SCF cycle, and per cycle (from 'iteration #  1', or 'Band Structure
// Calculation' for a bands run, to the next) the iterations, energies, eigenvalues, forces, stress, MD
// state and the geometry printed after it. Values stay as pw.x writes them; read-pw.ts maps them.
import { numbersIn } from '../../text/numbers.ts';
import { recordAfter } from '../../text/rule-records.ts';
import { looseTables } from '../../text/rule-loose-table.ts';
import { before, parts } from '../../text/rule-split.ts';
import {
  blocks,
  type Convert,
  every,
  fields,
  first,
  flag,
  last,
  type Parsed,
  type Rule,
  tables,
  text,
} from '../../text/rules.ts';

type Vec = [number, number, number];

const vec = (numbers: number[]): Vec => [numbers[0]!, numbers[1]!, numbers[2]!];

/** A number as pw.x prints it, D exponents too (NaN for what is none, as the reader always read it). */
const number =
  (group = 1): Convert<number> =>
  (match) =>
    match[group] === undefined ? undefined : Number(match[group].replace(/[dD]/, 'e'));

/** Three numbers of a k-point, also where they run into each other ('0.1250000-0.1250000'). */
const kpoint = (coordinates: string): Vec => vec(numbersIn(coordinates.replace(/(\d)-/g, '$1 -')));

/** Where a part of the file starts (0-based line): a run's first line, for messages. */
const start: Rule<number> = { read: (scope) => scope.from };

const CPU = /total cpu time spent up to now is\s*([\d.]+)\s*secs/;
const ITERATION = /^\s*iteration #\s*\d+/;
/** The converged energy: '!    total energy  =  ...'. */
const CONVERGED = /^!/;
const SPIN = /------ SPIN (UP|DOWN) ----/;
const BANDS = /^\s*k\s*=\s*(.*?)\s*\(\s*\d+\s*PWs\)\s*bands \(ev\):/;

/** Each k-point's band energies: its heading, then rows of numbers after at most one blank line. */
const EIGENVALUES = {
  kpoints: every(BANDS, (match) => kpoint(match[1]!)),
  energies: looseTables(BANDS, /^\s*[-\d.][-\d.\s]*$/, (match) => numbersIn(match[0]), { within: 2 }),
};

const CELL_PARAMETERS =
  /^\s*CELL_PARAMETERS\s*\(?\s*(alat|bohr|angstrom|ALAT|BOHR|ANGSTROM|Angstrom)?\s*(?:=\s*([\d.]+))?\)?/;
const ATOMIC_POSITIONS =
  /^\s*ATOMIC_POSITIONS\s*\(?\s*(alat|bohr|angstrom|crystal|ALAT|BOHR|ANGSTROM|CRYSTAL|Angstrom|Crystal)?/;

/** The geometry a part of a run prints: the echoed cell and sites, and the cards of a relaxation step. */
const GEOMETRY = {
  axes: recordAfter(
    /crystal axes: \(cart\. coord\. in units of alat\)/,
    3,
    (lines) => lines.map((line) => vec(numbersIn(line.split('=')[1] ?? ''))),
    { partial: true },
  ),
  sites: tables(
    /site n\.\s+atom\s+positions \(alat units\)/,
    /^\s*\d+\s+(\S+)\s+tau\(\s*\d+\)\s*=\s*\(\s*(.*)\)/,
    fields({ label: text(1), position: (match) => vec(numbersIn(match[2]!)) }),
  ),
  cells: recordAfter(
    CELL_PARAMETERS,
    3,
    (lines, _, heading) => ({
      unit: heading![1]?.toLowerCase() ?? 'alat',
      alat: heading![2],
      rows: lines.map((line) => vec(numbersIn(line))),
    }),
    { partial: true },
  ),
  positionUnits: every(ATOMIC_POSITIONS, (match) => match[1]?.toLowerCase() ?? 'alat'),
  positionRows: tables(ATOMIC_POSITIONS, /^\s*([A-Za-z]\S*)\s+(\S+)\s+(\S+)\s+(\S+)/, (match) => {
    const xyz = vec([2, 3, 4].map((group) => Number(match[group])));
    return Number.isNaN(xyz[0]) ? undefined : { label: match[1]!, xyz };
  }),
  lastCpu: last(CPU, number()),
};

/** One SCF (or band structure) cycle and what pw.x prints after it until the next. */
const CYCLE = {
  ...GEOMETRY,
  /** The cpu time printed before the cycle's first iteration (a bands run prints it at its end). */
  opening: before([ITERATION, CONVERGED], { cpu: last(CPU, number()) }),
  iterations: blocks(
    ITERATION,
    {
      energy: last(/^\s*total energy\s*=\s*([-\d.]+)\s*Ry/, number()),
      accuracy: last(/estimated scf accuracy\s*<\s*([\d.eE+-]+)\s*Ry/, number()),
      time: first(CPU, number()),
    },
    { end: CONVERGED },
  ),
  energy: first(/^!.*total energy\s*=\s*([-\d.]+)\s*Ry/, number()),
  contributions: every(
    /^\s*(one-electron contribution|hartree contribution|xc contribution|ewald contribution|smearing contrib\. \(-TS\)|one-center paw contrib\.|DFT-D3? Dispersion|Dispersion Correction)\s*=\s*([-\d.]+)\s*Ry/,
    fields({ name: text(1), value: number(2) }),
  ),
  converged: last(/convergence (has been|NOT) achieved/, (match) => match[1] === 'has been'),
  /** Eigenvalues before any spin heading, then per 'SPIN UP' / 'SPIN DOWN' section. */
  unpolarized: before([SPIN], EIGENVALUES),
  spins: blocks(SPIN, { down: flag(/SPIN DOWN/), ...EIGENVALUES }),
  fermi: last(/the Fermi energy is\s*([-\d.]+)\s*ev/, number()),
  homoLumo: last(
    /highest occupied, lowest unoccupied level \(ev\):\s*([-\d.]+)\s+([-\d.]+)/,
    fields({ homo: number(1), lumo: number(2) }),
  ),
  homo: last(/highest occupied level \(ev\):\s*([-\d.]+)/, number()),
  forces: looseTables(/Forces acting on atoms/, /^\s*atom\s+\d+\s+type\s+\d+\s+force\s*=\s*(.*)$/, (match) =>
    vec(numbersIn(match[1]!)),
  ),
  stress: recordAfter(
    /total\s+stress\s+\(Ry\/bohr\*\*3\)\s+\(kbar\)/,
    3,
    (lines) => lines.map((line) => vec(numbersIn(line).slice(3, 6))),
    { partial: true },
  ),
  temperature: last(/^\s*temperature\s*=\s*([\d.]+)\s*K/, number()),
  kinetic: last(/kinetic energy \(Ekin\)\s*=\s*([\d.]+)\s*Ry/, number()),
  time: last(/^\s*time\s*=\s*([\d.]+)\s*pico-seconds/, number()),
};

const SMEARING =
  /(gaussian|Methfessel-Paxton|Marzari-Vanderbilt|Fermi-Dirac|cold)\s+smearing,\s*width\s*\(Ry\)\s*=\s*([-\d.eEdD+]+)/i;
const KPOINTS = /number of k points\s*=\s*(\d+)(.*)$/;
const PSEUDOPOTENTIAL = /PseudoPot\. #\s*(\d+) for \S+\s+read from file/;

/** A cycle opens at its first iteration, or at the start of a band structure run. */
const CYCLE_START = /iteration #\s*1\s|Band Structure Calculation/;

/** One pw.x run: from its 'Program PWSCF' header (the first run from the file's start) to the next. */
const RUN = {
  start,
  version: first(/Program PWSCF\s+v\.?\s*(\S+(?:\s+\(svn rev\.\s*\d+\))?)/, text()),
  started: first(
    /Program PWSCF\s+v.*starts on\s+(\S+)\s+at\s+(\d+:\s*\d+:\s*\d+)/,
    fields({ day: text(1), time: text(2) }),
  ),
  terminated: last(
    /This run was terminated on:\s*(\d+:\s*\d+:\s*\d+)\s+(\S+)/,
    fields({ time: text(1), day: text(2) }),
  ),
  noncollinear: flag(/Noncollinear calculation/),
  alat: first(/lattice parameter \(alat\)\s*=\s*([\d.]+)\s*a\.u\./, number()),
  ecutwfc: first(/kinetic-energy cutoff\s*=\s*([\d.]+)\s*Ry/, number()),
  ecutrho: first(/charge density cutoff\s*=\s*([\d.]+)\s*Ry/, number()),
  convergenceThreshold: first(/(?:scf )?convergence threshold\s*=\s*([\d.eEdD+-]+)/, number()),
  electrons: first(/number of electrons\s*=\s*([\d.]+)/, number()),
  states: first(/number of Kohn-Sham states\s*=\s*(\d+)/, number()),
  energyThreshold: first(/energy convergence thresh\.\s*=\s*([\d.eEdD+-]+)/, number()),
  forceThreshold: first(/force convergence thresh\.\s*=\s*([\d.eEdD+-]+)/, number()),
  criteria: first(
    /\(criteria: energy <\s*([\d.eE+-]+) Ry, force <\s*([\d.eE+-]+) Ry\/Bohr/,
    fields({ energy: number(1), force: number(2) }),
  ),
  xc: first(/Exchange-correlation\s*=\s*(.*)$/, (match) => match[1]!.replace(/\(.*$/, '').trim()),
  kpointCount: last(KPOINTS, number()),
  tetrahedra: flag(/number of k points\s*=\s*\d+.*tetrahedron/),
  // The first list (Cartesian); a vc-relax's final SCF lists them again for the new cell.
  kpointLists: looseTables(
    KPOINTS,
    /^\s*k\(\s*\d+\)\s*=\s*\(\s*(.*?)\),\s*wk\s*=\s*(\S+)/,
    (match) => ({ point: kpoint(match[1]!), weight: Number(match[2]) }),
    { within: 3 },
  ),
  smearing: first(SMEARING, fields({ kind: text(1), width: (match) => Number(match[2]) })),
  spinUp: flag(/SPIN UP/),
  magnetic: flag(/Starting magnetic structure/),
  lsda: flag(/lsda relax/),
  species: tables(/atomic species\s+valence\s+mass\s+pseudopotential/, /^.*\S.*$/, (match) => {
    const parts = match[0].trim().split(/\s+/);
    return {
      label: parts[0]!,
      valence: Number(parts[1]),
      mass: Number(parts[2]),
      pseudopotential: parts.slice(3).join(' '),
    };
  }),
  pseudopotentials: recordAfter(
    PSEUDOPOTENTIAL,
    3,
    ([path, second, third], _, heading) => {
      const md5 = /MD5 check sum:\s*(\S+)/.exec(second ?? '')?.[1];
      const kind = /Pseudo is ([^,]+),/.exec((md5 ? third : second) ?? '')?.[1]?.trim();
      return { index: Number(heading![1]) - 1, file: (path ?? '').trim().split('/').pop() ?? '', md5, kind };
    },
    { partial: true },
  ),
  finished: flag(/JOB DONE\./),
  bfgs: flag(/BFGS Geometry Optimization/),
  newCell: flag(/new unit-cell volume/),
  calculation: last(/(Molecular Dynamics|Band Structure) Calculation/, text(1)),
  mdTimeStep: first(/Time step\s*=\s*([\d.]+)\s*a\.u\./, number()),
  /** What the run prints before its first cycle; each cycle's geometry follows from it and the cycles. */
  preamble: before([CYCLE_START], GEOMETRY),
  cycles: blocks(CYCLE_START, CYCLE),
};

export const PW = { runs: parts(/Program PWSCF\s+v\./, RUN) };

export type PwRun = Parsed<typeof RUN>;
export type PwPart = Parsed<typeof GEOMETRY>;
export type PwCycle = Parsed<typeof CYCLE>;
