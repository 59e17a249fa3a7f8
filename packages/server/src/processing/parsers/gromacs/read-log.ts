// GROMACS mdrun logs (md.log): version and precision, the command line, the input parameters, and the
// energies printed at the logged steps.

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
}

/** The log writes term names in columns of 15 characters. */
const COLUMN = 15;

const namesOf = (line: string): string[] =>
  Array.from({ length: Math.ceil(line.length / COLUMN) }, (_, i) =>
    line.slice(i * COLUMN, (i + 1) * COLUMN).trim(),
  ).filter(Boolean);

/** The 'Energies (kJ/mol)' table after line `start`: pairs of a names line and a values line. */
function energyTable(lines: readonly string[], start: number): Map<string, number> {
  const values = new Map<string, number>();
  for (let i = start; i + 1 < lines.length; i += 2) {
    const names = namesOf(lines[i]!);
    const numbers = lines[i + 1]!.trim().split(/\s+/).map(Number);
    if (names.length === 0 || names.length !== numbers.length || numbers.some((x) => Number.isNaN(x))) break;
    names.forEach((name, k) => values.set(name, numbers[k]!));
  }
  return values;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Dec 14 09:31:52 2023' as seconds since 1970 (the log names no time zone: read as UTC). */
function dateOf(text: string): number | undefined {
  const [month, day, time, year] = text.split(/\s+/);
  const [h, m, s] = (time ?? '').split(':').map(Number);
  const value = Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), h, m, s) / 1000;
  return MONTHS.includes(month!) && Number.isFinite(value) ? value : undefined;
}

export function readGromacsLog(text: string): GromacsLog {
  const lines = text.split(/\r?\n/);
  const log: GromacsLog = {
    parameters: new Map(),
    matrices: new Map(),
    energies: [],
    finished: false,
    lines: lines.length - (text.endsWith('\n') ? 1 : 0),
  };
  let inParameters = false;
  let current: { step: number; time: number } | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    let match: RegExpExecArray | null;
    if (!log.version && (match = /^GROMACS version:\s+(?:VERSION\s+)?(\S+)/i.exec(line)))
      log.version = match[1];
    else if (!log.precision && (match = /^Precision:\s+(\S+)/.exec(line))) log.precision = match[1];
    else if (line.startsWith('Command line:')) log.commandLine = lines[i + 1]?.trim();
    else if (/^Input Parameters:/.test(line)) inParameters = true;
    else if (inParameters) {
      // The lambda arrays are right-aligned: 'temperature-lambdas' starts its line.
      match = /^\s+([\w-]+)\s*[=:]\s*(.*?)\s*$|^([\w-]+-lambdas)\s*=\s*(.*?)\s*$/.exec(line);
      const row = /^\s+([\w-]+)\[\s*(\d+)\]\s*=\s*\{(.*)\}/.exec(line);
      if (row) {
        const rows = log.matrices.get(row[1]!) ?? [];
        rows[Number(row[2])] = row[3]!.split(',').map(Number);
        log.matrices.set(row[1]!, rows);
      } else if (match) log.parameters.set((match[1] ?? match[3])!, (match[2] ?? match[4])!);
      else if (!/^\s|^(?:qm-opts|grpopts|annealing|separate-dvdl|all-lambdas)/.test(line))
        inParameters = false;
    }
    if ((match = /^There are: (\d+) Atoms/.exec(line))) log.atoms = Number(match[1]);
    else if (/^\s+Step\s+Time/.test(line)) {
      const [step, time] = (lines[i + 1] ?? '').trim().split(/\s+/).map(Number);
      current = Number.isFinite(step) && Number.isFinite(time) ? { step: step!, time: time! } : undefined;
    } else if (/^\s+Energies \(kJ\/mol\)/.test(line) && current) {
      log.energies.push({ ...current, values: energyTable(lines, i + 1) });
      current = undefined;
    } else if (/A V E R A G E S/.test(line)) current = undefined;
    else if (/^Finished mdrun/.test(line)) log.finished = true;
    else if ((match = /(did not converge|converged) to Fmax/.exec(line)))
      log.minimisationConverged = match[1] === 'converged';
    else if ((match = /^Maximum force\s*=\s*(\S+)/.exec(line))) log.maximumForce = Number(match[1]);
    else if ((match = /^Started .* on rank \d+ \w+ (\w+ +\d+ [\d:]+ \d+)\s*$/.exec(line)))
      log.dateStart ??= dateOf(match[1]!);
    else if ((match = /^\s+Time:\s+(\S+)\s+(\S+)/.exec(line))) log.wallTime = Number(match[2]);
    if ((match = /^Finished mdrun on rank \d+ \w+ (\w+ +\d+ [\d:]+ \d+)\s*$/.exec(line)))
      log.dateEnd = dateOf(match[1]!);
  }
  return log;
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
