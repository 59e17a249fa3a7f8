// exciting's GW_INFO.OUT (the GW run's main output, beside the INFO.OUT of the ground state it starts
// from) and EVALQP.DAT (quasi-particle energies and self-energy terms per k-point and state, Hartree).
// One GW run may print several task blocks (g0w0, then band, dos); the settings are the first block's.
import { ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import type { BandEnergies, GwMethod, RunCalculation, RunMethod } from '@oasis/schema';
import { readSideFile } from './placed-side-file.ts';
import { defined } from './read-info.ts';
import { numbersIn } from '../../text/numbers.ts';
import { readText } from '../../text/read-text.ts';
import { linesAfter } from '../../text/rule-records.ts';
import { before } from '../../text/rule-split.ts';
import {
  type Parsed,
  block,
  blocks,
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

const MAX_EVALQP_BYTES = 64 * 1024 ** 2;

type FrequencyMesh = NonNullable<RunMethod['frequency_mesh']>[number];

/** exciting's frequency grid names (the GW_INFO.OUT spelling and the input's) as NOMAD's. */
const GRIDS: Readonly<Record<string, NonNullable<FrequencyMesh['sampling_method']>>> = {
  eqdist: 'Equidistant',
  gaulag: 'Gauss-Laguerre',
  gauleg: 'Gauss-Legendre',
  gauleg2: 'Gauss-Legendre',
  gaule2: 'Gauss-Legendre',
  clencurt2: 'Clenshaw-Curtis',
};

/** exciting's taskname of a G0W0 run (its other tasks post-process one). */
const GW_TYPES: Readonly<Record<string, NonNullable<GwMethod['type']>>> = {
  g0w0: 'G0W0',
  gw0: 'ev-scGW0',
  gw: 'ev-scGW',
};

/** The heading of GW_INFO.OUT (older versions start with the input parameters). */
const GW_HEADING = /Main GW output file|GW input parameters/;

export interface ExcitingGwInfo {
  tasks: string[];
  gwType?: GwMethod['type'];
  nFrequencies?: number;
  frequencyGrid?: string;
  /** Hartree, with their quadrature weights */
  frequencies: number[];
  weights: number[];
  continuation?: string;
  coreTreatment?: string;
  nEmpty?: number;
  bandRange?: [number, number];
  qGrid?: number[];
  /** Hartree, of the G0W0 block */
  fermi?: number;
  /** eV, of the G0W0 block */
  fundamentalGap?: number;
  opticalGap?: number;
  /** eV, printed instead of the fundamental gap when band edges share their k-point */
  directGap?: number;
  /** Seconds of the first task */
  seconds?: number;
}

/** The first word of the lines (within three) under a heading: the code of a 'name - description' setting. */
const codeBelow = (heading: RegExp) => linesAfter(heading, 3, { word: first(/^\s*(\S+)/, text()) });

/** A Fortran number as exciting prints it in its tables. */
const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?`;

/** The settings of a task block (only the first block's count). */
const SETTINGS = {
  nFrequencies: first(/^\s*Number of frequencies:\s*(\d+)/, integer()),
  frequencyGrid: codeBelow(/^\s*Grid type:\s*$/),
  continuation: codeBelow(/^\s*Analytic continuation method:/),
  coreTreatment: codeBelow(/^\s*Core electrons treatment:/),
  nEmpty: first(/^\s*Number of empty states \(GW\):\s*(\d+)/, integer()),
  bandRange: first(
    /^\s*Quasiparticle band range:\s*(\d+)\s+(\d+)/,
    fields({ from: integer(1), to: integer(2) }),
  ),
  qGrid: first(/^\s*k\/q-points grid:\s*(.+)$/, reals(1)),
  // Rows 'index frequency weight'.
  frequencies: tables(
    /^\s*frequency list:/,
    new RegExp(`^\\s*(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})\\s*$`),
    fields({ frequency: real(2), weight: real(3) }),
  ),
};

/** A property block under a '- KS -' or '- G0W0 -' heading: its Fermi energy and gaps. */
const PROPERTY_HEADING = /^-\s+(\S+)(?:\s+band structure)?\s+-\s*$/;

const GW_INFO = {
  heading: flag(GW_HEADING),
  tasks: codeBelow(/^\s*GW taskname:/),
  // Settings before the first task and in its block.
  head: before([/^\s*GW taskname:/], SETTINGS),
  firstTask: block(/^\s*GW taskname:/, SETTINGS),
  properties: blocks(PROPERTY_HEADING, {
    name: first(PROPERTY_HEADING, text()),
    fermi: last(/^\s*Fermi energy:\s*(\S+)/, real()),
    fundamentalGap: last(/^\s*Fundamental BandGap \(eV\):\s*(\S+)/, real()),
    directGap: last(/^\s*Direct BandGap \(eV\):\s*(\S+)/, real()),
    opticalGap: last(/^\s*Optical BandGap \(eV\):\s*(\S+)/, real()),
  }),
  timing: block(/GW timing info/, { total: first(/^\s*Total\s*:\s*(\S+)/, real()) }),
};

type Settings = Parsed<typeof SETTINGS>;

/** The first defined value (settings: before the first task, else in its block). */
const firstOf = <T>(values: readonly (T | undefined)[]): T | undefined => values.find((v) => v !== undefined);
const wordOf = (
  settings: (Settings | undefined)[],
  key: 'frequencyGrid' | 'continuation' | 'coreTreatment',
) => firstOf(settings.flatMap((s) => (s ? s[key].map((below) => below.word) : [])));

/** Reads GW_INFO.OUT; what could not be read goes to `warn` with file and line. */
export function readGwInfo(
  content: string,
  options: { file?: string; warn?: (warning: string) => void } = {},
): ExcitingGwInfo {
  const read = readText(GW_INFO, content, options.file ?? 'GW_INFO.OUT');
  const values = read.values;
  if (!values.heading)
    throw new Error("not an exciting GW_INFO.OUT: no 'Main GW output file' or 'GW input parameters' heading");
  read.warnings.forEach((warning) => options.warn?.(warning));
  const settings = [values.head, values.firstTask];
  const setting = <K extends 'nFrequencies' | 'nEmpty' | 'bandRange' | 'qGrid'>(key: K) =>
    firstOf(settings.map((s) => s?.[key]));
  const frequencies = firstOf(
    settings.flatMap((s) => s?.frequencies ?? []).filter((rows) => rows.length > 0),
  );
  const gw = values.properties.filter((p) => p.name !== undefined && /^(?:G0W0|GW0?)(?:\+SO)?$/.test(p.name));
  const lastOf = (key: 'fermi' | 'fundamentalGap' | 'directGap' | 'opticalGap') =>
    firstOf(gw.map((p) => p[key]).reverse());
  const tasks = values.tasks.map((below) => below.word).filter((word) => word !== undefined);
  const bandRange = setting('bandRange');
  const info: ExcitingGwInfo = {
    tasks,
    frequencies: (frequencies ?? []).map((row) => row.frequency),
    weights: (frequencies ?? []).map((row) => row.weight),
    ...defined({
      nFrequencies: setting('nFrequencies'),
      frequencyGrid: wordOf(settings, 'frequencyGrid'),
      continuation: wordOf(settings, 'continuation')?.toLowerCase(),
      coreTreatment: wordOf(settings, 'coreTreatment'),
      nEmpty: setting('nEmpty'),
      bandRange: bandRange ? ([bandRange.from, bandRange.to] as [number, number]) : undefined,
      qGrid: setting('qGrid'),
      fermi: lastOf('fermi'),
      fundamentalGap: lastOf('fundamentalGap'),
      directGap: lastOf('directGap'),
      opticalGap: lastOf('opticalGap'),
      seconds: values.timing?.total,
    }),
  };
  const task = tasks[0];
  if (task) info.gwType = GW_TYPES[task.toLowerCase()];
  return info;
}

/** The settings of input.xml's <gw> the GW_INFO.OUT does not print. */
export interface GwInput {
  screening?: string;
  nEmpty?: number;
  qGrid?: number[];
  frequencyGrid?: string;
  nFrequencies?: number;
}

/** NOMAD's GW method: type, analytic continuation, screening, the q-mesh and the frequency mesh. */
export function gwMethod(info: ExcitingGwInfo, input: GwInput): RunMethod {
  const qGrid = info.qGrid ?? input.qGrid;
  const kMesh = qGrid?.length === 3 ? { grid: qGrid } : undefined;
  const gridName = info.frequencyGrid ?? input.frequencyGrid ?? 'gauleg2';
  const nPoints = info.frequencies.length || info.nFrequencies || input.nFrequencies;
  const frequencyMesh: FrequencyMesh = { dimensionality: 1 };
  if (GRIDS[gridName]) frequencyMesh.sampling_method = GRIDS[gridName];
  if (nPoints) frequencyMesh.n_points = nPoints;
  if (info.frequencies.length > 0) {
    frequencyMesh.points = info.frequencies.map((w) => [w * HARTREE]);
    frequencyMesh.weights = info.weights;
  }
  const nEmpty = info.nEmpty ?? input.nEmpty;
  const screening: NonNullable<GwMethod['screening']> = {
    type: input.screening ?? 'rpa',
    ...(nEmpty !== undefined ? { n_empty_states: nEmpty } : {}),
    ...(kMesh ? { k_mesh: kMesh, q_mesh: kMesh } : {}),
    frequency_mesh: frequencyMesh,
  };
  const gw: GwMethod = {
    type: info.gwType ?? 'G0W0',
    ...(nEmpty !== undefined ? { n_empty_states: nEmpty } : {}),
    ...(info.continuation === 'pade' ? { analytical_continuation: 'pade' } : {}),
    ...(info.bandRange ? { interval_qp_corrections: info.bandRange } : {}),
    ...(kMesh ? { k_mesh: kMesh, q_mesh: kMesh } : {}),
    frequency_mesh: frequencyMesh,
    screening,
  };
  return {
    label: 'GW',
    gw,
    ...(kMesh ? { k_mesh: kMesh } : {}),
    frequency_mesh: [frequencyMesh],
  };
}

/** EVALQP.DAT as NOMAD's eigenvalues section, or a sentence saying what is wrong. */
export function readEvalqp(text: string, spins: number): BandEnergies | string {
  const kpoints: number[][] = [];
  const blocks: Record<string, number>[][] = [];
  let columns: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const k = /^\s*k-point\s*#\s*\d+:\s*(.+)$/.exec(line);
    if (k) {
      kpoints.push(numbersIn(k[1]!).slice(0, 3));
      blocks.push([]);
      continue;
    }
    if (/^\s*state\s/.test(line)) {
      columns = line.trim().split(/\s+/);
      continue;
    }
    const row = numbersIn(line);
    if (blocks.length === 0 || row.length !== columns.length || row.length === 0) continue;
    blocks[blocks.length - 1]!.push(Object.fromEntries(columns.map((c, j) => [c, row[j]!])));
  }
  if (blocks.length === 0) return "EVALQP.DAT has no 'k-point #' blocks";
  const nStates = blocks[0]!.length;
  if (nStates === 0 || blocks.some((b) => b.length !== nStates))
    return 'EVALQP.DAT has k-points with different numbers of states';
  if (blocks.length % spins !== 0) return 'EVALQP.DAT has not the same k-points for both spin channels';
  const nk = blocks.length / spins;
  const table = (column: string, unit: number) =>
    Array.from({ length: spins }, (_, s) =>
      blocks.slice(s * nk, (s + 1) * nk).map((states) => states.map((state) => state[column]! * unit)),
    );
  const has = (column: string) => columns.includes(column);
  if (!has('E_GW')) return 'EVALQP.DAT has no E_GW column';
  const section: BandEnergies = {
    n_spin_channels: spins,
    n_kpoints: nk,
    n_bands: nStates,
    kpoints: kpoints.slice(0, nk),
    energies: table('E_GW', HARTREE),
  };
  if (has('E_KS')) section.value_ks = table('E_KS', HARTREE);
  if (has('Sx')) section.value_exchange = table('Sx', HARTREE);
  const correlation = has('Sc') ? 'Sc' : has('Re(Sc)') ? 'Re(Sc)' : undefined;
  if (correlation) section.value_correlation = table(correlation, HARTREE);
  if (has('Vxc')) section.value_xc_potential = table('Vxc', HARTREE);
  if (has('Znk')) section.qp_linearization_prefactor = table('Znk', 1);
  return section;
}

/** EVALQP.DAT beside GW_INFO.OUT as the GW calculation's eigenvalues. */
export async function addEvalqp(
  calculation: RunCalculation,
  spins: number,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const read = (text: string) => readEvalqp(text, spins);
  const section = await readSideFile(mainfile, rawRoot, 'EVALQP.DAT', MAX_EVALQP_BYTES, read, warn);
  if (section) calculation.eigenvalues = [section];
}

/** The GW calculation's energies and gap from GW_INFO.OUT's G0W0 block. */
export function gwCalculation(info: ExcitingGwInfo): RunCalculation {
  const calculation: RunCalculation = {};
  if (info.fermi !== undefined) calculation.energy = { fermi: info.fermi * HARTREE };
  const gap = info.fundamentalGap ?? info.directGap;
  if (gap !== undefined)
    calculation.band_gap = [
      {
        value: gap * ELECTRON_VOLT,
        ...(info.fundamentalGap === undefined ? { type: 'direct' } : {}),
        provenance: { label: 'parser' },
      },
    ];
  if (info.seconds !== undefined) calculation.time_calculation = info.seconds;
  return calculation;
}
