// One SCF cycle of an FHI-aims output, from 'Begin self-consistency loop' to the next: its iterations
// (energies, changes, timings), energy components, Fermi level, band edges, eigenvalues and forces, the
// structures printed after it and, in MD, the summary of the step just computed.
import { after, before } from '../../text/rule-split.ts';
import type { Convert, Parsed } from '../../text/rules.ts';
import {
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  last,
  real,
  tables,
  text,
} from '../../text/rules.ts';
import { numbersIn } from '../../text/numbers.ts';
import {
  clock,
  component,
  componentOf,
  eigenvaluesOf,
  geometryOf,
  LISTING,
  LISTING_END,
  STRUCTURE_ROW,
  structureRow,
  wall,
  xyz,
  type AimsGeometry,
  type StructureRow,
} from './read-aims-parts.ts';
import type { AimsIteration, AimsScfStep } from './read-aims.ts';

export const BEGIN_LOOP = /^\s*Begin self-consistency loop/;
export const DATE = /^\s*Date/;
export const UPDATED_STRUCTURE = /^\s*(?:Updated|Final) atomic structure:/;
const MD_SUMMARY = /^\s*Complete information for previous time-step/;

/** In eV either by the label ('in eV') or by the unit after the value; GW's line in Ha is not it. */
const fermi: Convert<number> = (match) =>
  (match[1] || match[3]) && !componentOf(match.input) ? Number(match[2]) : undefined;

/**
 * MD_light and newer outputs print one row per iteration:
 * 'SCF    1 :  0.41E-03 |  0.30E+00 |   0.16E+02 |  0.11E+01 |  . |  1.150 s |  1.165 s'.
 */
const compactRow: Convert<AimsIteration> = (match) => {
  const cells = match[1]!.split('|').map((cell) => cell.trim());
  if (cells.length < 7) return {};
  const iteration: AimsIteration = {};
  const change = Number(cells[3]);
  if (Number.isFinite(change)) iteration.change = change;
  const seconds = numbersIn(cells[cells.length - 1]!)[0];
  if (seconds !== undefined) iteration.timeCalculation = seconds;
  return iteration;
};

/** The line's first number, kept also when there is none: such a line still replaces an earlier value. */
const maybeNumber: Convert<{ value?: number }> = (match) => ({ value: numbersIn(match[1]!)[0] });

/** The eV of the energy component row `name` (a pattern source) of an iteration, as `component` reads it. */
const componentNamed = (name: string) =>
  last(new RegExp(String.raw`^\s*\|\s*${name}\s*:\s*[-\d.Ee+]+\s+Ha\s+([-\d.Ee+]+)\s+eV`), real());

const ITERATION = {
  clock: first(DATE, clock),
  // By name rather than all components: these rows are found by their names, not among all '|' rows.
  total: componentNamed('Total energy'),
  totalT0: componentNamed('Total energy, T -> 0'),
  free: componentNamed('Electronic free energy'),
  change: last(/^\s*\| Change of total energy.*?:\s*(\S+)\s*eV/, real()),
  // The iteration's time is the first 'Time for this iteration' row after its end.
  end: block(/^\s*End self-consistency iteration #/, {
    time: first(/^\s*\| Time for this iteration/, wall),
  }),
};

const compact = (name: string) => last(new RegExp(String.raw`^\s*\| ${name}\s+:\s*(\S+)\s+eV`), real());

export const STEP = {
  clock: first(DATE, clock),
  compactIterations: every(/^\s*SCF\s+\d+\s*:(.*)$/, compactRow),
  components: every(component.pattern, component.convert),
  xcParts: every(
    /^\s*(X Energy|C Energy GGA|C Energy LDA|Total XC Energy|Hartree-Fock part)\s*:\s*\S+\s+Ha\s+(\S+)\s+eV/,
    fields({ name: text(1), value: real(2) }),
  ),
  fermi: last(
    /^\s*\| [Cc]hemical [Pp]otential(?: \(Fermi level\))?( in eV)?\s*:\s*([-+]?[\d.]+(?:[Ee][-+]?\d+)?)\s*(eV)?/,
    fermi,
  ),
  highestOccupied: last(/^\s*Highest occupied state \(VBM\) at(.*)/, maybeNumber),
  lowestUnoccupied: last(/^\s*Lowest unoccupied state \(CBM\) at(.*)/, maybeNumber),
  converged: flag(/^\s*Self-consistency cycle converged\./),
  forcesRaw: every(/^\s*Total forces\(\s*(\d+)\)\s*:(.*)$/, fields({ atom: integer(1), force: xyz(2) })),
  iterations: blocks(/^\s*Begin self-consistency iteration #/, ITERATION),
  // MD's summary repeats 'Electronic free energy' for the step; the SCF's own rows come before it.
  scf: before([MD_SUMMARY], {
    totalUncorrected: compact('Total energy uncorrected'),
    totalCorrected: compact('Total energy corrected'),
    freeEnergy: compact('Electronic free energy'),
  }),
  listings: blocks(/^\s*Writing Kohn-Sham eigenvalues\./, LISTING, { end: LISTING_END }),
  forces: tables(/^\s*Total atomic forces.*\[eV\/Ang\]:/, /^\s*\|\s*\d+\s+(.*)$/, xyz()),
  // The step's time is the first 'Time for this force evaluation' row after the evaluation ends.
  forceTimes: blocks(/^\s*Relaxation \/ MD: End force evaluation/, {
    time: first(/^\s*\| Time for this force evaluation/, wall),
  }),
  md: after(MD_SUMMARY, {
    rows: every(
      /^\s*\| (Time step number|Simulation time|Temperature \(nuclei\)|Nuclear kinetic energy|Electronic free energy)\s*:\s*(\S+)\s*(?:ps|K|eV)?\s*$/,
      fields({ name: text(1), value: real(2) }),
    ),
  }),
  mdStructures: tables(
    /^\s*(?:Final atomic structure|Atomic structure) \(and velocities\) as used in the preceding/,
    STRUCTURE_ROW,
    structureRow,
  ),
  updates: tables(UPDATED_STRUCTURE, STRUCTURE_ROW, structureRow),
};

type Step = Parsed<typeof STEP>;

const MD_KEYS = {
  'Time step number': 'step',
  'Simulation time': 'time',
  'Temperature (nuclei)': 'temperature',
  'Nuclear kinetic energy': 'kinetic',
  'Electronic free energy': 'potential',
} as const;

const seconds = (from: number | undefined, to: number | undefined) =>
  from !== undefined && to !== undefined ? (to - from) / 1000 : undefined;
const defined = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

function iterationOf(iteration: Parsed<typeof ITERATION>, runClock: number | undefined): AimsIteration {
  const { clock: start, total, totalT0, free, change } = iteration;
  const time = iteration.end?.time?.seconds;
  const since = seconds(runClock, start);
  return defined({
    total,
    totalT0,
    free,
    change,
    timeCalculation: time,
    timePhysical: time !== undefined && since !== undefined ? since + time : undefined,
  });
}

/** The geometry an update gives, after `previous`: names and the cell it does not print are kept. */
export const updatedGeometry = (previous: AimsGeometry | undefined, rows: StructureRow[]): AimsGeometry => {
  const geometry = geometryOf(rows, previous?.species);
  const cell = geometry.cell ?? previous?.cell;
  return { ...geometry, ...(cell ? { cell } : {}) };
};

/** A step from what was read; `geometry` is the one in force when it began. */
export function stepOf(step: Step, geometry: AimsGeometry, runClock: number | undefined): AimsScfStep {
  const rawStart = step.forcesRaw.findLastIndex((row) => row.atom === 1);
  const time = step.forceTimes.findLast((evaluation) => evaluation.time?.seconds !== undefined)?.time
    ?.seconds;
  const since = seconds(runClock, step.clock);
  const eigenvalues = step.listings.map(eigenvaluesOf).findLast((listing) => listing.energies[0]!.length > 0);
  const mdGeometry = step.mdStructures
    .map((rows) => geometryOf(rows, geometry.species))
    .findLast((read) => read.positions.length > 0);
  const mdRows = step.md?.rows ?? [];
  const md = Object.fromEntries(
    mdRows.map((row) => [MD_KEYS[row.name as keyof typeof MD_KEYS], row.value] as const),
  );
  return {
    iterations: [...step.iterations.map((it) => iterationOf(it, runClock)), ...step.compactIterations],
    components: new Map(step.components.map((row) => [row.name, row.value])),
    xcParts: new Map(step.xcParts.map((row) => [row.name, row.value])),
    converged: step.converged,
    geometry: mdGeometry ? { ...mdGeometry, ...(geometry.cell ? { cell: geometry.cell } : {}) } : geometry,
    ...defined({
      totalUncorrected: step.scf.totalUncorrected,
      totalCorrected: step.scf.totalCorrected,
      freeEnergy: step.scf.freeEnergy,
      fermi: step.fermi,
      highestOccupied: step.highestOccupied?.value,
      lowestUnoccupied: step.lowestUnoccupied?.value,
      forces: step.forces.at(-1),
      forcesRaw: rawStart < 0 ? undefined : step.forcesRaw.slice(rawStart).map((row) => row.force),
      eigenvalues,
      timeCalculation: time,
      timePhysical: time !== undefined && since !== undefined ? since + time : undefined,
      md: mdRows.length > 0 ? md : undefined,
    }),
  };
}

/** The step of an output that stops before its first SCF cycle: its input geometry alone. */
export const emptyStep = (geometry: AimsGeometry): AimsScfStep => ({
  iterations: [],
  components: new Map(),
  xcParts: new Map(),
  converged: false,
  geometry,
});
