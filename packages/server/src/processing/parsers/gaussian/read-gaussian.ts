// What a Gaussian log says, in its units (Hartree, Å, Hartree/bohr, cm⁻¹). A log holds one job per
// 'Link1' step (an optimisation, then a frequency job on its result); a job is a sequence of steps, one per
// printed orientation (the geometry it ran on), each with its SCF (iterations as printed, final energy),
// orbital energies, Mulliken charges and forces; post-HF energies; and frequencies and thermochemistry.
// Declared on the text toolkit: a job is cut at each orientation table and each segment at its 'SCF Done'
// lines; the mapping below joins the pieces into steps as Gaussian prints them.
import { numbersIn } from '../../text/numbers.ts';
import { readText } from '../../text/read-text.ts';
import { type Parsed, blocks, every, fields, first, flag, integer, last, text } from '../../text/rules.ts';
import { before } from '../../text/rule-split.ts';
import { among, spans } from '../../text/spans.ts';
import {
  ORIENTATION,
  eigenvalues,
  forces,
  line,
  mulliken,
  orientation,
  thermo,
  thermoOf,
  type GaussianGeometry,
  type GaussianThermo,
  type Vec,
} from './read-gaussian-blocks.ts';
import { plainNumber } from '../../text/convert-number.ts';

export type { GaussianThermo } from './read-gaussian-blocks.ts';

interface GaussianScf {
  /** Hartree */
  energy: number;
  /** e.g. 'RB3LYP', 'RS-VWN', 'UHF' */
  method: string;
  cycles?: number;
  converged: boolean;
  /** Hartree: each printed cycle's energy and its change ('E= ... Delta-E= ...'). */
  iterations: { energy: number; change?: number }[];
}

export interface GaussianStep {
  geometry: GaussianGeometry;
  /** The step began at a standard orientation (no input orientation printed before it). */
  standardOnly: boolean;
  scf?: GaussianScf;
  /** The correlated method's total energy (Hartree) with its name: MP2, CCSD, CCSD(T). */
  postHf?: { method: string; energy: number };
  /** Hartree, per spin channel (alpha, beta): occupied and virtual orbital energies. */
  occupied: number[][];
  virtual: number[][];
  /** e, per atom */
  mulliken?: number[];
  /** Hartree/bohr */
  forces?: Vec[];
}

export interface GaussianJob {
  /** '09' of 'Gaussian 09:  EM64L-G09RevB.01 12-Aug-2010' */
  version?: string;
  /** 'EM64L-G09RevB.01' */
  implementation?: string;
  route?: string;
  charge?: number;
  multiplicity?: number;
  /** As the log names it ('Aug-CC-pVTZ' of 'Standard basis: Aug-CC-pVTZ (5D, 7F)'). */
  basis?: string;
  steps: GaussianStep[];
  optimizationCompleted: boolean;
  /** cm⁻¹ */
  frequencies: number[];
  thermo: GaussianThermo;
  /** s, 'Job cpu time' and 'Elapsed time' */
  cpuTime?: number;
  wallTime?: number;
  terminated: boolean;
  errorTermination: boolean;
}

export interface GaussianLog {
  jobs: GaussianJob[];
  /** 'file line N: ...': what was found but could not be read. */
  warnings?: string[];
}

/** Seconds of 'N days N hours N minutes N seconds'. */
function seconds(text: string): number {
  const [days, hours, minutes, secs] = numbersIn(text);
  return ((days ?? 0) * 24 + (hours ?? 0)) * 3600 + (minutes ?? 0) * 60 + (secs ?? 0);
}

const SCF_DONE = /SCF Done:\s*E\((\S+)\)\s*=\s*(\S+)\s*A\.U\.\s*after\s*(\d+)\s*cycles/;
const POST_HF = /EUMP2\s*=\s*(\S+)|DE\(Corr\)=\s*\S+\s+E\([Cc][Oo][Rr][Rr]\)=\s*(\S+)|^\s*CCSD\(T\)=\s*(\S+)/;

/** What a step prints, before or after its 'SCF Done' line. Lines with '=' hold the one-line values. */
const stepPart = {
  values: among(/=/, {
    iterations: every(/^\s*E=\s*(-?\d+\.\d+)\s*(?:Delta-E=\s*(\S+))?/, (match) => ({
      energy: Number(match[1]),
      ...(match[2] ? { change: Number(match[2]) } : {}),
    })),
    scf: first(SCF_DONE, fields({ method: text(1), energy: plainNumber(2), cycles: plainNumber(3) })),
    postHf: last(POST_HF, (match) =>
      match[1] !== undefined
        ? { method: 'MP2', energy: numbersIn(match[1])[0]! }
        : match[2] !== undefined
          ? { method: 'CCSD', energy: Number(match[2]) }
          : { method: 'CCSD(T)', energy: numbersIn(match[3]!)[0]! },
    ),
  }),
  unconverged: flag(/Convergence (criterion not met|failure)/),
  mulliken,
  forces,
  eigenvalues,
};

/** From one orientation table to the next: the geometry, then its SCF results. */
const segment = {
  kind: first(ORIENTATION, text()),
  geometry: orientation,
  beforeScf: before([SCF_DONE], stepPart),
  scfs: blocks(SCF_DONE, stepPart),
};

const DASHES = /^\s*-+\s*$/;
const LINK1 = /^\s*Link1:\s+Proceeding to internal job step/;

const job = {
  banner: last(/^\s*Gaussian\s+(\d+):\s+(\S+)/, fields({ version: text(1), implementation: text(2) })),
  revision: first(/^\s*Gaussian (\d+),\s*Revision\s+[^,]+,/, text()),
  // The route: a '#' line after a rule, continued on the lines up to the closing rule.
  routes: spans(/^\s*#/, /^(?!\s*-+\s*$)/, { lines: every(/^.*$/, line) }, { after: DASHES }),
  charge: first(
    /Charge\s*=\s*(-?\d+)\s+Multiplicity\s*=\s*(\d+)/,
    fields({ charge: integer(1), multiplicity: integer(2) }),
  ),
  basis: first(/^\s*Standard basis:\s*(\S+)/, text()),
  // Step results before the first orientation belong to no step; only an SCF there is an error.
  head: before([ORIENTATION], { scf: first(SCF_DONE, text()) }),
  segments: blocks(ORIENTATION, segment),
  optimizationCompleted: flag(/Optimization completed\./),
  frequencies: every(/^\s*Frequencies --(.*)$/, (match) => numbersIn(match[1]!)),
  ...thermo,
  cpu: every(/^\s*Job cpu time:(.*)$/, (match) => seconds(match[1]!)),
  wall: every(/^\s*Elapsed time:(.*)$/, (match) => seconds(match[1]!)),
  terminated: flag(/Normal termination of Gaussian/),
  errorTermination: flag(/Error termination/),
};

const log = {
  entering: flag(/Entering Gaussian System/),
  inc: flag(/Gaussian, Inc\./),
  first: before([LINK1], job),
  linked: blocks(LINK1, job),
};

type Part = Parsed<typeof stepPart>;
type Segment = Parsed<typeof segment>;
type Job = Parsed<typeof job>;

/** What a part adds to its step: the last charges, forces and orbital energies, the last post-HF energy. */
function results(part: Part): Partial<GaussianStep> {
  const run = part.eigenvalues.at(-1);
  const channels = (occupied: boolean) =>
    (run ?? [])
      .filter((row) => row.occupied === occupied)
      .reduce<number[][]>((spins, row) => {
        (spins[row.spin] ??= []).push(...row.values);
        return spins;
      }, []);
  return {
    ...(run ? { occupied: channels(true), virtual: channels(false) } : {}),
    ...(part.mulliken.length > 0 ? { mulliken: part.mulliken.at(-1) } : {}),
    ...(part.forces.length > 0
      ? { forces: part.forces.at(-1)!.map((row) => [row[2]!, row[3]!, row[4]!] as Vec) }
      : {}),
    ...(part.values.postHf ? { postHf: part.values.postHf } : {}),
  };
}

/** A step's state while its segments are joined: the iterations and convergence before its SCF. */
interface Open {
  step: GaussianStep;
  iterations: GaussianScf['iterations'];
  unconverged: boolean;
}

const newStep = (geometry: GaussianGeometry, standardOnly: boolean): Open => ({
  step: { geometry, standardOnly, occupied: [], virtual: [] },
  iterations: [],
  unconverged: false,
});

/** A part before any SCF of the open step: its cycles count towards that SCF. */
const addPart = (open: Open, part: Part): Open => {
  Object.assign(open.step, results(part));
  return {
    ...open,
    iterations: [...open.iterations, ...part.values.iterations],
    unconverged: open.unconverged || part.unconverged,
  };
};

/** An 'SCF Done' part: a second SCF on one geometry (a stability rerun) is a step of its own. */
function addScf(steps: GaussianStep[], open: Open, part: Part): Open {
  const scf = part.values.scf!;
  const current = open.step.scf ? newStep(open.step.geometry, open.step.standardOnly) : open;
  if (current !== open) steps.push(current.step);
  current.step.scf = {
    energy: scf.energy,
    method: scf.method,
    cycles: scf.cycles,
    converged: !current.unconverged,
    // Without printed cycles the log shows the converged one only.
    iterations: current.iterations.length > 0 ? current.iterations : [{ energy: scf.energy }],
  };
  Object.assign(current.step, results(part));
  return { ...current, iterations: [], unconverged: current.unconverged };
}

/** The steps of a job from its segments: an input orientation opens a step, a standard one only when due. */
function stepsOf(segments: Segment[]): GaussianStep[] {
  const steps: GaussianStep[] = [];
  segments.reduce<Open | undefined>((open, segment) => {
    const geometry: GaussianGeometry = {
      atomicNumbers: segment.geometry.map((row) => row[1]!),
      positions: segment.geometry.map((row) => [row[3]!, row[4]!, row[5]!] as Vec),
    };
    const standard = segment.kind === 'Standard';
    // The standard orientation of a step whose input orientation was printed belongs to that step.
    const joins = standard && open && !open.step.standardOnly && !open.step.scf;
    const opened = joins ? open : newStep(geometry, standard);
    if (!joins) steps.push(opened.step);
    return segment.scfs.reduce(
      (state, part) => addScf(steps, state, part),
      addPart(opened, segment.beforeScf),
    );
  }, undefined);
  return steps;
}

function jobOf(read: Job, previous: { version?: string; implementation?: string }): GaussianJob {
  if (read.head.scf !== undefined) throw new Error('an SCF result comes before any orientation block');
  const route = read.routes[0]?.lines.join('');
  const cpu = read.cpu.length > 0 ? read.cpu.reduce((a, b) => a + b, 0) : undefined;
  const wall = read.wall.length > 0 ? read.wall.reduce((a, b) => a + b, 0) : undefined;
  return {
    version: read.banner?.version ?? previous.version ?? read.revision,
    implementation: read.banner?.implementation ?? previous.implementation,
    ...(route !== undefined ? { route } : {}),
    ...(read.charge ?? {}),
    ...(read.basis !== undefined ? { basis: read.basis } : {}),
    steps: stepsOf(read.segments),
    optimizationCompleted: read.optimizationCompleted,
    frequencies: read.frequencies.flat(),
    thermo: thermoOf(read),
    ...(cpu !== undefined ? { cpuTime: cpu } : {}),
    ...(wall !== undefined ? { wallTime: wall } : {}),
    terminated: read.terminated,
    errorTermination: read.errorTermination,
  };
}

export function readGaussianLog(content: string, file = 'output'): GaussianLog {
  const { values, warnings } = readText(log, content, file);
  // A linked job keeps the version of the one before it unless it prints its own banner.
  const jobs = [values.first, ...values.linked].reduce<GaussianJob[]>(
    (done, read) => [...done, jobOf(read, done.at(-1) ?? {})],
    [],
  );
  if (!values.entering && !values.inc && !jobs.some((j) => j.version))
    throw new Error("not a Gaussian log: no 'Entering Gaussian System' or 'Gaussian NN' banner");
  const withSteps = jobs.filter((j) => j.steps.length > 0);
  if (withSteps.length === 0) throw new Error('the log has no orientation block (no geometry)');
  return { jobs: withSteps, warnings };
}
