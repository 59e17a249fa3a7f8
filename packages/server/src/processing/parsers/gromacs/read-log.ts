// GROMACS mdrun logs (md.log): version and precision, the command line, the input parameters, and the
// energies printed at the logged steps, read by a declaration of what the log holds.
import { readText } from '../../text/read-text.ts';
import { type ConvertLines, recordAfter, recordsAfter, startLines } from '../../text/rule-records.ts';
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
  text,
} from '../../text/rules.ts';

interface LogEnergies {
  step: number;
  /** ps */
  time: number;
  /** Terms as the log names them ('Potential', 'Pressure (bar)'), in kJ/mol, K or bar. */
  values: Map<string, number>;
}

export interface GromacsLog {
  version?: string;
  precision?: string;
  commandLine?: string;
  /** 'integrator' → 'md', 'ref-t' → '298.15' … as the log writes them. */
  parameters: Map<string, string>;
  /** Parameters the log writes as rows ('ref-p (3x3):' then 'ref-p[    0]={ 1, 0, 0}'), by name. */
  matrices: Map<string, number[][]>;
  atoms?: number;
  energies: LogEnergies[];
  finished: boolean;
  /** An energy minimisation's outcome, as its last lines state it. */
  minimisationConverged?: boolean;
  /** The minimisation's final largest force, kJ/mol/nm. */
  maximumForce?: number;
  /** When mdrun started and finished (s since 1970, the log's local time read as UTC), its wall time (s). */
  dateStart?: number;
  dateEnd?: number;
  wallTime?: number;
  /** Lines read (errors name the last). */
  lines: number;
  /** 'md.log line 812: ...': what was found but could not be read. */
  warnings: string[];
}

/** The log writes term names in columns of 15 characters. */
const COLUMN = 15;

const namesOf = (line: string): string[] =>
  Array.from({ length: Math.ceil(line.length / COLUMN) }, (_, i) =>
    line.slice(i * COLUMN, (i + 1) * COLUMN).trim(),
  ).filter(Boolean);

/** A row pair of the energies table: a names line and a values line; anything else ends the table. */
const energyTerms: ConvertLines<[string, number][]> = ([namesLine, valuesLine], warn) => {
  const names = namesOf(namesLine!);
  const tokens = valuesLine!.trim().split(/\s+/);
  if (names.length === 0 || names.length !== tokens.length) return undefined;
  const values = tokens.map(Number);
  const bad = values.findIndex(Number.isNaN);
  if (bad < 0) return names.map((name, k) => [name, values[k]!]);
  warn(`'${tokens[bad]}' for ${names[bad]} is not a number; the energies end here`, 1);
  return undefined;
};

/**
 * A step's first lines: 'Step Time' (perhaps 'Lambda' too), then the step number and its time. The
 * averages' block opens with no such heading: it is no step.
 */
const stepAndTime: ConvertLines<{ step: number; time: number }> = ([heading, line], warn) => {
  if (!heading!.includes('Step')) return undefined;
  const [step, time] = line!.trim().split(/\s+/).map(Number);
  if (Number.isFinite(step) && Number.isFinite(time)) return { step: step!, time: time! };
  warn("no step and time under 'Step Time'", 1);
  return undefined;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Dec 14 09:31:52 2023' as seconds since 1970 (the log names no time zone: read as UTC). */
function dateOf(text: string): number | undefined {
  const [month, day, time, year] = text.split(/\s+/);
  const [h, m, s] = (time ?? '').split(':').map(Number);
  const value = Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), h, m, s) / 1000;
  return MONTHS.includes(month!) && Number.isFinite(value) ? value : undefined;
}

const date: Convert<number> = (match) => dateOf(match[1]!);

/** 'integrator = md'; the lambda arrays are right-aligned, so 'temperature-lambdas' starts its line. */
const PARAMETER = /^\s+([\w-]+)\s*[=:]\s*(.*?)\s*$|^([\w-]+-lambdas)\s*=\s*(.*?)\s*$/;
/** The parameters end at the first line that is neither indented nor an unindented heading or array. */
const PARAMETERS_END = /^(?!\s|qm-opts|grpopts|annealing|separate-dvdl|all-lambdas|[\w-]+-lambdas\s*=)/;

const LOG = {
  version: first(/^GROMACS version:\s+(?:VERSION\s+)?(\S+)/i, text()),
  precision: first(/^Precision:\s+(\S+)/, text()),
  commandLine: recordAfter(/^Command line:/, 1, ([line]) => line!.trim()),
  parameters: blocks(
    /^Input Parameters:/,
    {
      values: every(PARAMETER, (match): [string, string] => [
        (match[1] ?? match[3])!,
        (match[2] ?? match[4])!,
      ]),
      // 'ref-p[    0]={ 1.00000e+00,  0.00000e+00,  0.00000e+00}': a row of a matrix parameter.
      rows: every(
        /^\s+([\w-]+)\[\s*(\d+)\]\s*=\s*\{(.*)\}/,
        fields({ name: text(1), index: integer(2), row: (match) => match[3]!.split(',').map(Number) }),
      ),
    },
    { end: PARAMETERS_END },
  ),
  atoms: last(/^There are: (\d+) Atoms/, integer()),
  // A step's energies are those printed before the next step. The averages' banner at the end opens a
  // block of its own, which has no step line and so is no step.
  steps: blocks(/^\s+(?:Step\s+Time|<=+\s+A V E R A G E S)/, {
    at: startLines(2, stepAndTime),
    energies: recordsAfter(/^\s+Energies \(kJ\/mol\)/, 2, energyTerms),
  }),
  finished: flag(/^Finished mdrun/),
  minimisationConverged: last(/(did not )?converged? to Fmax/, (match) => match[1] === undefined),
  maximumForce: last(/^Maximum force\s*=\s*(\S+)/, real()),
  // '\s' before 'on rank' leaves 'Started ' the part of the line that is looked for first.
  dateStart: first(/^Started .*\son rank \d+ \w+ (\w+ +\d+ [\d:]+ \d+)\s*$/, date),
  dateEnd: last(/^Finished mdrun on rank \d+ \w+ (\w+ +\d+ [\d:]+ \d+)\s*$/, date),
  wallTime: last(/^\s+Time:\s+(\S+)\s+(\S+)/, real(2)),
};

/** The rows of each matrix parameter by name, at the indices the log gives them. */
const matricesOf = (rows: { name: string; index: number; row: number[] }[]): Map<string, number[][]> =>
  new Map(
    [...new Set(rows.map(({ name }) => name))].map((name) => [
      name,
      rows
        .filter((row) => row.name === name)
        .reduce<number[][]>((matrix, { index, row }) => Object.assign(matrix, { [index]: row }), []),
    ]),
  );

export function readGromacsLog(content: string, fileName: string): GromacsLog {
  const { values, warnings, lines } = readText(LOG, content, fileName);
  const { commandLine, parameters, steps, ...single } = values;
  return {
    ...single,
    commandLine: commandLine.at(-1),
    parameters: new Map(parameters.flatMap((block) => block.values)),
    matrices: matricesOf(parameters.flatMap((block) => block.rows)),
    // A step's terms by concat: flat() costs several times more on these small arrays.
    energies: steps.flatMap(({ at, energies }) =>
      at && energies[0]
        ? [{ ...at, values: new Map(([] as [string, number][]).concat(...energies[0])) }]
        : [],
    ),
    lines: lines - (content.endsWith('\n') ? 1 : 0),
    warnings,
  };
}

/** The files mdrun names on its command line: -s, -o, -x, -e, -c or all through -deffnm. */
export function commandLineFiles(commandLine: string | undefined): {
  tpr?: string;
  trr?: string;
  xtc?: string;
  edr?: string;
  gro?: string;
  dhdl?: string;
} {
  const words = (commandLine ?? '').split(/\s+/);
  const option = (name: string) => {
    const index = words.indexOf(name);
    return index >= 0 ? words[index + 1] : undefined;
  };
  const base = option('-deffnm');
  return {
    tpr: option('-s') ?? (base && `${base}.tpr`),
    trr: option('-o') ?? (base && `${base}.trr`),
    xtc: option('-x') ?? (base && `${base}.xtc`),
    edr: option('-e') ?? (base && `${base}.edr`),
    gro: option('-c') ?? (base && `${base}.gro`),
    dhdl: option('-dhdl') ?? (base && `${base}.xvg`),
  };
}
