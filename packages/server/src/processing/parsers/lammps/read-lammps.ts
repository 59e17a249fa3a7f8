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
  /** 'nvt', 'npt', 'nve', 'langevin' ... with its arguments. */
  fixes: { style: string; args: string[] }[];
  /** In the time unit of `units`. */
  timestep?: number;
  /** A 'log' command that continued the output in another file. */
  continuedIn?: string;
  /** The file of the first atom or custom 'dump' (positions along the run). */
  dumpFile?: string;
  thermo: ThermoRow[];
  finished: boolean;
}

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
  const log: LammpsLog = into ?? { units: 'lj', fixes: [], thermo: [], finished: false };
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
    if (name === 'fix' && args.length >= 3) log.fixes.push({ style: args[2]!, args: args.slice(3) });
    if (name === 'timestep' && args[0] && !Number.isNaN(Number(args[0]))) log.timestep = Number(args[0]);
    if (name === 'log' && args[0] && !into) log.continuedIn = args[0];
    // dump ID group style N file ...
    if (name === 'dump' && (args[2] === 'custom' || args[2] === 'atom') && args[4]) log.dumpFile ??= args[4];
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
