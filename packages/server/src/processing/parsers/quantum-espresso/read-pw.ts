// What a Quantum ESPRESSO pw.x output says, in the units it writes (Ry, bohr, alat, eV, kbar): the
// settings echoed at the start, the species and initial cell, then per SCF cycle its iterations, energy,
// Fermi level or HOMO/LUMO, eigenvalues, forces and stress, and the geometry of relaxation and MD steps.
// The output is read by a declaration (read-pw-declaration.ts); this module maps what it read onto the
// reader's types, carrying the cell, the geometry and the cpu time from one part of a run to the next.
import { ANGSTROM, BOHR } from '@oasis/chem';
import { readText } from '../../text/read-text.ts';
import { cartesian } from '../code-sections.ts';
import { PW, type PwCycle, type PwPart, type PwRun } from './read-pw-declaration.ts';

type Vec = [number, number, number];
type Cell = [Vec, Vec, Vec];

/** Positions with the unit pw.x wrote them in; 'alat' and 'bohr' and 'angstrom' are Cartesian. */
export interface Geometry {
  /** Rows in bohr. */
  cell: Cell;
  labels: string[];
  /** Cartesian, bohr. */
  positions: Vec[];
}

export interface PwScfStep {
  /**
   * Total energy per iteration (Ry), the estimated accuracy (Ry) and the 'total cpu time spent up to now'
   * printed after it (s).
   */
  iterations: { energy?: number; accuracy?: number; time?: number }[];
  /** The cpu time (s) printed last before this cycle's first iteration. */
  timeBefore?: number;
  /** Ry, the '!' line; undefined for a non-self-consistent (band structure) run. */
  energy?: number;
  contributions: { name: string; value: number }[];
  /** eV */
  fermi?: number;
  /** eV */
  highestOccupied?: number;
  /** eV */
  lowestUnoccupied?: number;
  converged?: boolean;
  /** Per spin channel, per k-point, the band energies (eV). */
  eigenvalues: number[][][];
  /** k-points as printed with the eigenvalues (Cartesian, 2π/alat). */
  kpoints: Vec[];
  /** Ry/bohr per atom. */
  forces?: Vec[];
  /** kbar */
  stress?: Cell;
  geometry: Geometry;
  /** MD: temperature (K), ionic kinetic energy (Ry) and time (ps) after this step. */
  md?: { temperature?: number; kinetic?: number; time?: number };
}

export interface PwOutput {
  version?: string;
  /** 'scf' | 'relax' | 'vc-relax' | 'md' | 'bands' as the output shows them. */
  kind: 'scf' | 'relax' | 'vc-relax' | 'md' | 'bands';
  alat?: number;
  /** Ry */
  ecutwfc?: number;
  /** Ry */
  ecutrho?: number;
  /** Ry */
  convergenceThreshold?: number;
  xc?: string;
  electrons?: number;
  states?: number;
  kpointCount?: number;
  /** The k-points listed under 'number of k points' (Cartesian, 2π/alat) and their weights (sum 2). */
  kpointList: { points: Vec[]; weights: number[] };
  /** Unix seconds (UTC) of 'starts on' and 'This run was terminated on'. */
  dateStart?: number;
  dateEnd?: number;
  smearing?: { kind: string; width: number };
  tetrahedra: boolean;
  spinPolarized: boolean;
  /** 'Noncollinear calculation': spinors, no spin channels. */
  noncollinear: boolean;
  species: { label: string; valence: number; mass: number; pseudopotential: string }[];
  pseudopotentialFiles: string[];
  /** Per species (in input order): the file, its MD5 sum and what kind pw.x says it is. */
  pseudopotentials: { file: string; md5?: string; kind?: string }[];
  /** Relaxation criteria: energy (Ry), force (Ry/bohr). */
  criteria: { energy?: number; force?: number };
  /** MD time step in atomic (Rydberg) units of time. */
  mdTimeStep?: number;
  steps: PwScfStep[];
  /** The last geometry pw.x printed (the relaxed one, after the final BFGS step). */
  finalGeometry?: Geometry;
  finished: boolean;
  warnings: string[];
}

const scale = (v: Vec, factor: number): Vec => [v[0] * factor, v[1] * factor, v[2] * factor];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Unix seconds of pw.x's '26Dec2015' and '14:41:16' (or '14: 2:55'), taken as UTC. */
function dateOf(day: string, time: string): number | undefined {
  const d = /^(\d{1,2})([A-Za-z]{3})(\d{4})$/.exec(day.trim());
  const t = /^(\d{1,2}):\s*(\d{1,2}):\s*(\d{1,2})$/.exec(time.trim());
  const month = d ? MONTHS.indexOf(d[2]!.toLowerCase()) : -1;
  if (!d || !t || month < 0) return undefined;
  return Date.UTC(Number(d[3]), month, Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3])) / 1000;
}

/** What pw.x has printed up to the end of a part of a run: the cell, the geometry and the cpu time. */
interface Carried {
  cell?: Cell;
  geometry?: Geometry;
  /** The geometry of the last ATOMIC_POSITIONS card. */
  cardGeometry?: Geometry;
  cpu?: number;
}

/** Bohr per unit of a CELL_PARAMETERS or ATOMIC_POSITIONS card (per alat for 'alat' or no unit). */
const bohrPer = (unit: string | undefined, alat: number | undefined): number =>
  unit === 'bohr' ? 1 : unit === 'angstrom' ? ANGSTROM / BOHR : (alat ?? 1);

/** Positions of an ATOMIC_POSITIONS card in bohr (Cartesian). */
function cardPositions(rows: PwPart['positionRows'][number], unit: string, cell: Cell, alat?: number): Vec[] {
  const points = rows.map((row) => row.xyz);
  if (unit === 'crystal') return cartesian(points, cell);
  const factor = bohrPer(unit, alat);
  return points.map((xyz) => scale(xyz, factor));
}

/**
 * The state after a part of a run, in the order pw.x prints: the echoed cell (kept when one is known),
 * the echoed sites (the input geometry, kept likewise), then a step's CELL_PARAMETERS and ATOMIC_POSITIONS.
 */
function advance(state: Carried, part: PwPart, alat: number | undefined): Carried {
  const axes = part.axes[0];
  const echoed =
    state.cell ?? (axes && alat !== undefined ? (axes.map((row) => scale(row, alat)) as Cell) : undefined);
  const sites = part.sites[0];
  const input =
    state.geometry ??
    (sites && echoed && alat !== undefined
      ? {
          cell: echoed,
          labels: sites.map((s) => s.label),
          positions: sites.map((s) => scale(s.position, alat)),
        }
      : undefined);
  const card = part.cells[part.cells.length - 1];
  // The card's own 'alat = ...' before the run's.
  const cardAlat = card?.alat !== undefined ? Number(card.alat) : alat;
  const cell = card ? (card.rows.map((row) => scale(row, bohrPer(card.unit, cardAlat))) as Cell) : echoed;
  const rows = part.positionRows[part.positionRows.length - 1];
  const unit = part.positionUnits[part.positionUnits.length - 1] ?? 'alat';
  const cardGeometry =
    rows && cell
      ? { cell, labels: rows.map((row) => row.label), positions: cardPositions(rows, unit, cell, alat) }
      : undefined;
  return {
    ...(cell ? { cell } : {}),
    ...((cardGeometry ?? input) ? { geometry: cardGeometry ?? input } : {}),
    ...((cardGeometry ?? state.cardGeometry) ? { cardGeometry: cardGeometry ?? state.cardGeometry } : {}),
    ...((part.lastCpu ?? state.cpu) !== undefined ? { cpu: part.lastCpu ?? state.cpu } : {}),
  };
}

/** A cycle as the reader's callers know it, on the geometry and after the cpu time printed before it. */
function stepOf(cycle: PwCycle, before: Carried): PwScfStep {
  const iterations = cycle.iterations.map(({ energy, accuracy, time }) => ({
    ...(time !== undefined ? { time } : {}),
    ...(energy !== undefined ? { energy } : {}),
    ...(accuracy !== undefined ? { accuracy } : {}),
  }));
  // The converged iteration prints its energy only on the '!' line.
  const lastIteration = iterations[iterations.length - 1];
  if (lastIteration && lastIteration.energy === undefined && cycle.energy !== undefined)
    lastIteration.energy = cycle.energy;
  const up = cycle.spins.filter((spin) => !spin.down);
  const down = cycle.spins.filter((spin) => spin.down);
  const bands = (parts: PwCycle['unpolarized'][]) =>
    parts.flatMap((part) => part.energies.map((rows) => ([] as number[]).concat(...rows)));
  const spin0 = bands([cycle.unpolarized, ...up]);
  const spin1 = bands(down);
  const forces = cycle.forces[cycle.forces.length - 1];
  const stress = cycle.stress[cycle.stress.length - 1];
  const timeBefore = cycle.opening.cpu ?? before.cpu;
  const highestOccupied = cycle.homo ?? cycle.homoLumo?.homo;
  const md = { temperature: cycle.temperature, kinetic: cycle.kinetic, time: cycle.time };
  return {
    iterations,
    ...(timeBefore !== undefined ? { timeBefore } : {}),
    ...(cycle.energy !== undefined ? { energy: cycle.energy } : {}),
    contributions: cycle.contributions,
    ...(cycle.fermi !== undefined ? { fermi: cycle.fermi } : {}),
    ...(highestOccupied !== undefined ? { highestOccupied } : {}),
    ...(cycle.homoLumo ? { lowestUnoccupied: cycle.homoLumo.lumo } : {}),
    ...(cycle.converged !== undefined ? { converged: cycle.converged } : {}),
    eigenvalues: spin1.length > 0 ? [spin0, spin1] : spin0.length > 0 ? [spin0] : [],
    kpoints: [cycle.unpolarized, ...up].flatMap((part) => part.kpoints),
    ...(forces ? { forces } : {}),
    ...(stress ? { stress: stress as Cell } : {}),
    geometry: before.geometry!,
    ...(Object.values(md).some((v) => v !== undefined)
      ? { md: Object.fromEntries(Object.entries(md).filter(([, v]) => v !== undefined)) }
      : {}),
  };
}

/** The kind of run the output shows: a later MD or bands heading wins over a BFGS optimisation. */
function kindOf(run: PwRun): PwOutput['kind'] {
  if (run.calculation === 'Molecular Dynamics') return 'md';
  if (run.calculation === 'Band Structure') return 'bands';
  return run.bfgs ? (run.newCell ? 'vc-relax' : 'relax') : 'scf';
}

/** A run's output; throws when it has no header or no geometry. */
function outputOf(run: PwRun): PwOutput {
  if (!run.version) throw new Error("not a pw.x output: no 'Program PWSCF' header");
  const alat = run.alat;
  // The state before each cycle: after the preamble and every cycle before it.
  const states = run.cycles.reduce<Carried[]>(
    (list, cycle) => {
      list.push(advance(list[list.length - 1]!, cycle, alat));
      return list;
    },
    [advance({}, run.preamble, alat)],
  );
  const final = states[states.length - 1]!;
  if (!final.geometry) throw new Error('the output has no atomic positions (site list or ATOMIC_POSITIONS)');
  // A cycle before any geometry was printed is none pw.x ran on a structure: it is left out.
  const steps = run.cycles.flatMap((cycle, k) => (states[k]!.geometry ? [stepOf(cycle, states[k]!)] : []));
  const kpoints = run.kpointLists.find((list) => list.length > 0) ?? [];
  const started = run.started && dateOf(run.started.day, run.started.time);
  const ended = run.terminated && dateOf(run.terminated.day, run.terminated.time);
  const energy = run.energyThreshold ?? run.criteria?.energy;
  const force = run.forceThreshold ?? run.criteria?.force;
  // The first heading of each number counts, in the species' order.
  const pseudopotentials = run.pseudopotentials.reduce<PwOutput['pseudopotentials']>((list, record) => {
    list[record.index] ??= {
      file: record.file,
      ...(record.md5 ? { md5: record.md5 } : {}),
      ...(record.kind ? { kind: record.kind } : {}),
    };
    return list;
  }, []);
  return {
    version: run.version,
    kind: kindOf(run),
    ...(alat !== undefined ? { alat } : {}),
    ...(run.ecutwfc !== undefined ? { ecutwfc: run.ecutwfc } : {}),
    ...(run.ecutrho !== undefined ? { ecutrho: run.ecutrho } : {}),
    ...(run.convergenceThreshold !== undefined ? { convergenceThreshold: run.convergenceThreshold } : {}),
    ...(run.xc !== undefined ? { xc: run.xc } : {}),
    ...(run.electrons !== undefined ? { electrons: run.electrons } : {}),
    ...(run.states !== undefined ? { states: run.states } : {}),
    ...(run.kpointCount !== undefined ? { kpointCount: run.kpointCount } : {}),
    kpointList: { points: kpoints.map((k) => k.point), weights: kpoints.map((k) => k.weight) },
    ...(started !== undefined ? { dateStart: started } : {}),
    ...(ended !== undefined ? { dateEnd: ended } : {}),
    ...(run.smearing ? { smearing: run.smearing } : {}),
    tetrahedra: run.tetrahedra,
    spinPolarized: run.spinUp || run.magnetic || run.lsda,
    noncollinear: run.noncollinear,
    species: run.species.find((table) => table.length > 0) ?? [],
    pseudopotentialFiles: run.pseudopotentials.map((record) => record.file),
    pseudopotentials,
    criteria: { ...(energy !== undefined ? { energy } : {}), ...(force !== undefined ? { force } : {}) },
    ...(run.mdTimeStep !== undefined ? { mdTimeStep: run.mdTimeStep } : {}),
    steps,
    ...(final.cardGeometry ? { finalGeometry: final.cardGeometry } : {}),
    finished: run.finished,
    warnings: [],
  };
}

/**
 * Reads each pw.x run of an output (scripts such as ase-espresso append several runs to one file; each
 * starts with its own 'Program PWSCF' header). Throws when there is none; a run without a geometry
 * (cut off after its header) is left out with a warning on the first run, unless it is the only one.
 * What the file holds but could not be read is a warning of the first run, with file and line.
 */
export function readPwRuns(content: string, file = 'output'): PwOutput[] {
  const { values, warnings } = readText(PW, content, file);
  const parts = values.runs;
  if (parts.length <= 1) {
    const only = outputOf(parts[0]!);
    only.warnings.push(...warnings);
    return [only];
  }
  const read = parts.map((run) => {
    try {
      return outputOf(run);
    } catch (error) {
      return error as Error;
    }
  });
  const runs = read.filter((run): run is PwOutput => !(run instanceof Error));
  const last = read[read.length - 1];
  if (runs.length === 0 && last instanceof Error) throw last;
  runs[0]!.warnings.push(
    ...warnings,
    ...read.flatMap((run, k) =>
      run instanceof Error
        ? [`left out run ${k + 1} of ${parts.length} (line ${parts[k]!.start + 1}): ${run.message}`]
        : [],
    ),
  );
  return runs;
}

/** Reads a pw.x output (its first run); throws when it is none (no 'Program PWSCF' header). */
export function readPwOutput(content: string, file = 'output'): PwOutput {
  return readPwRuns(content, file)[0]!;
}
