// What a CP2K output says, in its units (Hartree, Å, Hartree/bohr, fs): version and run type, the DFT
// settings and functionals, the cell and initial coordinates, then per force evaluation its SCF
// iterations, energy and forces, and for MD each step's time and temperature. Files the output names
// (the MD coordinates and energies) are read by the parser beside it.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

const BOHR_IN_ANGSTROM = 0.529177210903;
/** An SCF iteration row starts with its number. */
const DIGIT_FIRST = /^\s*\d/;

export interface Cp2kEvaluation {
  /** Total energy per SCF iteration (Hartree). */
  iterations: number[];
  /** The 'Time' column of each SCF iteration (s). */
  iterationTimes: number[];
  /** The exchange-correlation energy of the converged SCF (Hartree). */
  xc?: number;
  /** Geometry optimisation: the step this evaluation belongs to (0 before the first; 'final' at the minimum). */
  optimizationStep?: number | 'final';
  converged?: boolean;
  /** Hartree */
  energy?: number;
  /** Hartree/bohr */
  forces?: Vec[];
  /** MD step after this evaluation: time (fs) and temperature (K). */
  md?: { step?: number; time?: number; temperature?: number };
}

/** An atomic kind of the ATOMIC KIND INFORMATION. */
export interface Cp2kKind {
  label: string;
  atoms?: number;
  basisSet?: string;
  potential?: string;
}

export interface Cp2kOutput {
  /** As printed after 'version string:' ('CP2K version 2.6.2'). */
  version?: string;
  runType?: string;
  projectName?: string;
  /** Geometry optimiser as the banner names it ('CONJUGATE GRADIENTS', 'BFGS', 'LBFGS', ...). */
  optimizer?: string;
  /** SCF convergence threshold eps_scf (Hartree). */
  epsScf?: number;
  kinds: Cp2kKind[];
  /** Rows, Å */
  cell?: [Vec, Vec, Vec];
  species: string[];
  /** Å */
  positions: Vec[];
  /** Z(eff) and atomic kind (1-based) of each atom of the coordinates block. */
  valences: number[];
  kindOf: number[];
  /** FUNCTIONAL| component names as printed ('PADE', 'BECKE88', 'LYP', 'PBE'). */
  functionals: string[];
  unrestricted: boolean;
  multiplicity?: number;
  charge?: number;
  /** Hartree (the finest grid's cut-off). */
  cutoff?: number;
  ensemble?: string;
  /** fs */
  timeStep?: number;
  /** The MD coordinates file the output names. */
  trajectoryFile?: string;
  /** The MD energies file (.ener) the output names. */
  energiesFile?: string;
  evaluations: Cp2kEvaluation[];
  finished: boolean;
}

export function readCp2kOutput(text: string): Cp2kOutput {
  const lines = text.split(/\r?\n/);
  const out: Cp2kOutput = {
    kinds: [],
    species: [],
    positions: [],
    valences: [],
    kindOf: [],
    functionals: [],
    unrestricted: false,
    evaluations: [],
    finished: false,
  };
  const cell: Vec[] = [];
  let current: Cp2kEvaluation | undefined;
  let optimizationStep: number | 'final' | undefined;
  /** The exchange-correlation energy of the summary after an SCF converged (not of its iterations). */
  let xc: number | undefined;
  let afterScf = false;
  const evaluation = () => {
    if (!current) {
      current = { iterations: [], iterationTimes: [] };
      if (optimizationStep !== undefined) current.optimizationStep = optimizationStep;
      out.evaluations.push(current);
    }
    return current;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    // Cheap tests first: most lines are none of these, and the regular expressions are many.
    const bar = line.includes('|');
    const version = bar && /CP2K\| version string:\s*(CP2K version\s+\S.*?)\s*$/.exec(line);
    if (version) out.version ??= version[1]!;
    const runType = bar && /GLOBAL\| Run type\s+(\S+)/.exec(line);
    if (runType) out.runType ??= runType[1]!;
    const project = bar && /GLOBAL\| Project name\s+(\S+)/.exec(line);
    if (project) out.projectName ??= project[1]!;
    const kind =
      line.includes('Atomic kind:') && /^\s*\d+\. Atomic kind:\s*(\S+)\s+Number of atoms:\s*(\d+)/.exec(line);
    if (kind) {
      out.kinds.push({ label: kind[1]!, atoms: Number(kind[2]) });
      continue;
    }
    const basis = line.includes('Basis Set') && /^\s*Orbital Basis Set\s+(\S+)\s*$/.exec(line);
    if (basis && out.kinds.length > 0) out.kinds[out.kinds.length - 1]!.basisSet ??= basis[1]!;
    const potential =
      line.includes('Potential information') &&
      /^\s*(?:GTH )?Potential information for\s+(\S+)\s*$/.exec(line);
    if (potential && out.kinds.length > 0) out.kinds[out.kinds.length - 1]!.potential ??= potential[1]!;
    const epsScf = line.includes('eps_scf:') && /^\s*(?:SCF PARAMETERS.*)?eps_scf:\s+(\S+)\s*$/.exec(line);
    if (epsScf) out.epsScf ??= Number(epsScf[1]);
    if (line.includes('STARTING') && /\*\*\*\s+STARTING\s+(?:GEOMETRY|CELL) OPTIMIZATION/.test(line)) {
      const banner = /^\s*\*\*\*\s+(.*?)\s+\*\*\*\s*$/.exec(lines[i + 1] ?? '');
      if (banner) out.optimizer ??= banner[1]!;
      optimizationStep = 0;
    }
    const optStep = line.includes('OPTIMIZATION STEP:') && /^\s*OPTIMIZATION STEP:\s+(\d+)/.exec(line);
    if (optStep) {
      optimizationStep = Number(optStep[1]);
      current = undefined;
      continue;
    }
    if (line.includes('Reevaluating') && /Reevaluating energy at the minimum/.test(line)) {
      optimizationStep = 'final';
      current = undefined;
      continue;
    }
    const exchange =
      line.includes('Exchange-correlation') &&
      /^\s*Exchange-correlation energy:\s+(-?\d+\.\d+)\s*$/.exec(line);
    if (exchange && afterScf && xc === undefined) xc = Number(exchange[1]);
    const vector = bar && /CELL\| Vector [abc] \[angstrom\]:\s*(.*?)\|/.exec(line);
    if (vector && cell.length < 3) cell.push(numbersIn(vector[1]!).slice(0, 3) as Vec);
    if (bar && (/DFT\| Spin unrestricted/.test(line) || /DFT\| .*\(UKS\)/.test(line)))
      out.unrestricted = true;
    const multiplicity = bar && /DFT\| Multiplicity\s+(\d+)/.exec(line);
    if (multiplicity) out.multiplicity ??= Number(multiplicity[1]);
    const charge = bar && /DFT\| Charge\s+(-?\d+)/.exec(line);
    if (charge) out.charge ??= Number(charge[1]);
    const functional = bar && /^\s*FUNCTIONAL\| ([A-Za-z0-9_\- ()]+):\s*$/.exec(line);
    if (functional && !out.functionals.includes(functional[1]!.trim()))
      out.functionals.push(functional[1]!.trim());
    const cutoff = bar && /PW_GRID\| Cutoff \[a\.u\.\]\s+(\S+)/.exec(line);
    if (cutoff) out.cutoff ??= Number(cutoff[1]);
    const ensemble = bar && /MD\| Ensemble Type\s+(\S+)/.exec(line);
    if (ensemble) out.ensemble ??= ensemble[1]!;
    const step = bar && /MD\| Time Step \[fs\]\s+(\S+)/.exec(line);
    if (step) out.timeStep ??= Number(step[1]);
    const coordinates = bar && /MD\| Coordinates\s+\d+\s+(\S+)/.exec(line);
    if (coordinates) out.trajectoryFile ??= coordinates[1]!;
    const energies = bar && /MD\| Energies\s+\d+\s+(\S+)/.exec(line);
    if (energies) out.energiesFile ??= energies[1]!;
    // 'IN angstrom' until 2022, 'IN ANGSTROM' since 2023.1; 'IN bohr' when asked for.
    const coordinatesIn =
      line.includes('COORDINATES') && /MODULE QUICKSTEP:\s+ATOMIC COORDINATES IN (angstrom|bohr)/i.exec(line);
    if (coordinatesIn && out.positions.length === 0) {
      const factor = coordinatesIn[1]!.toLowerCase() === 'bohr' ? BOHR_IN_ANGSTROM : 1;
      for (let k = i + 1; k < lines.length; k += 1) {
        const atom = /^\s*\d+\s+(\d+)\s+([A-Z][a-z]?)\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)(?:\s+(\S+))?/.exec(
          lines[k]!,
        );
        if (atom) {
          out.kindOf.push(Number(atom[1]));
          out.species.push(atom[2]!);
          out.positions.push([Number(atom[3]) * factor, Number(atom[4]) * factor, Number(atom[5]) * factor]);
          out.valences.push(Number(atom[6]));
        } else if (out.positions.length > 0) {
          i = k;
          break;
        }
      }
      continue;
    }
    // SCF iteration rows: step, method, mixing, time, convergence, total energy, change.
    const iteration =
      DIGIT_FIRST.test(line) &&
      /^\s*\d+\s+\S+(?:\s+\S+)?\s+[\d.E+-]+\s+([\d.]+)\s+[\d.E+-]+\s+(-?\d+\.\d+)\s+[-\d.E+]+\s*$/.exec(line);
    if (iteration) {
      const e = evaluation();
      e.iterations.push(Number(iteration[2]));
      e.iterationTimes.push(Number(iteration[1]));
      continue;
    }
    if (line.includes('SCF run') && /\*\*\* SCF run (?:converged in|NOT converged)/.test(line)) {
      evaluation().converged = /converged in/.test(line);
      afterScf = true;
      xc = undefined;
    }
    // '(a.u.)' until 2022, '[a.u.]' since 2023.1.
    const energy = bar && /ENERGY\| Total FORCE_EVAL \( \w+ \) energy [([]a\.u\.[)\]]:\s*(\S+)/.exec(line);
    if (energy) {
      const e = evaluation();
      e.energy = Number(energy[1]);
      if (xc !== undefined) e.xc = xc;
      xc = undefined;
      afterScf = false;
      continue;
    }
    if (line.includes('ATOMIC FORCES') && /ATOMIC FORCES in \[a\.u\.\]/.test(line)) {
      const forces: Vec[] = [];
      for (let k = i + 3; k < lines.length; k += 1) {
        if (/SUM OF ATOMIC FORCES/.test(lines[k]!)) break;
        const numbers = numbersIn(lines[k]!);
        if (numbers.length >= 5) forces.push(numbers.slice(-3) as Vec);
        i = k;
      }
      evaluation().forces = forces;
      // The evaluation is complete; MD step information follows it.
      continue;
    }
    const mdStep = line.includes('STEP NUMBER') && /^\s*STEP NUMBER\s*=\s*(\d+)/.exec(line);
    if (mdStep && current) (current.md ??= {}).step = Number(mdStep[1]);
    const mdTime = line.includes('TIME [fs]') && /^\s*TIME \[fs\]\s*=\s*(\S+)/.exec(line);
    if (mdTime && current) (current.md ??= {}).time = Number(mdTime[1]);
    const temperature = line.includes('TEMPERATURE') && /^\s*TEMPERATURE \[K\]\s*=\s*(\S+)/.exec(line);
    if (temperature && current) {
      (current.md ??= {}).temperature = Number(temperature[1]);
      // The next evaluation starts after this step's report.
      current = undefined;
    }
    const initial =
      line.includes('INITIAL TEMPERATURE') && /^\s*INITIAL TEMPERATURE\[K\]\s*=\s*(\S+)/.exec(line);
    if (initial && current) {
      current.md = { step: 0, time: 0, temperature: Number(initial[1]) };
      current = undefined;
    }
    if (
      line.includes('SCF WAVEFUNCTION') &&
      /SCF WAVEFUNCTION OPTIMIZATION/.test(line) &&
      current?.energy !== undefined
    )
      current = undefined;
    if (line.includes('PROGRAM ENDED AT')) out.finished = true;
  }
  if (!out.version && !/PROGRAM STARTED AT/.test(text))
    throw new Error("not a CP2K output: no 'CP2K| version string'");
  if (cell.length === 3) out.cell = cell as [Vec, Vec, Vec];
  if (out.positions.length === 0)
    throw new Error("the output has no 'ATOMIC COORDINATES IN angstrom' (or bohr) block: no structure");
  out.evaluations = out.evaluations.filter((e) => e.energy !== undefined);
  return out;
}
