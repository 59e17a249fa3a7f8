// What an FHI-aims main output says, in its units (eV, Å, ps, s): the echoed control.in, the species
// settings, the input geometry, then per SCF cycle its iterations (energies, changes, timings), energy
// components, Fermi level, band edges, eigenvalues and forces, the geometry of relaxation and MD steps
// with the MD summary, the run's clock, and a GW calculation on top.
import { numbersIn } from '../text/numbers.ts';
import {
  clockOf,
  componentOf,
  readEigenvalues,
  readStructure,
  wallSecondsOf,
  type AimsEigenvalues,
  type AimsGeometry,
  type Vec,
} from './read-aims-parts.ts';
import { GwReader, type AimsGw } from './read-aims-gw.ts';

export type { AimsEigenvalues, AimsGeometry } from './read-aims-parts.ts';

interface AimsIteration {
  /** eV */
  total?: number;
  totalT0?: number;
  free?: number;
  change?: number;
  /** Wall-clock seconds of the iteration. */
  timeCalculation?: number;
  /** Wall-clock seconds since the run started, at the iteration's end. */
  timePhysical?: number;
}

interface AimsMdStep {
  step?: number;
  /** ps */
  time?: number;
  /** K */
  temperature?: number;
  /** eV */
  kinetic?: number;
  potential?: number;
}

export interface AimsScfStep {
  iterations: AimsIteration[];
  /** The last 'Total energy components' / 'Derived energy quantities' rows, eV. */
  components: Map<string, number>;
  /** The 'decomposition of the XC Energy' rows ('X Energy', 'C Energy GGA', 'Total XC Energy'), eV. */
  xcParts: Map<string, number>;
  /** eV */
  totalUncorrected?: number;
  totalCorrected?: number;
  freeEnergy?: number;
  /** eV */
  fermi?: number;
  highestOccupied?: number;
  lowestUnoccupied?: number;
  converged: boolean;
  /** eV/Å, as cleaned and constrained for the relaxation or MD. */
  forces?: Vec[];
  /** eV/Å, the 'Total forces(i)' rows of the last SCF iteration. */
  forcesRaw?: Vec[];
  eigenvalues?: AimsEigenvalues;
  geometry: AimsGeometry;
  /** Wall-clock seconds of the force evaluation (SCF and forces). */
  timeCalculation?: number;
  /** Wall-clock seconds since the run started, at the step's end. */
  timePhysical?: number;
  md?: AimsMdStep;
}

export interface AimsSpecies {
  label: string;
  nuclearCharge?: number;
  /** amu */
  mass?: number;
  /** '+U' shell ('4f') and U (eV). */
  hubbard?: { orbital: string; u: number };
}

export interface AimsOutput {
  version?: string;
  /** control.in keywords as echoed (first word the key, the rest its value). */
  control: Map<string, string>;
  /** Every 'output' line of control.in ('band 0 0 0 0.5 0 0.5 20 G X', 'dos -20 10 1000 0.01'). */
  outputs: string[];
  species: AimsSpecies[];
  /** 'Number of Kohn-Sham states (occupied + empty)'. */
  nStates?: number;
  steps: AimsScfStep[];
  geometryConverged?: boolean;
  finished: boolean;
  /** 'Internal wall clock time zero', s. */
  wallStart?: number;
  /** Wall-clock seconds of the whole run ('| Total time'). */
  wallTotal?: number;
  gw?: AimsGw;
}

/** The control.in echo: keyword lines before the first species block or comment rule. */
function readControl(lines: string[], from: number, control: Map<string, string>, outputs: string[]): number {
  let i = from;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (/^-{10,}$/.test(line) || /^Completed first pass over input file control\.in/.test(line)) break;
    if (line === '' || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    // Species blocks repeat keys per species; the global settings come first.
    if (key === 'species') break;
    if (key === 'output') outputs.push(rest.join(' '));
    else if (key && !control.has(key)) control.set(key, rest.join(' '));
  }
  return i;
}

/** 'Input geometry:' with its '| Unit cell:' rows and '|    1: Species Fe  x y z' rows. */
function readInputGeometry(lines: string[], from: number): { geometry: AimsGeometry; end: number } {
  const cell: Vec[] = [];
  const species: string[] = [];
  const positions: Vec[] = [];
  let k = from;
  if (/\| Unit cell:/.test(lines[k] ?? '')) {
    for (let r = 1; r <= 3; r += 1) cell.push(numbersIn(lines[k + r]!).slice(0, 3) as Vec);
    k += 4;
  }
  for (; k < lines.length; k += 1) {
    const atom = /^\s*\|\s*\d+:\s*Species\s+(\S+)\s+(.*)$/.exec(lines[k]!);
    if (atom) {
      species.push(atom[1]!);
      positions.push(numbersIn(atom[2]!).slice(0, 3) as Vec);
    } else if (positions.length > 0 || !/Atomic structure|Atom\s+x \[A\]|No unit cell/.test(lines[k]!)) break;
  }
  const geometry = { species, positions, ...(cell.length === 3 ? { cell: cell as [Vec, Vec, Vec] } : {}) };
  return { geometry, end: k - 1 };
}

/** Species settings as 'Reading configuration options for species' reports them. */
function readSpeciesLine(line: string, species: AimsSpecies[]): boolean {
  const start = /Reading configuration options for species\s+(\S+)/.exec(line);
  if (start) {
    species.push({ label: start[1]! });
    return true;
  }
  const current = species[species.length - 1];
  if (!current) return false;
  const charge = /^\s*\| Found nuclear charge\s*:\s*(\S+)/.exec(line);
  if (charge) current.nuclearCharge = Number(charge[1]);
  const mass = /^\s*\| Found atomic mass\s*:\s*(\S+)\s*amu/.exec(line);
  if (mass) current.mass = Number(mass[1]);
  const plusU = /Found request for '\+U' treatment for\s+(\d+)\s+([spdfg]) shell, U =\s*(\S+)\s*eV/.exec(
    line,
  );
  if (plusU) current.hubbard = { orbital: `${plusU[1]}${plusU[2]}`, u: Number(plusU[3]) };
  return Boolean(charge || mass || plusU);
}

const GW_START =
  /^(?:\* )?(?:GW quasiparticle calculation starts|Self-Consistent GW calculation starts|Periodic GW calculations will start|Start to calculate the periodic GW self energy)/;

/** State of the reading loop that lines of an SCF cycle update. */
interface Cursor {
  step: AimsScfStep;
  iteration?: AimsIteration;
  /** ms of the current iteration's 'Date/Time'. */
  iterationClock?: number;
  loopClock?: number;
  awaitLoopClock: boolean;
  awaitIterationClock: boolean;
  awaitIterationTime: boolean;
  awaitForceTime: boolean;
  /** Inside MD's summary of the step just computed. */
  inMdSummary?: boolean;
}

/** The lines of an SCF cycle that start with '|': energies, changes, timings, the Fermi level, MD rows. */
function readPipeLine(t: string, cursor: Cursor, runClock: number | undefined): boolean {
  const { step } = cursor;
  if (cursor.inMdSummary && readMdLine(t, step)) return true;
  const component = componentOf(t);
  if (component) {
    const [name, value] = component;
    step.components.set(name, value);
    const iteration = cursor.iteration;
    if (iteration) {
      if (name === 'Total energy') iteration.total = value;
      else if (name === 'Total energy, T -> 0') iteration.totalT0 = value;
      else if (name === 'Electronic free energy') iteration.free = value;
    }
    return true;
  }
  if (t.startsWith('| Change of total energy')) {
    const change = /:\s*(\S+)\s*eV/.exec(t);
    if (change && cursor.iteration) cursor.iteration.change = Number(change[1]);
    return true;
  }
  if (t.startsWith('| Time for this iteration')) {
    const wall = wallSecondsOf(t);
    if (cursor.awaitIterationTime && wall !== undefined && cursor.iteration) {
      cursor.iteration.timeCalculation = wall;
      if (cursor.iterationClock !== undefined && runClock !== undefined)
        cursor.iteration.timePhysical = (cursor.iterationClock - runClock) / 1000 + wall;
    }
    cursor.awaitIterationTime = false;
    return true;
  }
  if (t.startsWith('| Time for this force evaluation')) {
    const wall = wallSecondsOf(t);
    if (cursor.awaitForceTime && wall !== undefined) {
      step.timeCalculation = wall;
      if (cursor.loopClock !== undefined && runClock !== undefined)
        step.timePhysical = (cursor.loopClock - runClock) / 1000 + wall;
    }
    cursor.awaitForceTime = false;
    return true;
  }
  if (/^\| Chemical potential/i.test(t)) {
    // In eV either by the label ('in eV') or by the unit after the value; GW's line in Ha is not it.
    const chemical =
      /Chemical potential(?: \(Fermi level\))?( in eV)?\s*:\s*([-+]?[\d.]+(?:[Ee][-+]?\d+)?)\s*(eV)?/i.exec(
        t,
      );
    if (chemical && (chemical[1] || chemical[3])) step.fermi = Number(chemical[2]);
    return true;
  }
  const compact =
    /^\| (Total energy uncorrected|Total energy corrected|Electronic free energy)\s+:\s*(\S+)\s+eV/.exec(t);
  if (compact) {
    const value = Number(compact[2]);
    if (compact[1] === 'Total energy uncorrected') step.totalUncorrected = value;
    else if (compact[1] === 'Total energy corrected') step.totalCorrected = value;
    else step.freeEnergy = value;
    return true;
  }
  return false;
}

/** One line inside an SCF cycle (`t` trimmed at its start); returns the last line it read, -1 for none. */
function readStepLine(
  lines: string[],
  i: number,
  t: string,
  cursor: Cursor,
  runClock: number | undefined,
): number {
  const { step } = cursor;
  const first = t[0];
  if (first === '|') return readPipeLine(t, cursor, runClock) ? i : -1;
  if (t.startsWith('Date')) {
    const clock = clockOf(t);
    if (clock === undefined) return -1;
    if (cursor.awaitLoopClock) cursor.loopClock = clock;
    if (cursor.awaitIterationClock) cursor.iterationClock = clock;
    cursor.awaitLoopClock = false;
    cursor.awaitIterationClock = false;
    return i;
  }
  if (t.startsWith('Begin self-consistency iteration #')) {
    cursor.iteration = {};
    step.iterations.push(cursor.iteration);
    cursor.awaitIterationClock = true;
    return i;
  }
  // MD_light and newer outputs print one row per iteration:
  // 'SCF    1 :  0.41E-03 |  0.30E+00 |   0.16E+02 |  0.11E+01 |  . |  1.150 s |  1.165 s'.
  if (t.startsWith('SCF ')) {
    const compactRow = /^SCF\s+\d+\s*:(.*)$/.exec(t);
    if (!compactRow) return -1;
    const cells = compactRow[1]!.split('|').map((cell) => cell.trim());
    const iteration: AimsIteration = {};
    if (cells.length >= 7) {
      const change = Number(cells[3]);
      if (Number.isFinite(change)) iteration.change = change;
      const wall = numbersIn(cells[cells.length - 1]!)[0];
      if (wall !== undefined) iteration.timeCalculation = wall;
    }
    step.iterations.push(iteration);
    return i;
  }
  if (t.startsWith('End self-consistency iteration #')) {
    cursor.awaitIterationTime = true;
    return i;
  }
  if (t.startsWith('Writing Kohn-Sham eigenvalues.')) {
    const read = readEigenvalues(lines, i + 1);
    if (read.eigenvalues.energies[0]!.length > 0) step.eigenvalues = read.eigenvalues;
    return read.end;
  }
  if (t.startsWith('Highest occupied state (VBM) at')) {
    step.highestOccupied = numbersIn(t)[0];
    return i;
  }
  if (t.startsWith('Lowest unoccupied state (CBM) at')) {
    step.lowestUnoccupied = numbersIn(t)[0];
    return i;
  }
  if (t.startsWith('Self-consistency cycle converged.')) {
    step.converged = true;
    return i;
  }
  if (/^(?:X Energy|C Energy GGA|C Energy LDA|Total XC Energy|Hartree-Fock part)\s*:/.test(t)) {
    const xcPart = /^([^:]*?)\s*:\s*\S+\s+Ha\s+(\S+)\s+eV/.exec(t);
    if (xcPart) step.xcParts.set(xcPart[1]!, Number(xcPart[2]));
    return i;
  }
  if (t.startsWith('Total forces(')) {
    const rawForce = /^Total forces\(\s*(\d+)\)\s*:(.*)$/.exec(t);
    if (!rawForce) return -1;
    if (Number(rawForce[1]) === 1) step.forcesRaw = [];
    step.forcesRaw?.push(numbersIn(rawForce[2]!).slice(0, 3) as Vec);
    return i;
  }
  if (t.startsWith('Total atomic forces') && /\[eV\/Ang\]:/.test(t)) {
    const forces: Vec[] = [];
    let end = i;
    for (let k = i + 1; k < lines.length; k += 1) {
      const row = /^\s*\|\s*\d+\s+(.*)$/.exec(lines[k]!);
      if (!row) break;
      forces.push(numbersIn(row[1]!).slice(0, 3) as Vec);
      end = k;
    }
    step.forces = forces;
    return end;
  }
  if (t.startsWith('Relaxation / MD: End force evaluation')) {
    cursor.awaitForceTime = true;
    return i;
  }
  if (t.startsWith('Complete information for previous time-step')) {
    cursor.inMdSummary = true;
    return i;
  }
  return -1;
}

/** The 'Complete information for previous time-step' rows of MD, which describe the step just computed. */
function readMdLine(t: string, step: AimsScfStep): boolean {
  const match =
    /^\| (Time step number|Simulation time|Temperature \(nuclei\)|Nuclear kinetic energy|Electronic free energy)\s*:\s*(\S+)\s*(ps|K|eV)?\s*$/.exec(
      t,
    );
  if (!match) return false;
  const md = (step.md ??= {});
  const value = Number(match[2]);
  if (match[1] === 'Time step number') md.step = value;
  else if (match[1] === 'Simulation time') md.time = value;
  else if (match[1] === 'Temperature (nuclei)') md.temperature = value;
  else if (match[1] === 'Nuclear kinetic energy') md.kinetic = value;
  else md.potential = value;
  return true;
}

const newStep = (geometry: AimsGeometry): AimsScfStep => ({
  iterations: [],
  components: new Map(),
  xcParts: new Map(),
  converged: false,
  geometry,
});

/** Lines of no interest anywhere: blank, or table rows that start with a number. */
const isDataRow = (first: string | undefined): boolean =>
  first === undefined || (first >= '0' && first <= '9') || first === '-' || first === '.';

/** Reads a whole output; throws only when it is no FHI-aims output or has no geometry at all. */
export function readAimsOutput(text: string): AimsOutput {
  const lines = text.split(/\r?\n/);
  const out: AimsOutput = { control: new Map(), outputs: [], species: [], steps: [], finished: false };
  let invoked = false;
  let geometry: AimsGeometry | undefined;
  let cursor: Cursor | undefined;
  let runClock: number | undefined;
  let gw: GwReader | undefined;
  let leaving = false;
  let echoed: AimsGeometry | undefined;

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const t = line.trimStart();
    if (!invoked) {
      if (t.startsWith('Invoking FHI-aims')) invoked = true;
      continue;
    }
    if (gw?.line(t)) continue;
    if (isDataRow(t[0])) continue;
    if (cursor && !leaving) {
      const end = readStepLine(lines, i, t, cursor, runClock);
      if (end >= 0) {
        i = end;
        continue;
      }
    }
    if (t[0] === '|') {
      if (!cursor && readSpeciesLine(t, out.species)) continue;
      const states = /^\| Number of Kohn-Sham states \(occupied \+ empty\)\s*:\s*(\d+)/.exec(t);
      if (states) out.nStates = Number(states[1]);
      else if (leaving && t.startsWith('| Total time ')) out.wallTotal = wallSecondsOf(t) ?? out.wallTotal;
      continue;
    }
    if (!out.version && (t.startsWith('Version') || t.startsWith('FHI-aims version'))) {
      out.version = /^(?:Version|FHI-aims version\s*:)\s+(\S+)/.exec(t)?.[1];
      continue;
    }
    if (runClock === undefined && t.startsWith('Date')) {
      runClock = clockOf(t);
      continue;
    }
    if (t.startsWith('Internal wall clock time zero')) {
      const zero = numbersIn(t)[0];
      if (zero !== undefined) out.wallStart = zero;
      continue;
    }
    if (t.startsWith('The contents of control.in will be repeated verbatim') && out.control.size === 0) {
      i = readControl(lines, i + 4, out.control, out.outputs);
      continue;
    }
    if (t.startsWith('Reading configuration options for species') && !cursor) {
      readSpeciesLine(t, out.species);
      continue;
    }
    // The verbatim geometry.in: the structure when no 'Input geometry' summary follows.
    if (t.startsWith('The contents of geometry.in will be repeated verbatim') && !echoed) {
      const read = readStructure(lines, i + 4, undefined, true);
      if (read.geometry.positions.length > 0) echoed = read.geometry;
      i = read.end;
      continue;
    }
    if (t.startsWith('Input geometry:') && !geometry) {
      const read = readInputGeometry(lines, i + 1);
      geometry = read.geometry;
      i = read.end;
      continue;
    }
    if (t.startsWith('Begin self-consistency loop')) {
      geometry ??= echoed;
      if (!geometry) throw new Error('the output has no input geometry before its first SCF cycle');
      const step = newStep(geometry);
      out.steps.push(step);
      cursor = {
        step,
        awaitLoopClock: true,
        awaitIterationClock: false,
        awaitIterationTime: false,
        awaitForceTime: false,
      };
      continue;
    }
    if (GW_START.test(t)) {
      gw ??= new GwReader();
      continue;
    }
    if (t.startsWith('Leaving FHI-aims.')) {
      leaving = true;
      continue;
    }
    if (t.startsWith('Have a nice day.')) {
      out.finished = true;
      continue;
    }
    if (t.startsWith('Updated atomic structure:') || t.startsWith('Final atomic structure:')) {
      const read = readStructure(lines, i + 1, geometry?.species);
      const cell = read.geometry.cell ?? geometry?.cell;
      geometry = { ...read.geometry, ...(cell ? { cell } : {}) };
      i = read.end;
      continue;
    }
    // MD prints the geometry (and velocities) of the step just computed.
    if (
      cursor &&
      /^(?:Final atomic structure|Atomic structure) \(and velocities\) as used in the preceding/.test(t)
    ) {
      const read = readStructure(lines, i + 1, geometry?.species);
      if (read.geometry.positions.length > 0)
        cursor.step.geometry = { ...read.geometry, ...(geometry?.cell ? { cell: geometry.cell } : {}) };
      i = read.end;
      continue;
    }
    if (t.startsWith('Present geometry is converged.')) out.geometryConverged = true;
  }
  if (!invoked) throw new Error("not an FHI-aims output: no 'Invoking FHI-aims' line");
  geometry ??= echoed;
  if (!geometry) throw new Error('the output has no input geometry');
  if (out.steps.length === 0) out.steps.push(newStep(geometry));
  if (gw) out.gw = gw.gw;
  return out;
}
