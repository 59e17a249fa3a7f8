// What a .castep file says, in its units (eV, Å, eV/Å, ps, GPa, s): version, start date and the
// parameters echoed at the start, the species' pseudopotentials and masses, the cell and fractional
// coordinates (and velocities) whenever printed, then per SCF (the finite-basis-set ones included) its
// iterations, final energies, forces, stress, MD data and Mulliken populations; the band energies of
// a band-structure run, the vibrational modes of a phonon run and the timings at the end.
// The file is declared (CASTEP_OUTPUT) and read by the text toolkit; castepOutput maps what it read.
import { readText } from '../../text/read-text.ts';
import { linesAfter } from '../../text/rule-records.ts';
import { looseTables } from '../../text/rule-loose-table.ts';
import { before } from '../../text/rule-split.ts';
import { numbersIn } from '../../text/numbers.ts';
import {
  type Convert,
  type Parsed,
  block,
  blocks,
  every,
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

type Vec = [number, number, number];

export interface CastepGeometry {
  /** Rows, Å */
  cell: [Vec, Vec, Vec];
  species: string[];
  fractional: Vec[];
  /** Å/ps */
  velocities?: Vec[];
}

interface CastepIteration {
  /** eV */
  energy: number;
  /** eV */
  fermi?: number;
  /** eV per atom, the previous energy less this one */
  gain?: number;
  /** s since the run started */
  timer?: number;
}

interface CastepMulliken {
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

interface CastepBands {
  /** [spin][k-point][band], eV */
  energies: number[][][];
  /** fractional, per k-point */
  kpoints: Vec[];
}

interface CastepVibrations {
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
  /** What was found but could not be read, 'Si8.castep line 12: ...', for the entry's warnings. */
  warnings: string[];
}

/** Groups `from`, `from + 1` and `from + 2` as a vector. */
const xyz = (from: number): Convert<Vec> => {
  const components = [real(from), real(from + 1), real(from + 2)];
  return (match, warn) => {
    const values = components.map((convert) => convert(match, warn));
    return values.every((value) => value !== undefined) ? (values as Vec) : undefined;
  };
};

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

const mdValue: Convert<[keyof NonNullable<CastepScf['md']>, number]> = (match, warn) => {
  const key = MD_KEYS[match[1]!.replace(/\s+/g, ' ')];
  const value = real(2)(match, warn);
  return key && value !== undefined ? [key, value] : undefined;
};

/**
 * An SCF line: metallic runs print the Fermi energy and the gain, insulators only the gain; the
 * 'Initial' line (which restarts the table after a failed cycle) has no gain and a placeholder Fermi 0.
 */
const iteration: Convert<{ initial: boolean; iteration: CastepIteration }> = (match) => {
  const initial = match[1] === 'Initial';
  const [first, second] = [match[3], match[4]];
  const fermiAndGain =
    first === undefined || initial
      ? {}
      : second !== undefined
        ? { fermi: Number(first), gain: Number(second) }
        : { gain: Number(first) };
  return { initial, iteration: { energy: Number(match[2]), ...fermiAndGain, timer: Number(match[5]) } };
};

/** A Mulliken row; spin-polarised runs print 'Up' and 'Dn' lines, the atom's line carrying the totals. */
const mullikenRow: Convert<{ label: string; values: number[] }> = (match) => {
  const values = numbersIn(match[2]!.replace(/\b(?:Up|Dn)\b/g, ''));
  return values.length < 6 ? undefined : { label: match[1]!, values };
};

/** '+  1  -0.049572  a  0.0000000  N  0.0000000  N  +', the Raman activity column optional. */
const modeRow: Convert<{
  frequency: number;
  ir: number;
  irActive: string;
  raman?: number;
  ramanActive: string;
}> = (match) => ({
  frequency: Number(match[1]),
  ir: Number(match[2]),
  irActive: match[3]!,
  ...(match[4] === undefined ? {} : { raman: Number(match[4]) }),
  ramanActive: match[5]!,
});

const ATOM_ROW = /^\s*x\s+([A-Z][a-z]?)\S*\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+x\s*$/;
const atom = fields({ label: text(1), position: xyz(2) });
const LATTICE = /Real Lattice\(A\)/;
const FRACTIONAL = /Fractional coordinates of atoms/;
const VELOCITIES = /Ionic Velocities\s+x\s*$/;
const FINAL_ENERGY = /^Final energy(?:, E)?\s*=\s*(\S+)\s*eV/;
const MULLIKEN = /Atomic Populations \(Mulliken\)/;
/** A k-point's heading or a band's energy in the box of band energies (one pattern: one pass). */
const BAND_LINE =
  /^\s*\+\s+(?:Spin=\s*(\d+)\s+kpt=\s*(\d+)\s+\(\s*(\S+)\s+(\S+)\s+(\S+)\s*\)|\d+\s+(-?\d+\.\d+)\s+\+\s*$)/;
const kpointHeading = fields({ spin: integer(1), kpt: integer(2), at: xyz(3) });
const bandLine: Convert<{ spin: number; kpt: number; at: Vec } | number> = (match, warn) =>
  match[1] === undefined ? real(6)(match, warn) : kpointHeading(match, warn);

/** Each print of the cell, the fractional coordinates or the velocities, one block each. */
const GEOMETRY_PRINT = {
  cell: linesAfter(LATTICE, 3, { rows: every(/^.*$/, reals()) }),
  atoms: tables(FRACTIONAL, ATOM_ROW, atom, { skip: 2 }),
  velocities: tables(VELOCITIES, ATOM_ROW, atom, { skip: 2 }),
};

/** What leads up to a 'Final energy': the structure printed and the SCF iterations. */
const STEP_START = {
  // A print ends at the blank line after it (neither the matrix nor a box has one inside).
  prints: blocks([LATTICE, FRACTIONAL, VELOCITIES], GEOMETRY_PRINT, { end: /^\s*$/ }),
  iterations: every(
    /^\s*(Initial|\d+)\s+(-?\d\.\d+E[-+]\d+)\s+(?:(-?\d\.\d+E[-+]\d+)\s+)?(?:(-?\d\.\d+E[-+]\d+)\s+)?(\d+\.\d+)\s+<-- SCF\s*$/,
    iteration,
  ),
};

/** What follows a 'Final energy' up to the next: the SCF's other energies, forces, stress, MD and charges. */
const STEP_END = {
  energy: first(FINAL_ENERGY, real()),
  freeEnergy: last(/^Final free energy \(E-TS\)\s*=\s*(\S+)\s*eV/, real()),
  energyT0: last(/^NB est\. 0K energy \(E-0\.5TS\)\s*=\s*(\S+)\s*eV/, real()),
  forces: block(
    /\*+ (?:Symmetrised |Constrained )?Forces \*+/,
    {
      rows: every(/^\s*\*\s+[A-Z][a-z]?\S*\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)(?:\s*\(cons'd\))?\s*\*\s*$/, xyz(1)),
    },
    { end: /^\s*\*+\s*$/ },
  ),
  stress: linesAfter(/\*+ (?:Symmetrised )?Stress Tensor \*+/, 11, {
    rows: every(/^\s*\*\s+[xyz]\s+(\S+)\s+(\S+)\s+(\S+)\s+\*\s*$/, xyz(1)),
  }),
  md: every(
    /^\s*x\s+(time|Potential\s+Energy|Kinetic\s+Energy|Total\s+Energy|Enthalpy|Temperature|T\/=0 Pressure|Pressure)\s*:\s*(\S+)/,
    mdValue,
  ),
  mullikenHeader: linesAfter(MULLIKEN, 2, { spin: flag(/Spin/) }),
  mulliken: tables(MULLIKEN, /^\s*([A-Z][a-z]?\S*)\s+\d+\s+(.*)$/, mullikenRow, { skip: 3 }),
};

/** The rows after a heading as 'label value' pairs (species masses, pseudopotential files). */
const labelled = <T>(heading: RegExp, row: RegExp, convert: Convert<T>) =>
  tables(heading, row, fields({ label: text(1), value: convert }));

const GRID = /MP grid size for SCF calculation is\s+(\d+)\s+(\d+)\s+(\d+)/;

const CASTEP_OUTPUT = {
  version: first(/CASTEP version\s+(\S+)/, text()),
  dateStart: first(/^\s*Run started:\s*(.+?)\s*$/, (match) => {
    const time = Date.parse(match[1]!);
    return Number.isNaN(time) ? undefined : time / 1000;
  }),
  /** The parameters are echoed before the first cell. */
  echo: before([LATTICE], {
    parameters: every(
      /^\s*([a-zA-Z<][a-zA-Z0-9 .()/|<>+*-]*?)\s{2,}:\s+(.+?)\s*$/,
      (match): [string, string] => [match[1]!.replace(/\s+/g, ' '), match[2]!],
    ),
    treating: last(/^\s*treating system as (.+?)\s*$/, text()),
  }),
  masses: labelled(/Mass of species in AMU/, /^\s*([A-Z][a-z]?\S*)\s+(\d+\.\d+)\s*$/, real(2)),
  pseudopotentials: labelled(/Files used for pseudopotentials:/, /^\s*([A-Z][a-z]?\S*)\s+(\S+)\s*$/, text(2)),
  grid: first(GRID, xyz(1)),
  /** The offset printed after the grid (the first after the first grid line). */
  offsets: blocks(GRID, { offset: first(/^\s*with an offset of\s+(\S+)\s+(\S+)\s+(\S+)/, xyz(1)) }),
  nPoints: first(/Number of kpoints used =\s*(\d+)/, integer()),
  firstStep: before([FINAL_ENERGY], STEP_START),
  /** From each 'Final energy' to the next: the end of one SCF step and the start of the next. */
  steps: blocks(FINAL_ENERGY, { ...STEP_END, ...STEP_START }),
  bands: blocks(
    /^\s*\+\s+Electronic energies\s+\+\s*$/,
    { lines: every(BAND_LINE, bandLine) },
    // The box ends at the first line that is not in it ('+ ... +').
    { end: /^\s*(?:[^\s+]|$)/ },
  ),
  vibrations: looseTables(
    /^\s*\+\s+N\s+Frequency\s+irrep\./,
    /^\s*\+\s+\d+\s+(-?\d+\.\d+)\s+\S+\s+(-?\d+\.\d+)\s+([YN])\s+(?:(-?\d+\.\d+)\s+)?([YN])\s+\+\s*$/,
    modeRow,
  ),
  optimizationCompleted: flag(/Geometry optimization completed successfully/),
  transitionState: flag(/Transition State Found!/),
  timings: every(/^(Initialisation|Calculation|Finalisation|Total)\stime\s*=\s*(\S+)\s*s/, (match, warn) => {
    const value = real(2)(match, warn);
    return value === undefined ? undefined : ([match[1]!, value] as [string, number]);
  }),
};

type Read = Parsed<typeof CASTEP_OUTPUT>;
type StepStart = Parsed<typeof STEP_START>;
type StepEnd = Parsed<typeof STEP_END>;

interface Structure {
  cell?: [Vec, Vec, Vec];
  geometry?: CastepGeometry;
}

/** The structure after one print: a new cell (velocities dropped), new coordinates, or velocities. */
function printed(state: Structure, print: Parsed<typeof GEOMETRY_PRINT>): Structure {
  const [cell] = print.cell;
  if (cell) {
    const rows = cell.rows.map((row) => row.slice(0, 3)) as [Vec, Vec, Vec];
    return {
      cell: rows,
      geometry: state.geometry && { ...state.geometry, cell: rows, velocities: undefined },
    };
  }
  const [atoms] = print.atoms;
  if (atoms && state.cell) {
    const geometry = {
      cell: state.cell,
      species: atoms.map((a) => a.label),
      fractional: atoms.map((a) => a.position),
    };
    return { ...state, geometry };
  }
  const [velocities] = print.velocities;
  if (velocities && state.geometry && velocities.length === state.geometry.species.length)
    return { ...state, geometry: { ...state.geometry, velocities: velocities.map((v) => v.position) } };
  return state;
}

/** The SCF iterations of a step: those after the last 'Initial' line (a failed cycle is restarted). */
function iterationsOf(start: StepStart): CastepIteration[] {
  const restart = start.iterations.map((line) => line.initial).lastIndexOf(true);
  return start.iterations.slice(Math.max(restart, 0)).map((line) => line.iteration);
}

function mullikenOf(end: StepEnd): CastepMulliken | undefined {
  const index = end.mulliken.findLastIndex((rows) => rows.length > 0);
  if (index < 0) return undefined;
  const rows = end.mulliken[index]!;
  const spins = end.mullikenHeader[index]?.spin
    ? rows.flatMap((row) => (row.values[6] === undefined ? [] : [row.values[6]]))
    : [];
  return {
    labels: rows.map((row) => row.label),
    orbitals: rows.map((row) => row.values.slice(0, 4)),
    charges: rows.map((row) => row.values[5]!),
    ...(spins.length > 0 ? { spins } : {}),
  };
}

function scfOf(end: StepEnd, start: StepStart, geometry: CastepGeometry): CastepScf {
  const stress = end.stress.find((box) => box.rows.length === 3);
  const mulliken = mullikenOf(end);
  return {
    geometry,
    iterations: iterationsOf(start),
    energy: end.energy!,
    ...(end.freeEnergy === undefined ? {} : { freeEnergy: end.freeEnergy }),
    ...(end.energyT0 === undefined ? {} : { energyT0: end.energyT0 }),
    ...(end.forces ? { forces: end.forces.rows } : {}),
    ...(stress ? { stress: stress.rows } : {}),
    ...(end.md.length > 0 ? { md: Object.fromEntries(end.md) } : {}),
    ...(mulliken ? { mulliken } : {}),
  };
}

/** The last band-energy box that has k-points, as [spin][k-point][band]. */
function bandsOf(read: Read): CastepBands | undefined {
  const found = read.bands.map((box) => {
    const bands: CastepBands = { energies: [], kpoints: [] };
    // Energies belong to the k-point heading above them; a k-point printed again replaces the earlier
    // print (by its index, as CASTEP numbers them).
    box.lines.reduce<number[] | undefined>((current, line) => {
      if (typeof line === 'number') return current && (current.push(line), current);
      if (line.spin === 1) bands.kpoints[line.kpt - 1] = line.at;
      const energies: number[] = [];
      (bands.energies[line.spin - 1] ??= [])[line.kpt - 1] = energies;
      return energies;
    }, undefined);
    return bands;
  });
  return found.findLast((bands) => bands.kpoints.length > 0);
}

function vibrationsOf(read: Read): CastepVibrations[] {
  return read.vibrations
    .filter((rows) => rows.length > 0)
    .map((rows) => {
      const raman = rows.flatMap((row) => (row.raman === undefined ? [] : [row.raman]));
      return {
        frequencies: rows.map((row) => row.frequency),
        irIntensity: rows.map((row) => row.ir),
        irActive: rows.map((row) => row.irActive),
        ...(raman.length > 0 ? { ramanActivity: raman } : {}),
        ramanActive: rows.map((row) => row.ramanActive),
      };
    });
}

/** The parameters by key, the first print of each; 'treating system as' from its own line. */
function parametersOf(echo: Read['echo']): Map<string, string> {
  const parameters = echo.parameters.reduce(
    (found, [key, value]) => (found.has(key) ? found : found.set(key, value)),
    new Map<string, string>(),
  );
  if (echo.treating !== undefined) parameters.set('treating system as', echo.treating);
  return parameters;
}

export function readCastepOutput(content: string, file = 'the output'): CastepOutput {
  const { values: read, warnings } = readText(CASTEP_OUTPUT, content, file);
  if (!read.version) throw new Error("not a CASTEP output: no 'CASTEP version' line");
  // The structure at each 'Final energy': the prints before the first, then those of each step.
  const starts = [read.firstStep, ...read.steps];
  const structures: Structure[] = [];
  starts.reduce((state, start) => {
    const next = start.prints.reduce(printed, state);
    structures.push(next);
    return next;
  }, {} as Structure);
  const scfs = read.steps.flatMap((end, k) => {
    const geometry = structures[k]?.geometry;
    return geometry ? [scfOf(end, starts[k]!, geometry)] : [];
  });
  const geometry = structures.at(-1)?.geometry;
  if (scfs.length === 0 && !geometry)
    throw new Error("the output has neither a structure nor a 'Final energy': nothing to make an entry of");
  const grid = read.grid;
  const offset = read.offsets.find((found) => found.offset)?.offset;
  const bands = bandsOf(read);
  return {
    version: read.version,
    ...(read.dateStart === undefined ? {} : { dateStart: read.dateStart }),
    parameters: parametersOf(read.echo),
    pseudopotentials: new Map(read.pseudopotentials.flat().map((row) => [row.label, row.value])),
    masses: new Map(read.masses.flat().map((row) => [row.label, row.value])),
    scfs,
    ...(bands ? { bands } : {}),
    vibrations: vibrationsOf(read),
    timings: new Map(read.timings),
    kMesh: {
      ...(grid ? { grid } : {}),
      ...(grid && offset ? { offset } : {}),
      ...(read.nPoints === undefined ? {} : { nPoints: read.nPoints }),
    },
    geometry,
    optimizationCompleted: read.optimizationCompleted || read.transitionState,
    finished: read.timings.some(([name]) => name === 'Total'),
    warnings,
  };
}
