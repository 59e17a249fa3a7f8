// exciting's GW_INFO.OUT (the GW run's main output, beside the INFO.OUT of the ground state it starts
// from) and EVALQP.DAT (quasi-particle energies and self-energy terms per k-point and state, Hartree).
// One GW run may print several task blocks (g0w0, then band, dos); the settings are the first block's.
import { ELECTRON_VOLT, HARTREE } from '../../units.ts';
import { siblingText } from '../sibling-files.ts';
import { numbersIn } from '../text/numbers.ts';

const MAX_EVALQP_BYTES = 64 * 1024 ** 2;

type Section = Record<string, unknown>;

/** exciting's frequency grid names (the GW_INFO.OUT spelling and the input's) as NOMAD's. */
const GRIDS: Readonly<Record<string, string>> = {
  eqdist: 'Equidistant',
  gaulag: 'Gauss-Laguerre',
  gauleg: 'Gauss-Legendre',
  gauleg2: 'Gauss-Legendre',
  gaule2: 'Gauss-Legendre',
  clencurt2: 'Clenshaw-Curtis',
};

/** exciting's taskname of a G0W0 run (its other tasks post-process one). */
const GW_TYPES: Readonly<Record<string, string>> = { g0w0: 'G0W0', gw0: 'ev-scGW0', gw: 'ev-scGW' };

/** The heading of GW_INFO.OUT (older versions start with the input parameters). */
export const GW_HEADING = /Main GW output file|GW input parameters/;

export interface ExcitingGwInfo {
  tasks: string[];
  gwType?: string;
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

/** The next non-empty line's first word (the code of a setting printed as 'name - description'). */
const codeBelow = (lines: string[], i: number): string | undefined => {
  for (let k = i + 1; k < Math.min(lines.length, i + 4); k += 1) {
    const word = /^\s*(\S+)/.exec(lines[k]!)?.[1];
    if (word) return word;
  }
  return undefined;
};

export function readGwInfo(text: string): ExcitingGwInfo {
  const lines = text.split(/\r?\n/);
  if (!lines.some((line) => GW_HEADING.test(line)))
    throw new Error("not an exciting GW_INFO.OUT: no 'Main GW output file' or 'GW input parameters' heading");
  const info: ExcitingGwInfo = { tasks: [], frequencies: [], weights: [] };
  let block: 'ks' | 'gw' | undefined;
  let timingBlocks = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^\s*GW taskname:/.test(line)) {
      const task = codeBelow(lines, i);
      if (task) info.tasks.push(task);
      continue;
    }
    // Settings: the first task block's.
    if (info.tasks.length <= 1) {
      const count = /^\s*Number of frequencies:\s*(\d+)/.exec(line);
      if (count) info.nFrequencies ??= Number(count[1]);
      if (/^\s*Grid type:\s*$/.test(line)) info.frequencyGrid ??= codeBelow(lines, i);
      if (/^\s*Analytic continuation method:/.test(line))
        info.continuation ??= codeBelow(lines, i)?.toLowerCase();
      if (/^\s*Core electrons treatment:/.test(line)) info.coreTreatment ??= codeBelow(lines, i);
      const empty = /^\s*Number of empty states \(GW\):\s*(\d+)/.exec(line);
      if (empty) info.nEmpty ??= Number(empty[1]);
      const range = /^\s*Quasiparticle band range:\s*(\d+)\s+(\d+)/.exec(line);
      if (range) info.bandRange ??= [Number(range[1]), Number(range[2])];
      const grid = /^\s*k\/q-points grid:\s*(.+)$/.exec(line);
      if (grid) info.qGrid ??= numbersIn(grid[1]!);
      if (/^\s*frequency list:/.test(line) && info.frequencies.length === 0) {
        for (let k = i + 1; k < lines.length; k += 1) {
          const row = numbersIn(lines[k]!);
          if (row.length !== 3) break;
          info.frequencies.push(row[1]!);
          info.weights.push(row[2]!);
          i = k;
        }
        continue;
      }
    }
    // The property blocks: '- KS -' and '- G0W0 -' headings, each with its Fermi energy and gaps.
    const heading = /^-\s+(\S+)(?:\s+band structure)?\s+-\s*$/.exec(line);
    if (heading)
      block = /^KS\b/.test(heading[1]!)
        ? 'ks'
        : /^(?:G0W0|GW0?)(?:\+SO)?$/.test(heading[1]!)
          ? 'gw'
          : undefined;
    if (block === 'gw') {
      const fermi = /^\s*Fermi energy:\s*(\S+)/.exec(line);
      if (fermi) info.fermi = Number(fermi[1]);
      const gap = /^\s*Fundamental BandGap \(eV\):\s*(\S+)/.exec(line);
      if (gap) info.fundamentalGap = Number(gap[1]);
      const direct = /^\s*Direct BandGap \(eV\):\s*(\S+)/.exec(line);
      if (direct) info.directGap = Number(direct[1]);
      const optical = /^\s*Optical BandGap \(eV\):\s*(\S+)/.exec(line);
      if (optical) info.opticalGap = Number(optical[1]);
    }
    if (/GW timing info/.test(line)) timingBlocks += 1;
    const total = /^\s*Total\s*:\s*(\S+)/.exec(line);
    if (total && timingBlocks === 1) info.seconds ??= Number(total[1]);
  }
  const task = info.tasks[0];
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
export function gwMethod(info: ExcitingGwInfo, input: GwInput): Section {
  const qGrid = info.qGrid ?? input.qGrid;
  const kMesh = qGrid?.length === 3 ? { grid: qGrid } : undefined;
  const gridName = info.frequencyGrid ?? input.frequencyGrid ?? 'gauleg2';
  const nPoints = info.frequencies.length || info.nFrequencies || input.nFrequencies;
  const frequencyMesh: Section = { dimensionality: 1 };
  if (GRIDS[gridName]) frequencyMesh.sampling_method = GRIDS[gridName];
  if (nPoints) frequencyMesh.n_points = nPoints;
  if (info.frequencies.length > 0) {
    frequencyMesh.points = info.frequencies.map((w) => [w * HARTREE]);
    frequencyMesh.weights = info.weights;
  }
  const nEmpty = info.nEmpty ?? input.nEmpty;
  const screening: Section = {
    type: input.screening ?? 'rpa',
    ...(nEmpty !== undefined ? { n_empty_states: nEmpty } : {}),
    ...(kMesh ? { k_mesh: kMesh, q_mesh: kMesh } : {}),
    frequency_mesh: frequencyMesh,
  };
  const gw: Section = {
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
export function readEvalqp(text: string, spins: number): Section | string {
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
  const section: Section = {
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
  calculation: Section,
  spins: number,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const file = await siblingText(mainfile, rawRoot, 'EVALQP.DAT', MAX_EVALQP_BYTES);
  if (!file) return;
  if ('problem' in file) {
    warn(file.problem);
    return;
  }
  const section = readEvalqp(file.text, spins);
  if (typeof section === 'string') warn(section);
  else calculation.eigenvalues = [section];
}

/** The GW calculation's energies and gap from GW_INFO.OUT's G0W0 block. */
export function gwCalculation(info: ExcitingGwInfo): Section {
  const calculation: Section = {};
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
