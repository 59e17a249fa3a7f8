// What a CP2K output says, in its units (Hartree, Å, Hartree/bohr, fs): version and run type, the DFT
// settings and functionals, the cell and initial coordinates, then per force evaluation its SCF
// iterations, energy and forces, and for MD each step's time and temperature. Files the output names
// (the MD coordinates and energies) are read by the parser beside it. The output is read by a
// declaration (processing/text); this module maps what it read onto the reader's types.
import { ANGSTROM, BOHR } from '@oasis/chem';
import { readText } from '../../text/read-text.ts';
import { looseTables } from '../../text/rule-loose-table.ts';
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
  type Parsed,
  readDeclaration,
  reals,
  type Rule,
  table,
  tables,
  text,
} from '../../text/rules.ts';
import { lineFinder, matchingLines } from '../../text/scan.ts';
import { plainNumber } from '../../text/convert-number.ts';

type Vec = [number, number, number];

export interface Cp2kEvaluation {
  /** Total energy per SCF iteration (Hartree). */
  iterations: number[];
  /** The 'Time' column of each SCF iteration (s). */
  iterationTimes: number[];
  /** The exchange-correlation energy of the converged SCF (Hartree). */
  xc?: number;
  /** Geometry optimisation: the step this evaluation belongs to (0 before the first; 'final' at the minimum). */
  optimizationStep?: number | 'final';
  converged?: boolean;
  /** Hartree */
  energy?: number;
  /** Hartree/bohr */
  forces?: Vec[];
  /** MD step after this evaluation: time (fs) and temperature (K). */
  md?: { step?: number; time?: number; temperature?: number };
}

/** An atomic kind of the ATOMIC KIND INFORMATION. */
export interface Cp2kKind {
  label: string;
  atoms?: number;
  basisSet?: string;
  potential?: string;
}

export interface Cp2kOutput {
  /** As printed after 'version string:' ('CP2K version 2.6.2'). */
  version?: string;
  runType?: string;
  projectName?: string;
  /** Geometry optimiser as the banner names it ('CONJUGATE GRADIENTS', 'BFGS', 'LBFGS', ...). */
  optimizer?: string;
  /** SCF convergence threshold eps_scf (Hartree). */
  epsScf?: number;
  kinds: Cp2kKind[];
  /** Rows, Å */
  cell?: [Vec, Vec, Vec];
  species: string[];
  /** Å */
  positions: Vec[];
  /** Z(eff) and atomic kind (1-based) of each atom of the coordinates block. */
  valences: number[];
  kindOf: number[];
  /** FUNCTIONAL| component names as printed ('PADE', 'BECKE88', 'LYP', 'PBE'). */
  functionals: string[];
  unrestricted: boolean;
  multiplicity?: number;
  charge?: number;
  /** Hartree (the finest grid's cut-off). */
  cutoff?: number;
  ensemble?: string;
  /** fs */
  timeStep?: number;
  /** The MD coordinates file the output names. */
  trajectoryFile?: string;
  /** The MD energies file (.ener) the output names. */
  energiesFile?: string;
  evaluations: Cp2kEvaluation[];
  finished: boolean;
  /** What the output holds but could not be read ('out line 12: ...'), for the entry's log. */
  warnings?: string[];
}

/** An atom row of 'ATOMIC COORDINATES IN angstrom': number, kind, element, Z, x, y, z, Z(eff). */
const ATOM = /^\s*\d+\s+(\d+)\s+([A-Z][a-z]?)\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)(?:\s+(\S+))?/;
const atom: Convert<{ kind: number; label: string; xyz: Vec; valence: number }> = (match) => ({
  kind: Number(match[1]),
  label: match[2]!,
  xyz: [Number(match[3]), Number(match[4]), Number(match[5])],
  valence: Number(match[6]),
});

/** A force row: atom, kind, element, x, y, z (the last three numbers of a row that has five). */
const force: Convert<Vec> = (match) => {
  const numbers = reals()(match, () => undefined) ?? [];
  return numbers.length >= 5 ? (numbers.slice(-3) as Vec) : undefined;
};

/** One force evaluation, from its 'SCF WAVEFUNCTION OPTIMIZATION' header to the next. */
const EVALUATION = {
  // SCF iteration rows: step, method, mixing, time, convergence, total energy, change.
  iterations: every(
    /^\s*\d+\s+\S+(?:\s+\S+)?\s+[\d.E+-]+\s+([\d.]+)\s+[\d.E+-]+\s+(-?\d+\.\d+)\s+[-\d.E+]+\s*$/,
    fields({ time: plainNumber(1), energy: plainNumber(2) }),
  ),
  converged: last(/\*\*\* SCF run (converged in|NOT converged)/, (match) => match[1] === 'converged in'),
  // The exchange-correlation energy of the summary after the SCF converged (not of its iterations).
  summaries: blocks(
    /\*\*\* SCF run (?:converged in|NOT converged)/,
    { xc: first(/^\s*Exchange-correlation energy:\s+(-?\d+\.\d+)\s*$/, plainNumber()) },
    { end: /ENERGY\| Total FORCE_EVAL/ },
  ),
  // '(a.u.)' until 2022, '[a.u.]' since 2023.1.
  energy: last(/ENERGY\| Total FORCE_EVAL \( \w+ \) energy [([]a\.u\.[)\]]:\s*(\S+)/, plainNumber()),
  forces: tables(/ATOMIC FORCES in \[a\.u\.\]/, /^\s*\d+\s+\d+\s.*$/, force, { skip: 2 }),
  mdStep: first(/^\s*STEP NUMBER\s*=\s*(\d+)/, plainNumber()),
  mdTime: first(/^\s*TIME \[fs\]\s*=\s*(\S+)/, plainNumber()),
  temperature: first(/^\s*TEMPERATURE \[K\]\s*=\s*(\S+)/, plainNumber()),
  initialTemperature: first(/^\s*INITIAL TEMPERATURE\[K\]\s*=\s*(\S+)/, plainNumber()),
};

const OPTIMIZATION = /\*\*\*\s+STARTING\s+(?:GEOMETRY|CELL) OPTIMIZATION/;
const STEP = /^\s*OPTIMIZATION STEP:\s+(\d+)/;
const FINAL = /Reevaluating energy at the minimum/;

const SCF = /SCF WAVEFUNCTION OPTIMIZATION/;
const EVALUATIONS = { evaluations: blocks(SCF, EVALUATION) };

/** What CP2K prints before its first SCF: version, run type, kinds, cell, DFT settings, coordinates. */
const HEADER = {
  version: first(/CP2K\| version string:\s*(CP2K version\s+\S.*?)\s*$/, text()),
  runType: first(/GLOBAL\| Run type\s+(\S+)/, text()),
  projectName: first(/GLOBAL\| Project name\s+(\S+)/, text()),
  kinds: blocks(/^\s*\d+\. Atomic kind:\s*\S+\s+Number of atoms:\s*\d+/, {
    kind: first(
      /^\s*\d+\. Atomic kind:\s*(\S+)\s+Number of atoms:\s*(\d+)/,
      fields({ label: text(1), atoms: plainNumber(2) }),
    ),
    basisSet: first(/^\s*Orbital Basis Set\s+(\S+)\s*$/, text()),
    potential: first(/^\s*(?:GTH )?Potential information for\s+(\S+)\s*$/, text()),
  }),
  cell: every(/CELL\| Vector [abc] \[angstrom\]:\s*(.*?)\|/, reals(1)),
  spinUnrestricted: flag(/DFT\| Spin unrestricted/),
  uks: flag(/DFT\| .*\(UKS\)/),
  multiplicity: first(/DFT\| Multiplicity\s+(\d+)/, integer()),
  charge: first(/DFT\| Charge\s+(-?\d+)/, integer()),
  functionals: every(/^\s*FUNCTIONAL\| ([A-Za-z0-9_\- ()]+):\s*$/, text()),
  cutoff: first(/PW_GRID\| Cutoff \[a\.u\.\]\s+(\S+)/, plainNumber()),
  ensemble: first(/MD\| Ensemble Type\s+(\S+)/, text()),
  timeStep: first(/MD\| Time Step \[fs\]\s+(\S+)/, plainNumber()),
  trajectoryFile: first(/MD\| Coordinates\s+\d+\s+(\S+)/, text()),
  energiesFile: first(/MD\| Energies\s+\d+\s+(\S+)/, text()),
  // 'IN angstrom' until 2022, 'IN ANGSTROM' since 2023.1; 'IN bohr' when asked for.
  coordinates: looseTables(
    /MODULE QUICKSTEP:\s+ATOMIC COORDINATES IN (?:angstrom|ANGSTROM|bohr|BOHR)/,
    ATOM,
    atom,
  ),
  inBohr: first(
    /MODULE QUICKSTEP:\s+ATOMIC COORDINATES IN (angstrom|ANGSTROM|bohr|BOHR)/,
    (match) => match[1]!.toLowerCase() === 'bohr',
  ),
};

/** An optimisation: its optimiser, its evaluations before its first step, of each step, at the minimum. */
const OPTIMIZED = {
  optimizer: table(OPTIMIZATION, /^\s*\*\*\*\s+(.*?)\s+\*\*\*\s*$/, text()),
  initial: before([STEP, FINAL], EVALUATIONS),
  steps: blocks(STEP, { step: first(STEP, integer()), within: before([FINAL], EVALUATIONS) }),
  final: after(FINAL, EVALUATIONS),
};

const OPTIMIZATION_BANNER = lineFinder(OPTIMIZATION);

/**
 * The evaluations before a geometry or cell optimisation starts (all of them when there is none), and the
 * optimisation from its banner on: one scan finds the banner for both parts.
 */
const aroundOptimization: Rule<{
  unoptimized: Parsed<typeof EVALUATIONS>;
  optimization?: Parsed<typeof OPTIMIZED>;
}> = {
  read: (scope) => {
    const banner = matchingLines(scope.source, scope.from, scope.to, OPTIMIZATION_BANNER).next();
    if (banner.done) return { unoptimized: readDeclaration(EVALUATIONS, scope) };
    const at = banner.value[0];
    return {
      unoptimized: readDeclaration(EVALUATIONS, { ...scope, to: at }),
      optimization: readDeclaration(OPTIMIZED, { ...scope, from: at }),
    };
  },
};

const CP2K = {
  header: before([SCF], HEADER),
  started: flag(/PROGRAM STARTED AT/),
  // Some versions print the SCF parameters after the first SCF's heading.
  epsScf: first(/^\s*(?:SCF PARAMETERS.*)?eps_scf:\s+(\S+)\s*$/, plainNumber()),
  run: aroundOptimization,
  finished: flag(/PROGRAM ENDED AT/),
};

type Evaluation = Parsed<typeof EVALUATION>;

/** An evaluation as the reader's callers know it; the optimisation step it belongs to is given. */
function evaluationOf(e: Evaluation, optimizationStep: number | 'final' | undefined): Cp2kEvaluation {
  const xc = e.summaries[e.summaries.length - 1]?.xc;
  const forces = e.forces[e.forces.length - 1];
  const md =
    e.initialTemperature !== undefined
      ? { step: 0, time: 0, temperature: e.initialTemperature }
      : e.mdStep !== undefined || e.mdTime !== undefined || e.temperature !== undefined
        ? {
            ...(e.mdStep !== undefined ? { step: e.mdStep } : {}),
            ...(e.mdTime !== undefined ? { time: e.mdTime } : {}),
            ...(e.temperature !== undefined ? { temperature: e.temperature } : {}),
          }
        : undefined;
  return {
    iterations: e.iterations.map((row) => row.energy),
    iterationTimes: e.iterations.map((row) => row.time),
    ...(optimizationStep !== undefined ? { optimizationStep } : {}),
    ...(e.converged !== undefined ? { converged: e.converged } : {}),
    ...(e.energy !== undefined ? { energy: e.energy } : {}),
    ...(xc !== undefined && e.energy !== undefined ? { xc } : {}),
    ...(forces ? { forces } : {}),
    ...(md ? { md } : {}),
  };
}

export function readCp2kOutput(content: string, file = 'output'): Cp2kOutput {
  const { values, warnings } = readText(CP2K, content, file);
  const v = values.header;
  if (!v.version && !values.started) throw new Error("not a CP2K output: no 'CP2K| version string'");
  const coordinates = v.coordinates.find((rows) => rows.length > 0) ?? [];
  if (coordinates.length === 0)
    throw new Error("the output has no 'ATOMIC COORDINATES IN angstrom' (or bohr) block: no structure");
  const factor = v.inBohr ? BOHR / ANGSTROM : 1;
  const { unoptimized, optimization } = values.run;
  const evaluations = [
    ...unoptimized.evaluations.map((e) => evaluationOf(e, undefined)),
    ...(optimization?.initial.evaluations.map((e) => evaluationOf(e, 0)) ?? []),
    ...(optimization?.steps.flatMap((s) => s.within.evaluations.map((e) => evaluationOf(e, s.step))) ?? []),
    ...(optimization?.final?.evaluations.map((e) => evaluationOf(e, 'final')) ?? []),
  ];
  const cell = v.cell.slice(0, 3).map((row) => row.slice(0, 3) as Vec);
  return {
    ...(v.version !== undefined ? { version: v.version } : {}),
    ...(v.runType !== undefined ? { runType: v.runType } : {}),
    ...(v.projectName !== undefined ? { projectName: v.projectName } : {}),
    ...(optimization?.optimizer[0] !== undefined ? { optimizer: optimization.optimizer[0] } : {}),
    ...(values.epsScf !== undefined ? { epsScf: values.epsScf } : {}),
    kinds: v.kinds.flatMap(({ kind, basisSet, potential }) =>
      kind
        ? [
            {
              ...kind,
              ...(basisSet !== undefined ? { basisSet } : {}),
              ...(potential !== undefined ? { potential } : {}),
            },
          ]
        : [],
    ),
    ...(cell.length === 3 ? { cell: cell as [Vec, Vec, Vec] } : {}),
    species: coordinates.map((a) => a.label),
    positions: coordinates.map((a) => a.xyz.map((x) => x * factor) as Vec),
    valences: coordinates.map((a) => a.valence),
    kindOf: coordinates.map((a) => a.kind),
    functionals: [...new Set(v.functionals)],
    unrestricted: v.spinUnrestricted || v.uks,
    ...(v.multiplicity !== undefined ? { multiplicity: v.multiplicity } : {}),
    ...(v.charge !== undefined ? { charge: v.charge } : {}),
    ...(v.cutoff !== undefined ? { cutoff: v.cutoff } : {}),
    ...(v.ensemble !== undefined ? { ensemble: v.ensemble } : {}),
    ...(v.timeStep !== undefined ? { timeStep: v.timeStep } : {}),
    ...(v.trajectoryFile !== undefined ? { trajectoryFile: v.trajectoryFile } : {}),
    ...(v.energiesFile !== undefined ? { energiesFile: v.energiesFile } : {}),
    evaluations: evaluations.filter((e) => e.energy !== undefined),
    finished: values.finished,
    warnings,
  };
}
