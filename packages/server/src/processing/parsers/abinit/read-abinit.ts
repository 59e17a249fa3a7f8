// What an ABINIT main output says, in atomic units (Hartree, bohr): the version, start date and output
// root, the input variables as echoed before and after the computation (a variable of one dataset
// carries its number, 'ecut2'), and per dataset its steps (one per '--- Iteration' of a relaxation or MD,
// else one) with their SCF iterations, coordinates, forces and stress, the final Fermi energy, energy
// components and forces, and a GW run's quasi-particle energies.
// The file is declared (ABINIT_OUTPUT) and read by the text toolkit; readAbinitOutput maps what it read.
import { numbersIn } from '../../text/numbers.ts';
import { readText } from '../../text/read-text.ts';
import { linesAfter } from '../../text/rule-records.ts';
import { before, whenNone } from '../../text/rule-split.ts';
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
  table,
  tables,
  text,
} from '../../text/rules.ts';
import { readEigenvalues, type AbinitEigenvalues } from './read-eigenvalues.ts';

type Vec = [number, number, number];

export interface AbinitStep {
  /** Hartree per SCF iteration. */
  iterations: number[];
  /** Hartree */
  etotal?: number;
  /** bohr, the geometry the step ran on */
  xcart?: Vec[];
  /** Hartree/bohr */
  forces?: Vec[];
  /** Hartree/bohr³ */
  stress?: Vec[];
}

/** A GW run's corrections at one k-point: band numbers and energies (eV) as printed. */
interface AbinitQpKpoint {
  kpoint: Vec;
  bands: number[];
  /** eV, per band: E0 (Kohn-Sham), <Vxc>, SigX, SigC(E0), Z, E (quasi-particle) */
  ks: number[];
  vxc: number[];
  sigx: number[];
  sigc: number[];
  z: number[];
  qp: number[];
}

export interface AbinitDataset {
  /** The dataset's number ('== DATASET  2'). */
  index: number;
  steps: AbinitStep[];
  /** Hartree */
  fermi?: number;
  /** Hartree, from 'Components of total free energy': 'Kinetic energy', 'XC energy', ... */
  components: Map<string, number>;
  /** Hartree/bohr, 'cartesian forces (hartree/bohr) at end' */
  forces?: Vec[];
  /** Hartree/bohr³, the last stress printed */
  stress?: Vec[];
  /** eV, imaginary parts of the screening's frequencies ('chi0(G,G') at the n th omega re im [eV]') */
  screeningFrequencies: [number, number][];
  /** A GW (optdriver 4) run's quasi-particle corrections. */
  qp: AbinitQpKpoint[];
  /** Converged relaxation ('gradients are converged'). */
  converged?: boolean;
  /** Valence electrons ('nelect' of the dataset's YAML header, ABINIT 8 and later). */
  nelect?: number;
  /** The Kohn-Sham eigenvalues at the dataset's end, when printed for all k-points. */
  eigenvalues?: AbinitEigenvalues;
}

export interface AbinitOutput {
  version?: string;
  /** Seconds since 1970 (UTC) of '.Starting date' and '( at 16h48 )'. */
  dateStart?: number;
  /** 'root for output files': the prefix of the _DOS, _EIG ... files. */
  outputRoot?: string;
  /** Pseudopotential file per atom type (1-based), 'pspini: atom type 1 psp file is ./14si.pspnc'. */
  pseudopotentials: Map<number, string>;
  /** Variables of the '-outvars' echo after the computation, else of the preprocessed input. */
  variables: Map<string, number[]>;
  datasets: AbinitDataset[];
  /** s, 'Proc.   0 individual time (sec): cpu= ... wall=' */
  cpuTime?: number;
  wallTime?: number;
  finished: boolean;
  /** What was found but could not be read, 'Si.out line 12: ...', for the entry's warnings. */
  warnings: string[];
}

/** A variable as a dataset sees it: its own ('ecut2'), else the one of all datasets ('ecut'). */
export const variableOf = (out: AbinitOutput, name: string, dataset: number): number[] | undefined =>
  out.variables.get(`${name}${dataset}`) ?? out.variables.get(name);

/** Groups 1 to 3 as a vector. */
const xyz: Convert<Vec> = (match, warn) => {
  const values = [real(1)(match, warn), real(2)(match, warn), real(3)(match, warn)];
  return values.every((value) => value !== undefined) ? (values as Vec) : undefined;
};

/** A row of three numbers (a leading atom number is dropped): coordinates, forces. */
const ROW =
  /^\s*(?:\d+\s+)?(-?\d*\.\d+(?:E[-+]\d+)?)\s+(-?\d*\.\d+(?:E[-+]\d+)?)\s+(-?\d*\.\d+(?:E[-+]\d+)?)\s*$/i;

/** The 'sigma(i j)= value' entries of a line of the stress tensor. */
const sigmas: Convert<[number, number, number][]> = (match) =>
  [...match.input.matchAll(/sigma\(([123]) ([123])\)=\s*(\S+)/g)].map(
    ([, i, j, value]) => [Number(i) - 1, Number(j) - 1, Number(value)] as [number, number, number],
  );

/** One relaxation or MD step: from a '--- Iteration' line to the next. */
const STEP = {
  iterations: every(/^\s*ETOT\s+\d+\s+(\S+)/, real()),
  etotal: last(/^ Total energy \(etotal\) \[Ha\]=\s*(\S+)/, real()),
  xcart: tables(/^ Cartesian coordinates \(xcart\) \[bohr\]/, ROW, xyz),
  forces: tables(/^ Cartesian forces \(fcart\) \[Ha\/bohr\]/, ROW, xyz),
  stress: linesAfter(/^ Cartesian components of stress tensor \(hartree\/bohr\^3\)/, 3, {
    entries: every(/sigma\(/, sigmas),
  }),
};

const ITERATION = /^--- Iteration: \(\s*\d+\//;
const KPOINT = /^kpoint\s*:\s*\[\s*([-\d.]+),\s*([-\d.]+),\s*([-\d.]+)/;

/** A GW table row: Band E0 <VxcDFT> SigX SigC(E0) Z dSigC/dE Sig(E) E-E0 E. */
const qpRow: Convert<number[]> = (match) => {
  const values = numbersIn(match[0]);
  return values.length < 10 ? undefined : values;
};

const DATASET = {
  firstStep: before([ITERATION], STEP),
  steps: blocks(ITERATION, STEP),
  converged: flag(/gradients are converged/),
  nelect: last(/^electrons:\s*\{\s*nelect:\s*([-+\d.E]+)/, real()),
  fermi: last(/Fermi \(or HOMO\) energy \(hartree\)\s*=\s*(\S+)/, real()),
  components: every(
    /^\s{4}(Kinetic energy|Hartree energy|XC energy|Ewald energy|PspCore energy|Loc\. psp\. energy|NL\s+psp\s+energy)\s*=\s*(\S+)/,
    (match, warn): [string, number] | undefined => {
      const value = real(2)(match, warn);
      return value === undefined ? undefined : [match[1]!.replace(/\s+/g, ' '), value];
    },
  ),
  forces: tables(/^\s*cartesian forces \(hartree\/bohr\) at end:/, ROW, xyz),
  omegas: every(
    /chi0\(G,G'\) at the\s+(\d+) th omega\s+(\S+)\s+(\S+)\s+\[eV\]/,
    fields({ n: integer(1), re: real(2), im: real(3) }),
  ),
  // A GW table belongs to the k-point line above it.
  qp: blocks(KPOINT, {
    kpoint: first(KPOINT, xyz),
    sigma: flag(/^data: !SigmaeeData/),
    table: table(/^data: !SigmaeeData/, /^\s*\d+\s.*$/, qpRow, { skip: 1 }),
  }),
  // The lines of each eigenvalue block (k-point headings, numbers, occupations), read by readEigenvalues.
  eigenvalues: blocks(
    /^\s*Eigenvalues \(hartree\) for nkpt=/,
    { lines: every(/^/, (match) => match.input) },
    { end: /^(?!\s*kpt#|\s+-?\d|.*occupation numbers for kpt#)/ },
  ),
};

const DATASET_HEADING = /^== DATASET\s+(\d+)/;

/** A variable's line ('ecut 10.0 Hartree') or a continuation line of numbers. */
const variableLine: Convert<{ name?: string; values: number[] }> = (match) =>
  match[1] === undefined
    ? { values: numbersIn(match[3]!) }
    : { name: match[1], values: numbersIn(match[2]!.replace(/\b[A-Za-z]+\b/g, ' ')) };

const ABINIT_OUTPUT = {
  version: first(/^\.Version\s+(\S+)\s+of ABINIT/, text()),
  /** '.Starting date : Tue 14 Jun 2022.' and the '- ( at 16h48 )' after it. */
  starts: blocks(/^\.Starting date\s*:\s*\S+\s+(\d+)\s+(\w{3})\w*\s+(\d{4})/, {
    date: first(
      /^\.Starting date\s*:\s*\S+\s+(\d+)\s+(\w{3})\w*\s+(\d{4})/,
      fields({ day: integer(1), month: text(2), year: integer(3) }),
    ),
    at: first(/^- \( at\s+(\d+)h(\d+)\s*\)/, fields({ hour: integer(1), minute: integer(2) })),
  }),
  pseudopotentials: every(
    /^- pspini: atom type\s+(\d+)\s+psp file is\s+(\S+)/,
    fields({ type: integer(1), file: text(2) }),
  ),
  outputRoot: last(/^- root for output files -> (\S+)/, text()),
  /** Each '-outvars' echo: its heading, then its variables up to a separator or a blank line. */
  echoes: blocks(
    /^ -outvars: echo values of/,
    {
      after: flag(/^ -outvars: echo values of.*after computation/),
      lines: every(/^(?:[-P\s]\s*([a-z][a-z0-9_]*)\s+(.*)|(\s+[-\d.].*))$/, variableLine),
    },
    { end: /^==|^\s*$/ },
  ),
  /** An output without dataset headings (none in real outputs) is dataset 1. */
  whole: whenNone(DATASET_HEADING, DATASET),
  datasets: blocks(DATASET_HEADING, { index: first(DATASET_HEADING, integer()), ...DATASET }),
  time: last(
    /^- Proc\.\s+0 individual time \(sec\): cpu=\s*(\S+)\s+wall=\s*(\S+)/,
    fields({ cpu: real(1), wall: real(2) }),
  ),
  finished: flag(/^\s*Calculation completed\./),
};

type Read = Parsed<typeof ABINIT_OUTPUT>;
type Step = Parsed<typeof STEP>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Seconds since 1970 of the first start date with its time of day. */
function dateStartOf(read: Read): number | undefined {
  const start = read.starts.find(({ date, at }) => date && at && MONTHS.includes(date.month));
  if (!start?.date || !start.at) return undefined;
  const { day, month, year } = start.date;
  return Date.UTC(year, MONTHS.indexOf(month), day, start.at.hour, start.at.minute) / 1000;
}

/** The variables of one echo: a variable's line, then continuation lines of more numbers. */
function variablesOf(echo: Read['echoes'][number]): Map<string, number[]> {
  const variables = new Map<string, number[]>();
  echo.lines.reduce<number[] | undefined>((current, line) => {
    if (line.name === undefined) return current && (current.push(...line.values), current);
    variables.set(line.name, line.values);
    return line.values;
  }, undefined);
  return variables;
}

/** The symmetric stress tensor of one print, when all six components were printed. */
function tensorOf(print: Step['stress'][number]): Vec[] | undefined {
  const tensor: Vec[] = [
    [NaN, NaN, NaN],
    [NaN, NaN, NaN],
    [NaN, NaN, NaN],
  ];
  // Symmetric: sigma(3 2) is also [1][2].
  print.entries.flat().forEach(([i, j, value]) => {
    tensor[i]![j] = value;
    tensor[j]![i] = value;
  });
  return tensor.every((row) => row.every((x) => !Number.isNaN(x))) ? tensor : undefined;
}

const hasResults = (step: Step) =>
  step.iterations.length > 0 || step.xcart.length > 0 || step.etotal !== undefined;

/**
 * The steps of a dataset. An '--- Iteration' line opens a new step only once the current one has SCF
 * iterations, coordinates or an energy: what comes before (and its forces or stress) is the same step.
 */
function stepsOf(parts: Step[]): AbinitStep[] {
  const groups = parts.reduce<Step[][]>(
    (found, part) => {
      const current = found.at(-1)!;
      if (current.some(hasResults)) found.push([part]);
      else current.push(part);
      return found;
    },
    [[]],
  );
  return groups.map((group) => {
    const withXcart = group.findLast((part) => part.xcart.length > 0);
    const withForces = group.findLast((part) => part.forces.length > 0);
    const withEnergy = group.findLast((part) => part.etotal !== undefined);
    const stress = group
      .flatMap((part) => part.stress.map(tensorOf))
      .findLast((found) => found !== undefined);
    return {
      iterations: group.flatMap((part) => part.iterations),
      ...(withEnergy ? { etotal: withEnergy.etotal } : {}),
      ...(withXcart ? { xcart: withXcart.xcart.at(-1) } : {}),
      ...(withForces ? { forces: withForces.forces.at(-1) } : {}),
      ...(stress ? { stress } : {}),
    };
  });
}

function datasetOf(index: number, read: Parsed<typeof DATASET>): AbinitDataset {
  const steps = stepsOf([read.firstStep, ...read.steps]);
  const stress = steps.findLast((step) => step.stress)?.stress;
  const eigenvalues: { value?: AbinitEigenvalues } = {};
  read.eigenvalues.forEach((block) => readEigenvalues(block.lines, eigenvalues));
  return {
    index,
    steps,
    ...(read.fermi === undefined ? {} : { fermi: read.fermi }),
    components: new Map(read.components),
    ...(read.forces.length > 0 ? { forces: read.forces.at(-1) } : {}),
    ...(stress ? { stress } : {}),
    // The first print of each frequency, by its number.
    screeningFrequencies: read.omegas.reduce<[number, number][]>((found, { n, re, im }) => {
      found[n - 1] ??= [re, im];
      return found;
    }, []),
    qp: read.qp.flatMap(({ kpoint, sigma, table: rows }) =>
      kpoint && sigma
        ? [
            {
              kpoint,
              bands: rows.map((row) => row[0]!),
              ks: rows.map((row) => row[1]!),
              vxc: rows.map((row) => row[2]!),
              sigx: rows.map((row) => row[3]!),
              sigc: rows.map((row) => row[4]!),
              z: rows.map((row) => row[5]!),
              qp: rows.map((row) => row[9]!),
            },
          ]
        : [],
    ),
    ...(read.converged ? { converged: true } : {}),
    ...(read.nelect === undefined ? {} : { nelect: read.nelect }),
    ...(eigenvalues.value ? { eigenvalues: eigenvalues.value } : {}),
  };
}

export function readAbinitOutput(content: string, file = 'the output'): AbinitOutput {
  const { values: read, warnings } = readText(ABINIT_OUTPUT, content, file);
  if (!read.version) throw new Error("not an ABINIT output: no '.Version ... of ABINIT' line");
  // The echo after the computation wins; what only the input echo has (truncated runs) stays.
  const input = read.echoes.findLast((echo) => !echo.after);
  const after = read.echoes.findLast((echo) => echo.after);
  const variables = new Map([...(input ? variablesOf(input) : []), ...(after ? variablesOf(after) : [])]);
  const datasets =
    read.datasets.length > 0
      ? read.datasets.map((dataset) => datasetOf(dataset.index ?? 1, dataset))
      : [datasetOf(1, read.whole!)];
  const anyStep = datasets.some((d) => d.steps.some((s) => s.iterations.length > 0 || s.xcart));
  if (variables.size === 0 && !anyStep)
    throw new Error('the output echoes no input variables and has no SCF cycle: nothing to make an entry of');
  const dateStart = dateStartOf(read);
  return {
    version: read.version,
    ...(dateStart === undefined ? {} : { dateStart }),
    ...(read.outputRoot === undefined ? {} : { outputRoot: read.outputRoot }),
    pseudopotentials: new Map(
      read.pseudopotentials.map(({ type, file: psp }) => [type, psp.replace(/^.*\//, '')]),
    ),
    variables,
    datasets,
    ...(read.time ? { cpuTime: read.time.cpu, wallTime: read.time.wall } : {}),
    finished: read.finished,
    warnings,
  };
}
