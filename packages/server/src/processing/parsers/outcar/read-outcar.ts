// Reads a VASP OUTCAR into plain data in VASP's units (eV, Å, kB): the declaration of what the file
// holds (outcar-declaration.ts) read by the text toolkit, then its electronic iterations grouped into
// ionic steps. A step starts at 'Iteration N(   1)'; what it ends with is printed after its last
// iteration.
import type { Mat3, Vec3 } from '@oasis/chem';
import { readText } from '../../text/read-text.ts';
import { speciesSymbol } from '../poscar-read.ts';
import { potcarHeadersOf, type PotcarHeader } from '../vasp/potcar.ts';
import { incarScalar, type IncarTags } from './incar.ts';
import { OUTCAR_FILE } from './outcar-declaration.ts';

export interface OutcarKpoints {
  /** Fractional coordinates (reciprocal lattice). */
  points: Vec3[];
  /** How many k-points of the full mesh each stands for ('Weight' of IBZKPT), when printed. */
  multiplicities?: number[];
  /** Normalised weights (sum 1). */
  weights: number[];
}

interface ScfEnergies {
  /** eV */
  free?: number;
  withoutEntropy?: number;
  sigma0?: number;
  /** EBANDS, the sum of the eigenvalues. */
  sumEigenvalues?: number;
}

interface OutcarHeader {
  /** e.g. '5.4.1' */
  version: string;
  /** e.g. '24Jun15' */
  buildDate?: string;
  /** e.g. 'complex', 'gamma' (VASP 4: the rest of the line, 'complex parallel LinuxIFC') */
  buildType?: string;
  /** Host/build name after 'executed on'. */
  platform?: string;
  /** Run start, 'YYYY.MM.DD' and 'HH:MM:SS'. */
  date?: string;
  time?: string;
  /** 'parallel' when the header says 'running on N cores', 'serial' for 'serial version'. */
  parallel?: string;
}

interface OutcarEnergies {
  /** 'free  energy   TOTEN' */
  free?: number;
  /** 'energy  without entropy' */
  withoutEntropy?: number;
  /** 'energy(sigma->0)' */
  sigma0?: number;
}

export interface OutcarStep {
  /** 1-based line of the step's first 'Iteration' header. */
  line: number;
  lattice?: Mat3;
  positions?: Vec3[];
  forces?: Vec3[];
  energies: OutcarEnergies;
  fermi?: number;
  /** Stress tensor 'in kB'. */
  stress?: Mat3;
  nScf: number;
  /** Electronic iterations: energies and wall time (s, 'LOOP: ... real time'). */
  scf: { energies: ScfEnergies; time?: number }[];
  /** Wall time of the whole ionic step (s, 'LOOP+: ... real time'). */
  time?: number;
  /** Eigenvalues (eV) and occupations as printed after E-fermi, [spin][k-point][band]; last step only. */
  eigenvalues?: { energies: number[][][]; occupations: number[][][] };
  /** True/false when VASP said whether EDIFF was reached; undefined when it did not say. */
  scfConverged?: boolean;
}

export interface Outcar {
  header: OutcarHeader;
  /** Tags of the INCAR echo at the top of VASP 6 files ('INCAR:' block). */
  incarEcho: IncarTags;
  /** Parameters as VASP used them ('Startparameter for this run' block). */
  parameters: IncarTags;
  /** Pseudopotential title per atom type, e.g. 'PAW_PBE Cu 05Jan2001'. */
  potcars: string[];
  /** Element per atom type. */
  elements: string[];
  /** Full POTCAR headers echoed at the top (TITEL, ENMAX, POMASS ...), in file order. */
  potcarHeaders: PotcarHeader[];
  /** The k-points of the run (IBZKPT's irreducible list, else the reciprocal-lattice list). */
  kpoints?: OutcarKpoints;
  ionsPerType: number[];
  /** 'NBANDS=' of the array dimensions. */
  nBands?: number;
  /** Per type, from the parameter echo ('POMASS', 'ZVAL'). */
  masses?: number[];
  valences?: number[];
  initialLattice?: Mat3;
  initialPositions?: Vec3[];
  steps: OutcarStep[];
  /** True when VASP reported DFT+U ('LDA+U is selected'). */
  ldau: boolean;
  /** True when the file ends with VASP's timing summary, i.e. the run finished. */
  finished: boolean;
  /** 'Elapsed time (sec)' of the timing summary: the run's wall time. */
  elapsed?: number;
  /** Things worth a WARNING in the processing logs. */
  warnings: string[];
}

type Declared = ReturnType<typeof readText<typeof OUTCAR_FILE>>['values'];
type Iteration = Declared['iterations'][number];

/** Per-type lists of the parameter echo are printed in fixed F6.2 columns that may touch ('63.55102.91'). */
const FIXED_WIDTH = /-?\d{1,3}\.\d{2}/g;
const PARAMETER_PAIR = /(?:^|[\s;])([A-Z][A-Za-z0-9_]+)\s*=\s*([^\s;]+)/g;

/** Element of a POTCAR title: 'PAW_PBE Cu_pv 06Sep2000' -> 'Cu', 'US Si' -> 'Si'. */
export function elementOfPotcar(title: string): string | undefined {
  const name = title.trim().split(/\s+/)[1];
  return name === undefined ? undefined : speciesSymbol(name);
}

/**
 * The 'Startparameter for this run' echo: 'KEY = value' pairs, several per line (';' or
 * spaces between), each followed by a description. Only the first token after '=' is the value.
 */
export function readParameterEcho(lines: readonly string[]): {
  parameters: IncarTags;
  masses?: number[];
  valences?: number[];
} {
  const parameters: IncarTags = {};
  let masses: number[] | undefined;
  let valences: number[] | undefined;
  for (const line of lines) {
    // Per-type lists are printed in fixed F6.2 columns that may touch ('63.55102.91').
    const perType = /^\s*(POMASS|ZVAL)\s*=\s*(.*)$/.exec(line);
    if (perType) {
      const values = (perType[2]?.match(FIXED_WIDTH) ?? []).map(Number);
      if (perType[1] === 'POMASS') masses = values;
      else valences = values;
      parameters[perType[1] ?? ''] = values;
      continue;
    }
    for (const m of line.matchAll(PARAMETER_PAIR)) {
      const key = (m[1] ?? '').toUpperCase();
      // The first occurrence wins (some tags, e.g. VOSKOWN, are echoed twice).
      if (!(key in parameters)) parameters[key] = incarScalar(m[2] ?? '');
    }
  }
  const result: ReturnType<typeof readParameterEcho> = { parameters };
  if (masses) result.masses = masses;
  if (valences) result.valences = valences;
  return result;
}

/** The build of VASP 5/6, '24Jun15 (build Dec 04 2015 16:58:54) complex', or VASP 4, '3Apr08 complex  parallel LinuxIFC'. */
function headerOf(version: string, rest: string): OutcarHeader {
  const header: OutcarHeader = { version };
  const buildDate = rest.split(/\s+/)[0];
  if (buildDate) header.buildDate = buildDate;
  const buildType = rest.includes(')')
    ? /\)\s*(\S+)/.exec(rest)?.[1]
    : rest.split(/\s+/).slice(1).join(' ') || undefined;
  if (buildType) header.buildType = buildType;
  return header;
}

/** The k-points of a list, weights normalised; `multiplicities` when the weights are counts. */
function kpointsOf(
  rows: { point: Vec3; weight: number }[],
  multiplicities: boolean,
): OutcarKpoints | undefined {
  if (rows.length === 0) return undefined;
  const raw = rows.map((row) => row.weight);
  const total = raw.reduce((a, b) => a + b, 0);
  const kpoints: OutcarKpoints = {
    points: rows.map((row) => row.point),
    weights: total > 0 ? raw.map((w) => w / total) : raw,
  };
  if (multiplicities) kpoints.multiplicities = raw;
  return kpoints;
}

/** The eigenvalues after one E-fermi, [spin][k-point][band]; undefined when none are printed. */
function eigenvaluesOf(printed: Iteration['eigenvalues'][number]): OutcarStep['eigenvalues'] {
  const perSpin =
    printed.spins.length > 0 ? printed.spins : [{ spin: 1, kpoints: printed.unpolarised.kpoints }];
  const eigenvalues: NonNullable<OutcarStep['eigenvalues']> = { energies: [], occupations: [] };
  let found = false;
  for (const { spin, kpoints } of perSpin) {
    const s = Math.max(0, (spin ?? 1) - 1);
    for (const { kpoint, bands } of kpoints) {
      const [energies, occupations] = bands;
      if (kpoint === undefined || !energies?.length || !occupations) continue;
      found = true;
      (eigenvalues.energies[s] ??= [])[kpoint - 1] = energies;
      (eigenvalues.occupations[s] ??= [])[kpoint - 1] = occupations;
    }
  }
  return found ? eigenvalues : undefined;
}

/** Step-level values the iteration prints, onto step `number`; `nions` checks the positions table. */
function addStepValues(
  step: OutcarStep,
  number: number,
  iteration: Iteration,
  nions: number | undefined,
  warnings: string[],
): void {
  const lattice = iteration.lattices.at(-1);
  if (lattice) {
    if (lattice.rows) step.lattice = lattice.rows;
    else delete step.lattice;
  }
  const final = iteration.final.at(-1);
  if (final) {
    for (const key of ['free', 'withoutEntropy', 'sigma0'] as const) {
      if (final[key] !== undefined) step.energies[key] = final[key];
    }
  }
  const rows = iteration.positionsAndForces.at(-1);
  if (rows) {
    if (nions === undefined || rows.length === nions) {
      step.positions = rows.map((r) => [r[0], r[1], r[2]] as Vec3);
      step.forces = rows.map((r) => [r[3], r[4], r[5]] as Vec3);
    } else if (final) {
      // (Without final energies the run stopped while writing the table: the step is incomplete anyway.)
      warnings.push(
        `OUTCAR ionic step ${number} (line ${step.line}): POSITION/TOTAL-FORCE block has ${rows.length} rows for ${nions} ions`,
      );
    }
  }
  if (iteration.fermi !== undefined) step.fermi = iteration.fermi;
  if (iteration.stress) {
    const [xx, yy, zz, xy, yz, zx] = iteration.stress as [number, number, number, number, number, number];
    step.stress = [
      [xx, xy, zx],
      [xy, yy, yz],
      [zx, yz, zz],
    ];
  }
  if (iteration.converged !== undefined) step.scfConverged = iteration.converged;
  if (iteration.stepTime !== undefined) step.time = iteration.stepTime;
}

/**
 * Electronic iterations grouped into ionic steps: a step starts at iteration 1 (or a new ionic number).
 * Steps that do not print the cell keep the one before (fixed-cell runs). As in vasprun.xml, only the
 * last printed eigenvalues are kept: long MD runs print thousands.
 */
function stepsOf(
  iterations: Iteration[],
  initialLattice: Mat3 | undefined,
  nions: number | undefined,
  warnings: string[],
): OutcarStep[] {
  const steps: OutcarStep[] = [];
  let step: OutcarStep | undefined;
  let lattice = initialLattice;
  let eigenOwner: OutcarStep | undefined;
  let stepIonic = 0;
  for (const iteration of iterations) {
    const { ionic, electronic } = iteration.iteration ?? { ionic: 0, electronic: 1 };
    if (!step || electronic === 1 || ionic !== stepIonic) {
      step = { line: iteration.line, energies: {}, nScf: 0, scf: [] };
      if (lattice) step.lattice = lattice;
      steps.push(step);
      stepIonic = ionic;
    }
    step.nScf = Math.max(step.nScf, electronic);
    if (step.scf.length < electronic) step.scf.push({ energies: {} });
    const scf = step.scf[step.scf.length - 1]!;
    const energies = iteration.energies.at(-1);
    if (energies) scf.energies = energies;
    if (iteration.time !== undefined) scf.time = iteration.time;
    addStepValues(step, steps.length, iteration, nions, warnings);
    lattice = step.lattice ?? lattice;
    for (const printed of iteration.eigenvalues) {
      const eigenvalues = eigenvaluesOf(printed);
      if (!eigenvalues) continue;
      step.eigenvalues = eigenvalues;
      if (eigenOwner && eigenOwner !== step) delete eigenOwner.eigenvalues;
      eigenOwner = step;
    }
  }
  return steps;
}

/** Reads an OUTCAR; throws when it is no VASP output or its species do not add up. */
export function readOutcar(text: string): Outcar {
  const { values, warnings } = readText(OUTCAR_FILE, text, 'OUTCAR');
  const { setup } = values;
  if (!setup.header) throw new Error("OUTCAR does not start with VASP's version line (' vasp.x.y.z ...')");
  const header = headerOf(setup.header.version, setup.header.rest);
  if (setup.executed) Object.assign(header, setup.executed);
  if (setup.parallel) header.parallel = setup.parallel;
  const nions = setup.nions;
  const outcar: Outcar = {
    header,
    incarEcho: Object.fromEntries(setup.incarEcho),
    parameters: {},
    potcars: [],
    elements: [],
    potcarHeaders: potcarHeadersOf(setup.potcarHeaderLines),
    ionsPerType: setup.ionsPerType ?? [],
    steps: [],
    ldau: setup.ldau,
    finished: values.finished,
    warnings,
  };
  const kpoints = kpointsOf(setup.irreducible?.rows ?? [], true) ?? kpointsOf(setup.reciprocal, false);
  if (kpoints) outcar.kpoints = kpoints;
  if (setup.nBands !== undefined) outcar.nBands = setup.nBands;
  if (setup.parameterEcho) {
    const echo = readParameterEcho(setup.parameterEcho.lines.slice(1, -1));
    outcar.parameters = echo.parameters;
    if (echo.masses) outcar.masses = echo.masses;
    if (echo.valences) outcar.valences = echo.valences;
  }
  const initialLattice = setup.lattices.at(-1)?.rows;
  if (initialLattice) outcar.initialLattice = initialLattice;
  if (setup.positions.length > 0) outcar.initialPositions = setup.positions;
  outcar.steps = stepsOf(values.iterations, initialLattice, nions, warnings);
  const elapsed = values.elapsed?.seconds;
  if (elapsed !== undefined && Number.isFinite(elapsed)) outcar.elapsed = elapsed;

  if (nions !== undefined && outcar.ionsPerType.length > 0) {
    const sum = outcar.ionsPerType.reduce((a, b) => a + b, 0);
    if (sum !== nions) throw new Error(`OUTCAR 'ions per type' adds up to ${sum}, but NIONS = ${nions}`);
  }
  const nTypes = outcar.ionsPerType.length;
  // Each type's title appears in the POTCAR list near the top and again where it is read; the
  // first nTypes lines are the list. Full POTCAR headers (TITEL) are used when the list is absent.
  outcar.potcars =
    setup.potcars.length >= nTypes && nTypes > 0
      ? setup.potcars.slice(0, nTypes)
      : outcar.potcarHeaders.slice(0, nTypes).map((h) => h.title);
  outcar.elements = outcar.potcars.map((t) => {
    const element = elementOfPotcar(t);
    if (!element) throw new Error(`OUTCAR POTCAR title '${t}' does not name an element`);
    return element;
  });
  return outcar;
}
