// What exciting's INFO.OUT says, in atomic units (Hartree, bohr, seconds): version name and hash, the
// lattice, species and positions, settings (xc, smearing, spin, k-grid), the SCF iterations of the
// ground state (or of a hybrid-functional run) with their energies, charges and wall times, the forces,
// and a structure optimisation's steps and final state. Declared on the text toolkit: the file's
// quantities below, then a mapping to the reader's types.
import { number } from '../../text/convert-number.ts';
import { readText } from '../../text/read-text.ts';
import { linesAfter } from '../../text/rule-records.ts';
import { after, before } from '../../text/rule-split.ts';
import {
  type Convert,
  type Parsed,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  last,
  real,
  reals,
  tables,
  text,
} from '../../text/rules.ts';

type Vec = [number, number, number];

export interface ExcitingGeometry {
  species: string[];
  /** Fractions of the lattice vectors (bohr when `cartesian`). */
  fractional: Vec[];
  /** INFO.OUT printed cartesian positions (molecules in a box). */
  cartesian?: boolean;
}

/** The values one SCF iteration (or the final, converged state) prints; Hartree, electrons, seconds. */
export interface ExcitingIteration {
  /** 'total', 'fermi', 'kinetic', 'coulomb', 'exchange', 'correlation', 'nonlocal_exchange' */
  energies: Record<string, number>;
  /** 'core', 'core_leakage', 'valence', 'interstitial', 'total' */
  charges: Record<string, number>;
  /** Charge in each atom's muffin-tin sphere. */
  muffinTin: number[];
  gap?: number;
  /** Seconds since the SCF loop started. */
  wallTime?: number;
}

type ExcitingStepKind = 'groundstate' | 'hybrids' | 'optimization' | 'optimized';

export interface ExcitingStep {
  kind: ExcitingStepKind;
  geometry: ExcitingGeometry;
  iterations: ExcitingIteration[];
  /** The converged state's values (the final SCF iteration, else the last iteration). */
  state?: ExcitingIteration;
  /** Hartree */
  energy: number;
  converged?: boolean;
  /** Hartree/bohr */
  forces?: Vec[];
  /** Hartree/bohr: an optimisation step's largest force and its target. */
  maxForce?: [number, number];
  /** Seconds this optimisation step took. */
  seconds?: number;
  /** The optimisation step's number and method ('harmonic', 'bfgs'). */
  step?: number;
  method?: string;
}

/** A species block of the initialisation. */
interface ExcitingSpecies {
  symbol: string;
  /** Positive: the nucleus's charge in e. */
  nuclearCharge?: number;
  /** Electron masses */
  mass?: number;
  /** bohr */
  muffinTinRadius?: number;
  radialPoints?: number;
}

export interface ExcitingInfo {
  /** The release named in the banner ('CARBON', 'BORON-10'). */
  version?: string;
  /** The git hash of the build. */
  hash?: string;
  /** Rows, bohr */
  lattice?: [Vec, Vec, Vec];
  initial: ExcitingGeometry;
  species: ExcitingSpecies[];
  /** Largest |G+k| of the APW functions (1/bohr) and their angular momentum cut-off. */
  gkMax?: number;
  lMaxApw?: number;
  /** The functional's description line after 'Exchange-correlation type'. */
  xc?: string;
  xcType?: number;
  smearing?: { scheme: string; width?: number };
  spinPolarized: boolean;
  kGrid?: number[];
  steps: ExcitingStep[];
  optimization: boolean;
  finished: boolean;
  /** Seconds of the whole run. */
  totalTime?: number;
  /** SCF convergence targets: total-energy change (Hartree) and charge distance. */
  energyTarget?: number;
  chargeTarget?: number;
  /** Iterations of an SCF cut off before its end (the run did not finish). */
  unfinished?: ExcitingIteration[];
}

const value = (label: string) => last(new RegExp(`^\\s*${label}\\s*:\\s*(\\S+)`), number());
const [real1, real2, real3, real4] = [number(1), number(2), number(3), number(4)];
/** A value after its name (these conversions run for most lines of a long output: kept lean). */
const named: Convert<{ name: string; value: number }> = (match, warn) => {
  const value = real2(match, warn);
  return value === undefined ? undefined : { name: match[1]!, value };
};

/** Our names of an iteration's values: energies (Hartree), charges (electrons), gap, seconds. */
const ENERGY_NAMES: Readonly<Record<string, string>> = {
  'Total energy': 'total',
  'Fermi energy': 'fermi',
  'Kinetic energy': 'kinetic',
  'Coulomb energy': 'coulomb',
  'Exchange energy': 'exchange',
  'Correlation energy': 'correlation',
  'Non-local exchange energy': 'nonlocal_exchange',
};
const CHARGE_NAMES: Readonly<Record<string, string>> = {
  core: 'core',
  'core leakage': 'core_leakage',
  valence: 'valence',
  interstitial: 'interstitial',
  'total charge': 'total',
};

const TERM_NAMES = [
  ...Object.keys(ENERGY_NAMES),
  'core',
  'core leakage',
  'valence',
  'total charge',
  'Estimated fundamental gap',
  'Wall time \\(seconds\\)',
  // Not the interstitial magnetic moment, a vector; an atom's muffin-tin charge.
  'interstitial(?=\\s*:\\s*\\S+\\s*$)',
  'atom\\s+\\d+\\s+[A-Z][a-z]?(?=\\s*:\\s*\\S+\\s*$)',
];

/** What one SCF iteration (or a final state) prints, as named values (one rule: blocks are many). */
const ITERATION = {
  terms: every(new RegExp(`^\\s*(${TERM_NAMES.join('|')})\\s*:\\s*(\\S+)`), named),
};

const ITERATION_HEADING = /(?:SCF|Hybrids) iteration number\s*:/;
const FINAL_ITERATION = /Convergence targets achieved\. Performing final SCF iteration/;
const CONVERGED = /Convergence target(?:s achieved\. Performing final SCF iteration| is reached)/;
const SCF_STOPPED = /(?:Self-consistent loop|Hybrids module) stopped/;
const OPTIMIZATION_STEP = /^\|\s*Optimization step\s+(\d+)(?:\s*\(method\s*=\s*(\w+)\))?/;
const OPTIMIZED = /Force convergence target achieved/;
const SPECIES = /^\s*Species\s*:\s*\d+\s*\((\w+)\)/;
const ATOM_ROW = /^\s*atom\s+\d+\s+([A-Z][a-z]?)\s*:\s*(\S+)\s+(\S+)\s+(\S+)/;
const atom: Convert<{ symbol: string; x: number; y: number; z: number }> = (match, warn) => {
  const [x, y, z] = [real2(match, warn), real3(match, warn), real4(match, warn)];
  return x === undefined || y === undefined || z === undefined ? undefined : { symbol: match[1]!, x, y, z };
};
const FORCES = /^\s*Total atomic forces including IBS \(cartesian\)\s*:/;
const POSITIONS = /^\s*(?:Atomic positions at this step|Optimized atomic positions) \(lattice\)\s*:/;

/**
 * SCF loops: each iteration (and the final one of a converged loop) runs to the next or to the line
 * that ends the loop; after that line come the forces of the loop's final state.
 */
const SCF = {
  iterations: blocks(
    // An iteration's heading or the final iteration's (written with ' iteration' outside the alternatives,
    // which lets the toolkit pass over the lines without it).
    /(?:(?:SCF|Hybrids)(?= iteration number\s*:)|Convergence targets achieved\. Performing final SCF(?= iteration)) iteration/,
    { ...ITERATION, markers: every(CONVERGED, text(0)), stopped: first(SCF_STOPPED, text(0)) },
    { end: SCF_STOPPED },
  ),
  stops: blocks(SCF_STOPPED, { forces: tables(FORCES, ATOM_ROW, atom) }),
};

/** An optimisation step: its largest force, energy, time, positions and forces. */
const OPTIMIZATION = {
  heading: first(OPTIMIZATION_STEP, (match) => ({ step: Number(match[1]), method: match[2] })),
  // 'Maximum force magnitude (target) : 0.006 ( 0.0002 )', the energy and the seconds of the step.
  values: every(
    /^\s*(Maximum force magnitude\s*\(target\)|Total energy at this optimization step|Time spent in this optimization step)\s*:\s*(\S+)(?:\s*\(\s*(\S+)\s*\))?/,
    fields({
      name: (match) => match[1]!.replace(/\s+/g, ' '),
      value: real(2),
      target: (match, warn) => (match[3] === undefined ? null : real(3)(match, warn)),
    }),
  ),
  positions: tables(POSITIONS, ATOM_ROW, atom),
  forces: tables(FORCES, ATOM_ROW, atom),
  ...SCF,
};

const INFO = {
  version: first(/^\|?\s*EXCITING\s+(\S+(?:\s\S+)?)\s+started/, text()),
  hash: first(/^\|\s*version hash id:\s*([0-9a-f]{7,})/, text()),
  mentionsExciting: flag(/EXCITING/),
  finished: flag(/EXCITING .* stopped/),
  // The initialisation (before any SCF or optimisation step): lattice, species, positions, settings.
  initialisation: before([ITERATION_HEADING, OPTIMIZATION_STEP, OPTIMIZED], {
    lattice: linesAfter(/^\s*Lattice vectors \(cartesian\)\s*:/, 3, { rows: every(/^.*$/, reals(0)) }),
    species: blocks(SPECIES, {
      symbol: first(SPECIES, text()),
      nuclearCharge: value('nuclear charge'),
      mass: value('atomic mass'),
      muffinTinRadius: value('muffin-tin radius'),
      radialPoints: value('# of radial points in muffin-tin'),
      positions: tables(
        /^\s*atomic positions \((?:lattice|cartesian)\)\s*:/,
        /^\s*\d+\s*:\s*(\S+)\s+(\S+)\s+(\S+)/,
        (match, warn) => {
          const [x, y, z] = [real1(match, warn), real2(match, warn), real3(match, warn)];
          return x === undefined || y === undefined || z === undefined ? undefined : { x, y, z };
        },
      ),
      cartesian: flag(/^\s*atomic positions \(cartesian\)\s*:/),
    }),
    xc: linesAfter(/^\s*Exchange-correlation type\s*:\s*\d/, 1, { line: first(/^.*$/, text(0)) }),
    smearing: after(/^\s*Smearing scheme\s*:/, {
      scheme: first(/^\s*Smearing scheme\s*:\s*(.+?)\s*$/, text()),
      width: last(/^\s*Smearing width\s*:\s*(\S+)/, real()),
    }),
    spinPolarized: flag(/^\s*Spin treatment\s*:\s*spin-polarised/),
  }),
  gkMax: first(/^\s*Maximum \|G\+k\| for APW functions\s*:\s*(\S+)/, real()),
  lMaxApw: first(/^\s*APW functions\s*:\s*(\d+)/, integer()),
  xcType: first(/^\s*Exchange-correlation type\s*:\s*(\d+)/, integer()),
  kGrid: first(/^\s*k-point grid\s*:\s*(.+)$/, reals(1)),
  optimization: flag(/Structur(?:al optimisation|e-optimization module started)/),
  energyTarget: first(/^\s*Absolute change in total energy\s*\(target\)\s*:\s*\S+\s*\(\s*(\S+)\s*\)/, real()),
  chargeTarget: first(/^\s*Charge distance\s*\(target\)\s*:\s*\S+\s*\(\s*(\S+)\s*\)/, real()),
  totalTime: last(/^\s*Total time spent \(seconds\)\s*:\s*(\S+)/, real()),
  // The ground state (or hybrid run) before any optimisation step, each step with its SCFs, and the
  // optimised state with its own values.
  groundState: before([OPTIMIZATION_STEP, OPTIMIZED], SCF),
  steps: blocks(/^\|\s*Optimization step\s+\d/, OPTIMIZATION, { end: OPTIMIZED }),
  optimized: after(OPTIMIZED, {
    ...ITERATION,
    positions: tables(POSITIONS, ATOM_ROW, atom),
    forces: tables(FORCES, ATOM_ROW, atom),
    ...SCF,
  }),
};

type Values = Parsed<typeof INFO>;
type IterationValues = Parsed<typeof ITERATION>;
type IterationBlock = Parsed<typeof SCF>['iterations'][number];

/** The record without its undefined values. */
export const defined = <T extends object>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

/** Values by our names (those `names` has), the last one printed of each. */
const byName = (values: { name: string; value: number }[], names: Readonly<Record<string, string>>) =>
  Object.fromEntries(values.flatMap(({ name, value }) => (names[name] ? [[names[name], value]] : [])));

function iterationOf(values: IterationValues): ExcitingIteration {
  const others = byName(values.terms, {
    'Estimated fundamental gap': 'gap',
    'Wall time (seconds)': 'wallTime',
  });
  return {
    energies: byName(values.terms, ENERGY_NAMES),
    charges: byName(values.terms, CHARGE_NAMES),
    muffinTin: values.terms.filter((term) => term.name.startsWith('atom')).map((term) => term.value),
    ...defined({ gap: others.gap, wallTime: others.wallTime }),
  };
}

/** Whether an iteration block is a loop's final iteration, ends the loop converged, or ends it. */
const markersOf = (block: IterationBlock) => ({
  final: block.markers.some((marker) => FINAL_ITERATION.test(marker)),
  converged: block.markers.length > 0,
});

const vectors = (rows: { x: number; y: number; z: number }[]): Vec[] => rows.map((r) => [r.x, r.y, r.z]);

interface Placed extends IterationBlock, ReturnType<typeof markersOf> {
  /** 0: before any optimisation step; k: in the k-th step (or the optimised state after the last). */
  part: number;
}

/** The iterations as SCF loops: each ends with the iteration after which the loop stopped. */
function loopsOf(iterations: Placed[]): { loops: Placed[][]; open: Placed[] } {
  const ends = iterations.flatMap((iteration, index) => (iteration.stopped ? [index] : []));
  return {
    loops: ends.map((end, k) => iterations.slice(k === 0 ? 0 : ends[k - 1]! + 1, end + 1)),
    open: iterations.slice((ends[ends.length - 1] ?? -1) + 1),
  };
}

/**
 * A finished SCF loop as a step, with the forces printed after it: its state is the final iteration's,
 * else the last iteration's; none when that has no total energy.
 */
function scfStep(
  loop: Placed[],
  geometry: ExcitingGeometry,
  forces: Vec[] | undefined,
): ExcitingStep | undefined {
  const iterations = loop.filter((block) => !block.final);
  const finals = loop.filter((block) => block.final);
  const final = finals.length > 0 ? iterationOf(finals[finals.length - 1]!) : undefined;
  const lastIteration = iterations[iterations.length - 1];
  const state = final?.energies.total !== undefined ? final : lastIteration && iterationOf(lastIteration);
  if (state?.energies.total === undefined) return undefined;
  const lastBlock = loop[loop.length - 1]!;
  return {
    kind: /Hybrids/.test(lastBlock.stopped!) ? 'hybrids' : 'groundstate',
    geometry,
    iterations: iterations.map(iterationOf),
    state,
    energy: state.energies.total,
    converged: lastBlock.converged,
    ...(forces ? { forces } : {}),
  };
}

type Optimization = Values['steps'][number];
type Optimized = NonNullable<Values['optimized']>;

/** The geometry and the forces an optimisation step or the optimised state prints. */
function atomsOf(part: Optimization | Optimized, initial: ExcitingGeometry) {
  const positions = part.positions[part.positions.length - 1];
  const forces = part.forces[0];
  return {
    geometry: positions
      ? { species: positions.map((row) => row.symbol), fractional: vectors(positions) }
      : initial,
    ...(forces ? { forces: vectors(forces) } : {}),
  };
}

function optimizationStep(part: Optimization, initial: ExcitingGeometry): ExcitingStep {
  const lastOf = (name: string) => part.values.filter((v) => v.name === name).pop();
  const maxForce = part.values.filter((v) => v.name.startsWith('Maximum') && v.target !== null).pop();
  return {
    kind: 'optimization',
    iterations: [],
    energy: lastOf('Total energy at this optimization step')?.value ?? NaN,
    step: part.heading!.step,
    ...defined({
      method: part.heading!.method,
      seconds: lastOf('Time spent in this optimization step')?.value,
    }),
    ...(maxForce ? { maxForce: [maxForce.value, maxForce.target!] as [number, number] } : {}),
    ...atomsOf(part, initial),
  };
}

function optimizedStep(part: Optimized, initial: ExcitingGeometry): ExcitingStep {
  const state = iterationOf(part);
  const energy = state.energies.total ?? NaN;
  return { kind: 'optimized', iterations: [], state, energy, converged: true, ...atomsOf(part, initial) };
}

function initialGeometry(species: Values['initialisation']['species']): ExcitingGeometry {
  const rows = species.flatMap((block) => block.positions.flat().map((row) => ({ block, row })));
  return {
    species: rows.map(({ block }) => block.symbol!),
    fractional: rows.map(({ row }) => [row.x, row.y, row.z]),
    ...(species.some((block) => block.cartesian) ? { cartesian: true } : {}),
  };
}

/** Reads INFO.OUT; what could not be read goes to `warn` with file and line. */
export function readExcitingInfo(
  content: string,
  options: { file?: string; warn?: (warning: string) => void } = {},
): ExcitingInfo {
  const read = readText(INFO, content, options.file ?? 'INFO.OUT');
  read.warnings.forEach((warning) => options.warn?.(warning));
  const values = read.values;
  if (!values.version && !values.mentionsExciting)
    throw new Error("not an exciting INFO.OUT: no 'EXCITING ... started' banner");
  const start = values.initialisation;
  const lattice = start.lattice[0];
  if (!lattice) throw new Error("INFO.OUT has no 'Lattice vectors (cartesian)'");
  const initial = initialGeometry(start.species);
  const scopes = [values.groundState, ...values.steps, ...(values.optimized ? [values.optimized] : [])];
  const { loops, open } = loopsOf(
    scopes.flatMap((scope, part) =>
      scope.iterations.map((block) => ({ ...block, ...markersOf(block), part })),
    ),
  );
  // Forces after an SCF loop are its state's before any optimisation step (and the step's after).
  const forces = values.groundState.stops.map((stop) => stop.forces[0] && vectors(stop.forces[0]));
  const scfSteps = (part: number) =>
    loops
      .filter((loop) => loop[loop.length - 1]!.part === part)
      .map((loop, k) => scfStep(loop, initial, part === 0 ? forces[k] : undefined))
      .filter((step) => step !== undefined);
  const optimized = values.optimized;
  const steps = [
    ...scfSteps(0),
    ...values.steps.flatMap((step, k) => [optimizationStep(step, initial), ...scfSteps(k + 1)]),
    ...(optimized ? [optimizedStep(optimized, initial), ...scfSteps(scopes.length - 1)] : []),
  ].filter((step) => Number.isFinite(step.energy));
  const unfinished = open.filter((block) => !block.final);
  const xc = start.xc.map((after) => after.line).find((line) => line !== undefined);
  const scheme = start.smearing?.scheme;
  return {
    spinPolarized: start.spinPolarized,
    steps,
    optimization: values.optimization,
    finished: values.finished,
    initial,
    species: start.species.map((block) => ({
      symbol: block.symbol!,
      ...defined({
        nuclearCharge: block.nuclearCharge === undefined ? undefined : Math.abs(block.nuclearCharge),
        mass: block.mass,
        muffinTinRadius: block.muffinTinRadius,
        radialPoints: block.radialPoints,
      }),
    })),
    lattice: [0, 1, 2].map((k) => (lattice.rows[k] ?? []).slice(0, 3)) as [Vec, Vec, Vec],
    ...defined({
      version: values.version,
      hash: values.hash,
      gkMax: values.gkMax,
      lMaxApw: values.lMaxApw,
      xc,
      xcType: values.xcType,
      kGrid: values.kGrid,
      totalTime: values.totalTime,
      energyTarget: values.energyTarget,
      chargeTarget: values.chargeTarget,
    }),
    ...(scheme !== undefined ? { smearing: { scheme, ...defined({ width: start.smearing!.width }) } } : {}),
    ...(unfinished.length > 0 ? { unfinished: unfinished.map(iterationOf) } : {}),
  };
}
