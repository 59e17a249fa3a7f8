// What a LAMMPS log says: the input commands it echoes (units, read_data, styles, fixes, timestep, a
// following 'log' file) and the thermodynamic output of each run, in both the column ('one', custom)
// and the 'multi' layout, in the run's units. Data files (atoms, box, masses) are read by readLammpsData.
import { numbersIn } from '../text/numbers.ts';

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

/** Reads a log, or its continuation (`into` the first part's result). */
export function readLammpsLog(text: string, into?: LammpsLog): LammpsLog {
  const lines = text.split(/\r?\n/);
  const log: LammpsLog = into ?? {
    units: 'lj',
    fixes: [],
    thermo: [],
    finished: false,
    masses: new Map(),
  };
  let columns: string[] | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const version = /^LAMMPS \((.+)\)/.exec(trimmed);
    if (version) log.version ??= version[1]!;
    const command = trimmed.replace(/#.*$/, '').trim().split(/\s+/);
    const [name, ...args] = command;
    if (name === 'units' && args[0]) log.units = args[0];
    if (name === 'read_data' && args[0]) log.dataFile ??= args[0];
    if (name === 'pair_style' && args.length > 0) log.pairStyle ??= args.join(' ');
    // Echoed commands repeat with ${variables} substituted: the substituted one replaces the first.
    if (name === 'fix' && args.length >= 3) {
      const fix = { id: args[0]!, style: args[2]!, args: args.slice(3) };
      const index = log.fixes.findIndex((other) => other.id === fix.id);
      if (index >= 0) log.fixes[index] = fix;
      else log.fixes.push(fix);
    }
    const integer = (text: string | undefined) =>
      text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
    if (name === 'run' && integer(args[0]) !== undefined)
      log.runSteps = (log.runSteps ?? 0) + integer(args[0])!;
    if (name === 'thermo' && integer(args[0]) !== undefined) log.thermoEvery = integer(args[0]);
    if (name === 'neigh_modify') {
      const every = integer(args[args.indexOf('every') + 1]);
      if (args.includes('every') && every !== undefined) log.neighbourEvery = every;
    }
    if (name === 'min_style' && args[0]) log.minStyle = args[0];
    if (name === 'minimize' && args.length >= 4 && args.slice(0, 4).every((x) => Number.isFinite(Number(x))))
      log.minimize = {
        etol: Number(args[0]),
        ftol: Number(args[1]),
        maxIterations: Number(args[2]),
        maxEvaluations: Number(args[3]),
      };
    const maximumForce = /^Force max component initial, final\s*=\s*\S+\s+(\S+)/.exec(trimmed);
    if (maximumForce && Number.isFinite(Number(maximumForce[1])))
      log.finalMaximumForce = Number(maximumForce[1]);
    if (name === 'timestep' && args[0] && !Number.isNaN(Number(args[0]))) log.timestep = Number(args[0]);
    if (name === 'log' && args[0] && !into) log.continuedIn = args[0];
    // dump ID group style N file ...
    if (name === 'dump' && DUMP_STYLES.has(args[2] ?? '') && args[4] && !log.dumpFile) {
      log.dumpFile = args[4];
      if (/^\d+$/.test(args[3] ?? '')) log.dumpEvery = Number(args[3]);
      log.dumpStyle = args[2];
    }
    if ((name === 'read_restart' || name === 'create_atoms') && args[0]) log.atomsFrom ??= name;
    if (name === 'write_data' && args[0] && !args[0].includes('$')) log.writeData ??= args[0];
    if (name === 'mass' && args.length >= 2 && /^\d+$/.test(args[0]!) && !Number.isNaN(Number(args[1])))
      log.masses.set(Number(args[0]), Number(args[1]));
    // Column layout: a header starting with 'Step', rows of numbers until 'Loop time'.
    if (/^Step\s/.test(trimmed)) {
      columns = trimmed.split(/\s+/);
      continue;
    }
    if (/^Loop time of/.test(trimmed)) {
      columns = undefined;
      log.finished = true;
      continue;
    }
    if (columns) {
      const numbers = trimmed.split(/\s+/).map(Number);
      if (numbers.length === columns.length && numbers.every((n) => !Number.isNaN(n))) {
        log.thermo.push({ values: new Map(columns.map((column, index) => [column, numbers[index]!])) });
        continue;
      }
      if (trimmed !== '' && !/^WARNING/.test(trimmed)) columns = undefined;
    }
    // Multi layout: '---- Step N ----- CPU = ...' then 'Key = value' pairs.
    const multi = /^-+ Step\s+(\d+) -+/.exec(trimmed);
    if (multi) {
      const values = new Map<string, number>([['Step', Number(multi[1])]]);
      // 'CPU = 4.9821 (sec)': the elapsed wall time of the run, as the column layout's CPU column.
      const cpu = /CPU\s*=\s*(\S+)/.exec(trimmed);
      if (cpu && Number.isFinite(Number(cpu[1]))) values.set('CPU', Number(cpu[1]));
      for (let k = i + 1; k < lines.length; k += 1) {
        const pairs = [...lines[k]!.matchAll(/(\w+)\s*=\s*(\S+)/g)];
        if (pairs.length === 0 || /^-+ Step/.test(lines[k]!.trim())) break;
        for (const [, key, value] of pairs) values.set(key!, numbersIn(value!)[0] ?? Number.NaN);
        i = k;
      }
      log.thermo.push({ values });
    }
  }
  if (!into && !log.version) throw new Error("not a LAMMPS log: no 'LAMMPS (version)' line");
  log.timestep ??= DEFAULT_TIMESTEP[log.units];
  return log;
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
