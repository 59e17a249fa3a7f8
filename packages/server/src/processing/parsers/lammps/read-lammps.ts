// What a LAMMPS log says: the input commands it echoes (units, read_data, styles, fixes, timestep, a
// following 'log' file) and the thermodynamic output of each run, in both the column ('one', custom)
// and the 'multi' layout, in the run's units. Data files (atoms, box, masses) are read by readLammpsData.
import { numbersIn } from '../../text/numbers.ts';
import { readText } from '../../text/read-text.ts';
import { every, first, flag, last, text } from '../../text/rules.ts';
import { spans } from '../../text/spans.ts';

export interface ThermoRow {
  /** Column name ('Step', 'Temp', 'PotEng', 'Press', ...) to value. */
  values: Map<string, number>;
}

export interface LammpsLog {
  version?: string;
  units: string;
  dataFile?: string;
  pairStyle?: string;
  /** 'nvt', 'npt', 'nve', 'langevin' ... with its arguments (a fix redefined under its ID replaced). */
  fixes: { id: string; style: string; args: string[] }[];
  /** Steps of the 'run' commands together. */
  runSteps?: number;
  /** Every how many steps 'thermo' prints, the dump saves, the neighbour lists are rebuilt. */
  thermoEvery?: number;
  dumpEvery?: number;
  neighbourEvery?: number;
  /** 'minimize etol ftol maxiter maxeval' and the min_style ('cg' by default). */
  minimize?: { etol: number; ftol: number; maxIterations: number; maxEvaluations: number };
  minStyle?: string;
  /** The final largest force component of a minimisation, in the force unit of `units`. */
  finalMaximumForce?: number;
  /** In the time unit of `units`. */
  timestep?: number;
  /** A 'log' command that continued the output in another file. */
  continuedIn?: string;
  /** The file of the first atom, custom, xyz or dcd 'dump' (positions along the run), and its style. */
  dumpFile?: string;
  dumpStyle?: string;
  /** Where the atoms came from when not from read_data: 'read_restart' or 'create_atoms'. */
  atomsFrom?: string;
  /** The file a 'write_data' command wrote (the atoms as the run had them). */
  writeData?: string;
  /** Masses set by 'mass TYPE VALUE' commands, by type. */
  masses: Map<number, number>;
  thermo: ThermoRow[];
  finished: boolean;
}

/** Dump styles whose positions are read. */
const DUMP_STYLES = new Set(['custom', 'atom', 'xyz', 'dcd']);

/** LAMMPS' default time steps per unit style (in that style's time unit). */
const DEFAULT_TIMESTEP: Readonly<Record<string, number>> = {
  lj: 0.005,
  real: 1,
  metal: 0.001,
  si: 1e-8,
  cgs: 1e-8,
  electron: 0.001,
  micro: 2,
  nano: 0.00045,
};

/** The arguments of an echoed input command (its comment left out), none when it has none. */
const command = (name: string) => new RegExp(`^\\s*${name}\\s+([^#]*)`);
const argsOf = (match: RegExpExecArray) => {
  const args = match[1]!.trim();
  return args === '' ? [] : args.split(/\s+/);
};
const isCount = (token: string | undefined): token is string => token !== undefined && /^\d+$/.test(token);
/** A command's first argument, if any. */
const firstArg = (match: RegExpExecArray) => argsOf(match)[0] || undefined;
const countArg = (match: RegExpExecArray) => {
  const arg = argsOf(match)[0];
  return isCount(arg) ? Number(arg) : undefined;
};

/** A number as LAMMPS prints it in a thermo row. */
const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const NUMBER_ROW = new RegExp(`^\\s*${NUMBER}(?:\\s+${NUMBER})*\\s*$`);
/** Column layout: a header starting with 'Step', then rows of numbers (blank and WARNING lines among them). */
const COLUMNS_HEADING = /^\s*Step\s+\S/;
const PASSED = /^\s*(?:WARNING|$)/;
/** Multi layout: '---- Step N ----- CPU = ...' then lines of 'Key = value' pairs. */
const MULTI_HEADING = /^\s*-+ Step\s+(\d+) -+/;
const PAIRS = /^(?!\s*-+ Step)(?=.*?\w\s*=\s*\S)/;
const PAIR = /(\w+)\s*=\s*(\S+)/g;

/** A line of thermo output by what it holds (a table's extent depends on its layout: see rowsOf). */
interface ThermoLine {
  names?: string[];
  step?: number;
  cpu?: number;
  row?: number[];
  pairs?: [string, number][];
  /** Blank and WARNING lines, which a column table passes over. */
  passed?: boolean;
}

function thermoLine(line: string): ThermoLine {
  if (COLUMNS_HEADING.test(line)) return { names: line.trim().split(/\s+/) };
  const multi = MULTI_HEADING.exec(line);
  if (multi) {
    // 'CPU = 4.9821 (sec)': the elapsed wall time of the run, as the column layout's CPU column.
    const cpu = Number(/CPU\s*=\s*(\S+)/.exec(line)?.[1]);
    return { step: Number(multi[1]), ...(Number.isFinite(cpu) ? { cpu } : {}) };
  }
  if (NUMBER_ROW.test(line)) return { row: line.trim().split(/\s+/).map(Number) };
  const pairs = PAIRS.test(line)
    ? [...line.matchAll(PAIR)].map(([, key, value]): [string, number] => [
        key!,
        numbersIn(value!)[0] ?? Number.NaN,
      ])
    : [];
  return { ...(pairs.length > 0 ? { pairs } : {}), ...(PASSED.test(line) ? { passed: true } : {}) };
}

const LOG = {
  version: first(/^\s*LAMMPS \((.+)\)/, text()),
  units: last(command('units'), firstArg),
  dataFile: first(command('read_data'), firstArg),
  pairStyle: first(command('pair_style'), (match) => argsOf(match).join(' ') || undefined),
  fixes: every(command('fix'), (match) => {
    const args = argsOf(match);
    return args.length >= 3 ? { id: args[0]!, style: args[2]!, args: args.slice(3) } : undefined;
  }),
  runs: every(command('run'), countArg),
  thermoEvery: last(command('thermo'), countArg),
  neighbourEvery: last(command('neigh_modify'), (match) => {
    const args = argsOf(match);
    const every = args[args.indexOf('every') + 1];
    return args.includes('every') && isCount(every) ? Number(every) : undefined;
  }),
  minStyle: last(command('min_style'), firstArg),
  minimize: last(command('minimize'), (match) => {
    const args = argsOf(match).slice(0, 4);
    if (args.length < 4 || !args.every((x) => Number.isFinite(Number(x)))) return undefined;
    const [etol, ftol, maxIterations, maxEvaluations] = args.map(Number) as [number, number, number, number];
    return { etol, ftol, maxIterations, maxEvaluations };
  }),
  finalMaximumForce: last(/^\s*Force max component initial, final\s*=\s*\S+\s+(\S+)/, (match) => {
    const force = Number(match[1]);
    return Number.isFinite(force) ? force : undefined;
  }),
  timestep: last(command('timestep'), (match) => {
    const arg = firstArg(match);
    return arg && !Number.isNaN(Number(arg)) ? Number(arg) : undefined;
  }),
  continuedIn: last(command('log'), firstArg),
  // dump ID group style N file ...
  dump: first(command('dump'), (match) => {
    const args = argsOf(match);
    if (!DUMP_STYLES.has(args[2] ?? '') || !args[4]) return undefined;
    return { file: args[4], style: args[2]!, every: isCount(args[3]) ? Number(args[3]) : undefined };
  }),
  atomsFrom: first(/^\s*(read_restart|create_atoms)\s+([^#]*)/, (match) =>
    match[2]!.trim() === '' ? undefined : match[1],
  ),
  writeData: first(command('write_data'), (match) => {
    const file = firstArg(match);
    return file && !file.includes('$') ? file : undefined;
  }),
  masses: every(command('mass'), (match) => {
    const args = argsOf(match);
    return args.length >= 2 && isCount(args[0]) && !Number.isNaN(Number(args[1]))
      ? ([Number(args[0]), Number(args[1])] as const)
      : undefined;
  }),
  finished: flag(/^\s*Loop time of/),
  // Both layouts, in the order the log prints them: each heading with the lines that can follow it.
  thermo: spans(
    /^\s*Step\s+\S|^\s*-+ Step\s+\d+ -+/,
    new RegExp(`${PASSED.source}|${NUMBER_ROW.source}|${PAIRS.source}`),
    { lines: every(/^/, (match) => thermoLine(match.input)) },
  ),
};

/**
 * A thermo heading's rows: the column layout's numbers (passing over blank and WARNING lines) up to the
 * first other line or row of another width; the multi layout's pairs up to the first line without any.
 */
function rowsOf({ lines }: { lines: ThermoLine[] }): ThermoRow[] {
  const [heading, ...after] = lines;
  const names = heading?.names;
  if (names) {
    const body = after.filter((line) => !line.passed);
    const end = body.findIndex((line) => line.row?.length !== names.length);
    const rows = (end < 0 ? body : body.slice(0, end)).map((line) => line.row!);
    return rows.map((row) => ({ values: new Map(names.map((name, index) => [name, row[index]!])) }));
  }
  if (heading?.step === undefined) return [];
  const end = after.findIndex((line) => !line.pairs);
  const pairs = (end < 0 ? after : after.slice(0, end)).flatMap((line) => line.pairs!);
  const cpu: [string, number][] = heading.cpu === undefined ? [] : [['CPU', heading.cpu]];
  return [{ values: new Map([['Step', heading.step], ...cpu, ...pairs]) }];
}

const defined = <T extends object>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Fixes by ID: echoed commands repeat with ${variables} substituted, and the later one replaces the first. */
const withFixes = (fixes: LammpsLog['fixes'], more: LammpsLog['fixes']) =>
  more.reduce(
    (all, fix) =>
      all.some((other) => other.id === fix.id)
        ? all.map((other) => (other.id === fix.id ? fix : other))
        : [...all, fix],
    fixes,
  );

/**
 * Reads a log, or its continuation (`into` the first part's result, which it updates): later commands
 * override earlier settings, while the first data file, pair style and dump stay.
 */
export function readLammpsLog(
  content: string,
  into?: LammpsLog,
  options: { file?: string; warn?: (warning: string) => void } = {},
): LammpsLog {
  const read = readText(LOG, content, options.file ?? 'log.lammps');
  read.warnings.forEach((warning) => options.warn?.(warning));
  const values = read.values;
  if (!into && !values.version) throw new Error("not a LAMMPS log: no 'LAMMPS (version)' line");
  const runSteps = values.runs.reduce((sum, steps) => sum + steps, into?.runSteps ?? 0);
  const dump = into?.dumpFile ? undefined : values.dump;
  const log: LammpsLog = {
    ...into,
    units: values.units ?? into?.units ?? 'lj',
    fixes: withFixes(into?.fixes ?? [], values.fixes),
    masses: new Map([...(into?.masses ?? []), ...values.masses]),
    thermo: [...(into?.thermo ?? []), ...values.thermo.flatMap(rowsOf)],
    finished: (into?.finished ?? false) || values.finished,
    ...defined({
      version: into?.version ?? values.version,
      dataFile: into?.dataFile ?? values.dataFile,
      pairStyle: into?.pairStyle ?? values.pairStyle,
      runSteps: values.runs.length > 0 ? runSteps : undefined,
      thermoEvery: values.thermoEvery,
      neighbourEvery: values.neighbourEvery,
      minStyle: values.minStyle,
      minimize: values.minimize,
      finalMaximumForce: values.finalMaximumForce,
      timestep: values.timestep,
      continuedIn: into ? undefined : values.continuedIn,
      dumpFile: dump?.file,
      dumpEvery: dump?.every,
      dumpStyle: dump?.style,
      atomsFrom: into?.atomsFrom ?? values.atomsFrom,
      writeData: into?.writeData ?? values.writeData,
    }),
  };
  log.timestep ??= DEFAULT_TIMESTEP[log.units];
  return into ? Object.assign(into, log) : log;
}

export interface LammpsData {
  /** Box rows in the data file's length unit; tilt factors applied. */
  box: [[number, number, number], [number, number, number], [number, number, number]];
  origin: [number, number, number];
  masses: Map<number, number>;
  /** Per atom: type and Cartesian position. */
  atoms: { type: number; position: [number, number, number] }[];
}

/** Columns of the 'Atoms' section by atom style: where the type and x, y, z are. */
const ATOM_COLUMNS: Readonly<Record<string, { type: number; x: number }>> = {
  full: { type: 2, x: 4 },
  molecular: { type: 2, x: 3 },
  bond: { type: 2, x: 3 },
  angle: { type: 2, x: 3 },
  charge: { type: 1, x: 3 },
  atomic: { type: 1, x: 2 },
};

export function readLammpsData(text: string): LammpsData {
  const lines = text.split(/\r?\n/);
  const bounds: Record<string, [number, number]> = {};
  let tilt = [0, 0, 0];
  const masses = new Map<number, number>();
  const atoms: LammpsData['atoms'] = [];
  let section: string | undefined;
  let style: string | undefined;
  for (const raw of lines) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^(Atoms|Masses|Velocities|Bonds|Angles|Dihedrals|Impropers|[A-Z][A-Za-z]* Coeffs)\b/.exec(
      line,
    );
    if (header) {
      section = header[1];
      style = /#\s*(\w+)/.exec(raw)?.[1];
      continue;
    }
    if (line === '') continue;
    const bound = /^(\S+)\s+(\S+)\s+([xyz])lo\s+[xyz]hi$/.exec(line);
    if (bound) {
      bounds[bound[3]!] = [Number(bound[1]), Number(bound[2])];
      continue;
    }
    const tilts = /^(\S+)\s+(\S+)\s+(\S+)\s+xy\s+xz\s+yz$/.exec(line);
    if (tilts) {
      tilt = [Number(tilts[1]), Number(tilts[2]), Number(tilts[3])];
      continue;
    }
    const numbers = line.split(/\s+/).map(Number);
    if (section === 'Masses' && numbers.length >= 2) masses.set(numbers[0]!, numbers[1]!);
    if (section === 'Atoms') {
      const columns =
        ATOM_COLUMNS[style ?? ''] ?? (numbers.length >= 7 ? ATOM_COLUMNS.full! : ATOM_COLUMNS.atomic!);
      atoms.push({
        type: numbers[columns.type]!,
        position: [numbers[columns.x]!, numbers[columns.x + 1]!, numbers[columns.x + 2]!],
      });
    }
  }
  const [x, y, z] = (['x', 'y', 'z'] as const).map((axis) => bounds[axis]);
  if (!x || !y || !z) throw new Error('the data file has no xlo xhi, ylo yhi, zlo zhi box');
  if (atoms.length === 0) throw new Error("the data file has no 'Atoms' section");
  const [xy, xz, yz] = tilt as [number, number, number];
  return {
    box: [
      [x[1] - x[0], 0, 0],
      [xy, y[1] - y[0], 0],
      [xz, yz, z[1] - z[0]],
    ],
    origin: [x[0], y[0], z[0]],
    masses,
    atoms,
  };
}
