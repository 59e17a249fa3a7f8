// What a NAMD log says, in NAMD's units (kcal/mol, K, bar, Å, fs, s): version and build, the
// configuration file, the 'Info:' simulation parameters (cell, files, cut-offs, thermostat and barostat),
// the energies of every ETITLE/ENERGY line, the TIMING lines and where coordinates were written. Declared
// on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { after } from '../../text/rule-split.ts';
import { type Convert, every, fields, first, flag, integer, last, real, text } from '../../text/rules.ts';

interface NamdTiming {
  step: number;
  /** s: wall time since the start, and per step. */
  wall: number;
  perStep: number;
}

export interface NamdLog {
  version?: string;
  arch?: string;
  configFile?: string;
  /** 'Info: NAME   value' lines of the simulation parameters whose value is a number. */
  parameters: Record<string, number>;
  /** Å, rows a, b, c */
  cell?: number[][];
  files: {
    coordinates?: string;
    structure?: string;
    output?: string;
    dcd?: string;
    parameters: string[];
  };
  dcdFirstStep?: number;
  pme: boolean;
  msm: boolean;
  langevin: boolean;
  /** ps⁻¹ */
  langevinDamping?: number;
  temperatureCoupling: boolean;
  velocityRescaling: boolean;
  stochasticRescaling: boolean;
  langevinPiston: boolean;
  berendsenPressure: boolean;
  /** bar */
  targetPressure?: number;
  minimization: boolean;
  /** Lower-case column names of the ENERGY lines ('ts', 'bond', ...). */
  columns: string[];
  rows: number[][];
  timings: NamdTiming[];
  /** s */
  wallClock?: number;
  coordinatesWritten: number[];
  finished: boolean;
  lines: number;
  warnings: string[];
}

const numbersOf: Convert<number[]> = (match) => {
  const values = match[1]!.trim().split(/\s+/).map(Number);
  return values.some((x) => Number.isNaN(x)) ? undefined : values;
};

const PARAMETERS = {
  // 'Info: TIMESTEP               1', 'Info: LDB PERIOD             4000 steps'
  numbers: every(
    /^Info: ([A-Z0-9][A-Z0-9 ()?#\-/]*?[A-Z)?])\s+([-+]?\d+\.?\d*(?:e[-+]?\d+)?)(?:\s+[a-zA-Z]+)?\s*$/,
    fields({ name: text(1), value: real(2) }),
  ),
  cell: every(/^Info: PERIODIC CELL BASIS \d\s+(.*)$/, numbersOf),
  coordinates: first(/^Info: COORDINATE PDB\s+(\S+)/, text()),
  structure: first(/^Info: STRUCTURE FILE\s+(\S+)/, text()),
  output: first(/^Info: OUTPUT FILENAME\s+(\S+)/, text()),
  dcd: first(/^Info: DCD FILENAME\s+(\S+)/, text()),
  dcdFirstStep: first(/^Info: DCD FIRST STEP\s+(\d+)/, integer()),
  parameterFiles: every(/^Info: PARAMETERS\s+(\S+)/, text()),
  pme: flag(/^Info: PARTICLE MESH EWALD \(PME\) ACTIVE/),
  msm: flag(/^Info: MULTILEVEL SUMMATION METHOD \(MSM\) ACTIVE/),
  langevin: flag(/^Info: LANGEVIN DYNAMICS ACTIVE/),
  langevinDamping: first(/^Info: LANGEVIN DAMPING COEFFICIENT IS\s+(\S+)\s+INVERSE PS/, real()),
  temperatureCoupling: flag(/^Info: TEMPERATURE COUPLING ACTIVE/),
  velocityRescaling: flag(/^Info: VELOCITY RESCALE FREQ/),
  stochasticRescaling: flag(/^Info: STOCHASTIC RESCALING ACTIVE/),
  langevinPiston: flag(/^Info: LANGEVIN PISTON PRESSURE CONTROL ACTIVE/),
  berendsenPressure: flag(/^Info: BERENDSEN PRESSURE COUPLING ACTIVE/),
  targetPressure: first(/^Info: (?:TARGET PRESSURE IS|BERENDSEN TARGET PRESSURE)\s+(\S+)\s+BAR/, real()),
};

const LOG = {
  build: first(/^Info: NAMD (\S+) for (\S+)/, fields({ version: text(1), arch: text(2) })),
  configFile: first(/^Info: Configuration file is (\S+)/, text()),
  parameters: after(/^Info: SIMULATION PARAMETERS:/, PARAMETERS, { end: /^Info: SUMMARY OF PARAMETERS:/ }),
  // The conjugate-gradient minimizer reports its line searches.
  minimization: flag(/^LINE MINIMIZER|^MINIMIZER /),
  columns: first(/^ETITLE:\s+(.*)$/, (match) => match[1]!.trim().toLowerCase().split(/\s+/)),
  rows: every(/^ENERGY:\s+(\d+\s.*)$/, numbersOf),
  timings: every(
    /^TIMING: (\d+)\s+CPU: \S+ \S+\s+Wall: ([\d.]+), ([\d.e-]+)\/step/,
    fields({ step: integer(1), wall: real(2), perStep: real(3) }),
  ),
  wallClock: last(/^WallClock: ([\d.]+)/, real()),
  coordinatesWritten: every(/^WRITING COORDINATES TO OUTPUT FILE AT STEP (\d+)/, integer()),
  finished: flag(/End of program|^WallClock:/),
};

export function readNamdLog(content: string, file: string): NamdLog {
  const { values, warnings, lines } = readText(LOG, content, file);
  const p = values.parameters;
  const parameters: Record<string, number> = {};
  for (const { name, value } of p?.numbers ?? []) parameters[name.replace(/\s+/g, ' ')] ??= value;
  const cell = p?.cell.filter((row) => row.length === 3);
  return {
    ...(values.build ? { version: values.build.version, arch: values.build.arch } : {}),
    ...(values.configFile ? { configFile: values.configFile } : {}),
    parameters,
    ...(cell && cell.length === 3 ? { cell } : {}),
    files: {
      ...(p?.coordinates ? { coordinates: p.coordinates } : {}),
      ...(p?.structure ? { structure: p.structure } : {}),
      ...(p?.output ? { output: p.output } : {}),
      ...(p?.dcd ? { dcd: p.dcd } : {}),
      parameters: p?.parameterFiles ?? [],
    },
    ...(p?.dcdFirstStep !== undefined ? { dcdFirstStep: p.dcdFirstStep } : {}),
    pme: p?.pme ?? false,
    msm: p?.msm ?? false,
    langevin: p?.langevin ?? false,
    ...(p?.langevinDamping !== undefined ? { langevinDamping: p.langevinDamping } : {}),
    temperatureCoupling: p?.temperatureCoupling ?? false,
    velocityRescaling: p?.velocityRescaling ?? false,
    stochasticRescaling: p?.stochasticRescaling ?? false,
    langevinPiston: p?.langevinPiston ?? false,
    berendsenPressure: p?.berendsenPressure ?? false,
    ...(p?.targetPressure !== undefined ? { targetPressure: p.targetPressure } : {}),
    minimization: values.minimization,
    columns: values.columns ?? [],
    rows: values.rows,
    timings: values.timings,
    ...(values.wallClock !== undefined ? { wallClock: values.wallClock } : {}),
    coordinatesWritten: values.coordinatesWritten,
    finished: values.finished,
    lines,
    warnings,
  };
}
