// What a .castep file says, in its units (eV, Å, eV/Å, ps, GPa, s): version, start date and the
// parameters echoed at the start, the species' pseudopotentials and masses, the cell and fractional
// coordinates (and velocities) whenever printed, then per SCF (the finite-basis-set ones included) its
// iterations, final energies, forces, stress, MD data and Mulliken populations; the band energies of
// a band-structure run, the vibrational modes of a phonon run and the timings at the end.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface CastepGeometry {
  /** Rows, Å */
  cell: [Vec, Vec, Vec];
  species: string[];
  fractional: Vec[];
  /** Å/ps */
  velocities?: Vec[];
}

export interface CastepIteration {
  /** eV */
  energy: number;
  /** eV */
  fermi?: number;
  /** eV per atom, the previous energy less this one */
  gain?: number;
  /** s since the run started */
  timer?: number;
}

export interface CastepMulliken {
  labels: string[];
  /** electrons per atom and orbital (s, p, d, f) */
  orbitals: number[][];
  /** e per atom */
  charges: number[];
  /** ħ/2 per atom, spin-polarised runs only */
  spins?: number[];
}

export interface CastepScf {
  geometry: CastepGeometry;
  iterations: CastepIteration[];
  /** eV */
  energy: number;
  freeEnergy?: number;
  /** eV, 'NB est. 0K energy (E-0.5TS)' */
  energyT0?: number;
  /** eV/Å */
  forces?: Vec[];
  /** GPa */
  stress?: Vec[];
  md?: {
    time?: number;
    potential?: number;
    kinetic?: number;
    total?: number;
    enthalpy?: number;
    temperature?: number;
    pressure?: number;
  };
  mulliken?: CastepMulliken;
}

export interface CastepBands {
  /** [spin][k-point][band], eV */
  energies: number[][][];
  /** fractional, per k-point */
  kpoints: Vec[];
}

export interface CastepVibrations {
  /** cm⁻¹ */
  frequencies: number[];
  irIntensity: number[];
  irActive: string[];
  ramanActivity?: number[];
  ramanActive: string[];
}

export interface CastepOutput {
  version?: string;
  /** Seconds since 1970 of 'Run started: Fri, 12 Feb 2016 14:12:05 +0000'. */
  dateStart?: number;
  /** The echoed parameters, 'key : value' (first occurrence, spaces collapsed). */
  parameters: Map<string, string>;
  /** Pseudopotential file (or generation string) per species label. */
  pseudopotentials: Map<string, string>;
  /** amu per species label */
  masses: Map<string, number>;
  scfs: CastepScf[];
  bands?: CastepBands;
  vibrations: CastepVibrations[];
  /** s: Initialisation, Calculation, Finalisation, Total */
  timings: Map<string, number>;
  /** The SCF's Monkhorst-Pack grid, its offset and the number of (irreducible) k-points used. */
  kMesh: { grid?: number[]; offset?: number[]; nPoints?: number };
  /** The last geometry printed (a run cut before its first SCF has only this). */
  geometry?: CastepGeometry;
  optimizationCompleted: boolean;
  finished: boolean;
}

const MD_KEYS: Readonly<Record<string, keyof NonNullable<CastepScf['md']>>> = {
  time: 'time',
  'Potential Energy': 'potential',
  'Kinetic Energy': 'kinetic',
  'Total Energy': 'total',
  Enthalpy: 'enthalpy',
  Temperature: 'temperature',
  'T/=0 Pressure': 'pressure',
  Pressure: 'pressure',
};

/** Rows of a box after line `from` matching `pattern`, until the first line that does not. */
function boxRows(lines: string[], from: number, pattern: RegExp): { rows: RegExpExecArray[]; end: number } {
  const rows: RegExpExecArray[] = [];
  let k = from;
  for (; k < lines.length; k += 1) {
    const row = pattern.exec(lines[k]!);
    if (!row) break;
    rows.push(row);
  }
  return { rows, end: k - 1 };
}

const ATOM_ROW = /^\s*x\s+([A-Z][a-z]?)\S*\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+x\s*$/;
const ITERATION =
  /^\s*(Initial|\d+)\s+(-?\d\.\d+E[-+]\d+)\s+(?:(-?\d\.\d+E[-+]\d+)\s+)?(?:(-?\d\.\d+E[-+]\d+)\s+)?(\d+\.\d+)\s+<-- SCF\s*$/;

function readMulliken(lines: string[], from: number): { mulliken: CastepMulliken; end: number } {
  const mulliken: CastepMulliken = { labels: [], orbitals: [], charges: [] };
  const spin = /Spin/.test(lines[from]!);
  let k = from + 2;
  for (; k < lines.length; k += 1) {
    const row = /^\s*([A-Z][a-z]?\S*)\s+\d+\s+(.*)$/.exec(lines[k]!);
    if (!row) break;
    // Spin-polarised runs print an 'Up' and a 'Dn' line per atom; the atom's line carries the totals.
    const values = numbersIn(row[2]!.replace(/\b(?:Up|Dn)\b/g, ''));
    if (values.length < 6) break;
    mulliken.labels.push(row[1]!);
    mulliken.orbitals.push(values.slice(0, 4));
    mulliken.charges.push(values[5]!);
    if (spin && values[6] !== undefined) (mulliken.spins ??= []).push(values[6]);
  }
  return { mulliken, end: k - 1 };
}

function readVibrations(lines: string[], from: number): { modes: CastepVibrations; end: number } {
  const modes: CastepVibrations = { frequencies: [], irIntensity: [], irActive: [], ramanActive: [] };
  let k = from;
  for (; k < lines.length; k += 1) {
    // '+  1  -0.049572  a  0.0000000  N  0.0000000  N  +', the Raman activity column optional
    const row =
      /^\s*\+\s+\d+\s+(-?\d+\.\d+)\s+\S+\s+(-?\d+\.\d+)\s+([YN])\s+(?:(-?\d+\.\d+)\s+)?([YN])\s+\+\s*$/.exec(
        lines[k]!,
      );
    if (!row) {
      if (modes.frequencies.length > 0) break;
      continue;
    }
    modes.frequencies.push(Number(row[1]));
    modes.irIntensity.push(Number(row[2]));
    modes.irActive.push(row[3]!);
    if (row[4] !== undefined) (modes.ramanActivity ??= []).push(Number(row[4]));
    modes.ramanActive.push(row[5]!);
  }
  return { modes, end: k - 1 };
}

function readBands(lines: string[], from: number, bands: CastepBands): number {
  let k = from;
  let current: number[] | undefined;
  for (; k < lines.length; k += 1) {
    const line = lines[k]!;
    const head = /Spin=\s*(\d+)\s+kpt=\s*(\d+)\s+\(\s*(\S+)\s+(\S+)\s+(\S+)\s*\)/.exec(line);
    if (head) {
      const spin = Number(head[1]) - 1;
      const kpt = Number(head[2]) - 1;
      if (spin === 0) bands.kpoints[kpt] = [Number(head[3]), Number(head[4]), Number(head[5])];
      current = [];
      (bands.energies[spin] ??= [])[kpt] = current;
      continue;
    }
    const band = /^\s*\+\s+\d+\s+(-?\d+\.\d+)\s+\+\s*$/.exec(line);
    if (band && current) current.push(Number(band[1]));
    else if (!/^\s*\+/.test(line)) break;
  }
  return k - 1;
}

/** Lines any of the patterns after the parameter echo can match. */
const WANTED =
  /CASTEP version|Run started|Real Lattice|Fractional coord|Ionic Velocities|Mass of species|Files used|MP grid size|with an offset|Number of kpoints used|<-- SCF|^Final|^NB est|Forces \*|Stress Tensor \*|^\s*x\s+[A-Za-z0-9/= ]+:|Atomic Populations|Electronic energies|Frequency irrep|completed successfully|Transition State Found|time\s*=/;

export function readCastepOutput(text: string): CastepOutput {
  const lines = text.split(/\r?\n/);
  const out: CastepOutput = {
    parameters: new Map(),
    pseudopotentials: new Map(),
    masses: new Map(),
    scfs: [],
    vibrations: [],
    kMesh: {},
    timings: new Map(),
    optimizationCompleted: false,
    finished: false,
  };
  let cell: [Vec, Vec, Vec] | undefined;
  let geometry: CastepGeometry | undefined;
  let iterations: CastepIteration[] = [];
  let scf: CastepScf | undefined;
  let inParameters = true;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    // One test skips the many lines nothing below reads once the parameters are read.
    if (!inParameters && !WANTED.test(line)) continue;
    const version = /CASTEP version\s+(\S+)/.exec(line);
    if (version) out.version ??= version[1]!;
    const started = /^\s*Run started:\s*(.+?)\s*$/.exec(line);
    if (started && out.dateStart === undefined) {
      const time = Date.parse(started[1]!);
      if (!Number.isNaN(time)) out.dateStart = time / 1000;
    }
    if (inParameters) {
      const parameter = /^\s*([a-zA-Z<][a-zA-Z0-9 .()/|<>+*-]*?)\s{2,}:\s+(.+?)\s*$/.exec(line);
      if (parameter) {
        const key = parameter[1]!.replace(/\s+/g, ' ');
        if (!out.parameters.has(key)) out.parameters.set(key, parameter[2]!);
      }
      const treating = /^\s*treating system as (.+?)\s*$/.exec(line);
      if (treating) out.parameters.set('treating system as', treating[1]!);
    }
    if (/Real Lattice\(A\)/.test(line)) {
      inParameters = false;
      cell = [1, 2, 3].map((k) => numbersIn(lines[i + k]!).slice(0, 3)) as [Vec, Vec, Vec];
      if (geometry) geometry = { ...geometry, cell, velocities: undefined };
      i += 3;
      continue;
    }
    if (/Fractional coordinates of atoms/.test(line) && cell) {
      const { rows, end } = boxRows(lines, i + 3, ATOM_ROW);
      geometry = {
        cell,
        species: rows.map((r) => r[1]!),
        fractional: rows.map((r) => [Number(r[2]), Number(r[3]), Number(r[4])]),
      };
      i = end;
      continue;
    }
    if (/Ionic Velocities\s+x\s*$/.test(line) && geometry) {
      const { rows, end } = boxRows(lines, i + 3, ATOM_ROW);
      if (rows.length === geometry.species.length)
        geometry.velocities = rows.map((r) => [Number(r[2]), Number(r[3]), Number(r[4])]);
      i = end;
      continue;
    }
    if (/Mass of species in AMU/.test(line)) {
      for (let k = i + 1; k < lines.length; k += 1) {
        const mass = /^\s*([A-Z][a-z]?\S*)\s+(\d+\.\d+)\s*$/.exec(lines[k]!);
        if (!mass) break;
        out.masses.set(mass[1]!, Number(mass[2]));
      }
    }
    if (/Files used for pseudopotentials:/.test(line)) {
      for (let k = i + 1; k < lines.length; k += 1) {
        const file = /^\s*([A-Z][a-z]?\S*)\s+(\S+)\s*$/.exec(lines[k]!);
        if (!file) break;
        out.pseudopotentials.set(file[1]!, file[2]!);
      }
    }
    const grid = /MP grid size for SCF calculation is\s+(\d+)\s+(\d+)\s+(\d+)/.exec(line);
    if (grid) out.kMesh.grid ??= [Number(grid[1]), Number(grid[2]), Number(grid[3])];
    const offset = /^\s*with an offset of\s+(\S+)\s+(\S+)\s+(\S+)/.exec(line);
    if (offset && out.kMesh.grid && !out.kMesh.offset)
      out.kMesh.offset = [Number(offset[1]), Number(offset[2]), Number(offset[3])];
    const nkpt = /Number of kpoints used =\s*(\d+)/.exec(line);
    if (nkpt) out.kMesh.nPoints ??= Number(nkpt[1]);
    const iteration = line.includes('<-- SCF') ? ITERATION.exec(line) : null;
    if (iteration) {
      // A second 'Initial' line restarts the SCF table (after a failed cycle): keep the new one.
      if (iteration[1] === 'Initial') iterations = [];
      iterations.push({
        energy: Number(iteration[2]),
        ...fermiAndGain(iteration[3], iteration[4], iteration[1] === 'Initial'),
        timer: Number(iteration[5]),
      });
      continue;
    }
    const energy = /^Final energy(?:, E)?\s*=\s*(\S+)\s*eV/.exec(line);
    if (energy && geometry) {
      scf = { geometry, iterations, energy: Number(energy[1]) };
      out.scfs.push(scf);
      iterations = [];
      continue;
    }
    const free = /^Final free energy \(E-TS\)\s*=\s*(\S+)\s*eV/.exec(line);
    if (free && scf) scf.freeEnergy = Number(free[1]);
    const t0 = /^NB est\. 0K energy \(E-0\.5TS\)\s*=\s*(\S+)\s*eV/.exec(line);
    if (t0 && scf) scf.energyT0 = Number(t0[1]);
    if (/\*+ (?:Symmetrised |Constrained )?Forces \*+/.test(line) && scf) {
      const forces: Vec[] = [];
      for (let k = i + 1; k < lines.length; k += 1) {
        const row = /^\s*\*\s+[A-Z][a-z]?\S*\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)(?:\s*\(cons'd\))?\s*\*\s*$/.exec(
          lines[k]!,
        );
        if (row) forces.push([Number(row[1]), Number(row[2]), Number(row[3])]);
        else if (/^\s*\*+\s*$/.test(lines[k]!) && forces.length > 0) break;
        i = k;
      }
      scf.forces ??= forces;
      continue;
    }
    if (/\*+ (?:Symmetrised )?Stress Tensor \*+/.test(line) && scf) {
      const rows: Vec[] = [];
      for (let k = i + 1; k < lines.length && k < i + 12; k += 1) {
        const row = /^\s*\*\s+[xyz]\s+(\S+)\s+(\S+)\s+(\S+)\s+\*\s*$/.exec(lines[k]!);
        if (row) rows.push([Number(row[1]), Number(row[2]), Number(row[3])]);
      }
      if (rows.length === 3) scf.stress ??= rows;
      continue;
    }
    const mdValue =
      /^\s*x\s+(time|Potential\s+Energy|Kinetic\s+Energy|Total\s+Energy|Enthalpy|Temperature|T\/=0 Pressure|Pressure)\s*:\s*(\S+)/.exec(
        line,
      );
    if (mdValue && scf) {
      const key = MD_KEYS[mdValue[1]!.replace(/\s+/g, ' ')];
      if (key) (scf.md ??= {})[key] = Number(mdValue[2]);
    }
    if (/Atomic Populations \(Mulliken\)/.test(line) && scf) {
      const read = readMulliken(lines, i + 2);
      if (read.mulliken.labels.length > 0) scf.mulliken = read.mulliken;
      i = read.end;
      continue;
    }
    if (/^\s*\+\s+Electronic energies\s+\+\s*$/.test(line)) {
      const bands: CastepBands = { energies: [], kpoints: [] };
      i = readBands(lines, i + 1, bands);
      if (bands.kpoints.length > 0) out.bands = bands;
      continue;
    }
    if (/^\s*\+\s+N\s+Frequency\s+irrep\./.test(line)) {
      const read = readVibrations(lines, i + 1);
      if (read.modes.frequencies.length > 0) out.vibrations.push(read.modes);
      i = read.end;
      continue;
    }
    if (/Geometry optimization completed successfully|Transition State Found!/.test(line))
      out.optimizationCompleted = true;
    const timing = /^(Initialisation|Calculation|Finalisation|Total) time\s*=\s*(\S+)\s*s/.exec(line);
    if (timing) {
      out.timings.set(timing[1]!, Number(timing[2]));
      if (timing[1] === 'Total') out.finished = true;
    }
  }
  if (!out.version) throw new Error("not a CASTEP output: no 'CASTEP version' line");
  out.geometry = geometry;
  if (out.scfs.length === 0 && !geometry)
    throw new Error("the output has neither a structure nor a 'Final energy': nothing to make an entry of");
  return out;
}

/**
 * The Fermi energy and energy gain of an SCF line: metallic runs print both, insulators only the gain;
 * the 'Initial' line has no gain, and its Fermi energy is a placeholder 0.
 */
function fermiAndGain(
  first: string | undefined,
  second: string | undefined,
  initial: boolean,
): Pick<CastepIteration, 'fermi' | 'gain'> {
  if (first === undefined || initial) return {};
  if (second !== undefined) return { fermi: Number(first), gain: Number(second) };
  return { gain: Number(first) };
}
