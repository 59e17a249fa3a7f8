// What a CP2K output says, in its units (Hartree, Å, Hartree/bohr, fs): version and run type, the DFT
// settings and functionals, the cell and initial coordinates, then per force evaluation its SCF
// iterations, energy and forces, and for MD each step's time and temperature. Files the output names
// (the MD coordinates and energies) are read by the parser beside it.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface Cp2kEvaluation {
  /** Total energy per SCF iteration (Hartree). */
  iterations: number[];
  converged?: boolean;
  /** Hartree */
  energy?: number;
  /** Hartree/bohr */
  forces?: Vec[];
  /** MD step after this evaluation: time (fs) and temperature (K). */
  md?: { step?: number; time?: number; temperature?: number };
}

export interface Cp2kOutput {
  version?: string;
  runType?: string;
  /** Rows, Å */
  cell?: [Vec, Vec, Vec];
  species: string[];
  /** Å */
  positions: Vec[];
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
    species: [],
    positions: [],
    functionals: [],
    unrestricted: false,
    evaluations: [],
    finished: false,
  };
  const cell: Vec[] = [];
  let current: Cp2kEvaluation | undefined;
  const evaluation = () => {
    if (!current) {
      current = { iterations: [] };
      out.evaluations.push(current);
    }
    return current;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /CP2K\| version string:\s*CP2K version\s+(\S+)/.exec(line);
    if (version) out.version ??= version[1]!;
    const runType = /GLOBAL\| Run type\s+(\S+)/.exec(line);
    if (runType) out.runType ??= runType[1]!;
    const vector = /CELL\| Vector [abc] \[angstrom\]:\s*(.*?)\|/.exec(line);
    if (vector && cell.length < 3) cell.push(numbersIn(vector[1]!).slice(0, 3) as Vec);
    if (/DFT\| Spin unrestricted/.test(line) || /DFT\| .*\(UKS\)/.test(line)) out.unrestricted = true;
    const multiplicity = /DFT\| Multiplicity\s+(\d+)/.exec(line);
    if (multiplicity) out.multiplicity ??= Number(multiplicity[1]);
    const charge = /DFT\| Charge\s+(-?\d+)/.exec(line);
    if (charge) out.charge ??= Number(charge[1]);
    const functional = /^\s*FUNCTIONAL\| ([A-Za-z0-9_\- ()]+):\s*$/.exec(line);
    if (functional && !out.functionals.includes(functional[1]!.trim()))
      out.functionals.push(functional[1]!.trim());
    const cutoff = /PW_GRID\| Cutoff \[a\.u\.\]\s+(\S+)/.exec(line);
    if (cutoff) out.cutoff ??= Number(cutoff[1]);
    const ensemble = /MD\| Ensemble Type\s+(\S+)/.exec(line);
    if (ensemble) out.ensemble ??= ensemble[1]!;
    const step = /MD\| Time Step \[fs\]\s+(\S+)/.exec(line);
    if (step) out.timeStep ??= Number(step[1]);
    const coordinates = /MD\| Coordinates\s+\d+\s+(\S+)/.exec(line);
    if (coordinates) out.trajectoryFile ??= coordinates[1]!;
    const energies = /MD\| Energies\s+\d+\s+(\S+)/.exec(line);
    if (energies) out.energiesFile ??= energies[1]!;
    if (/MODULE QUICKSTEP:\s+ATOMIC COORDINATES IN angstrom/.test(line) && out.positions.length === 0) {
      for (let k = i + 1; k < lines.length; k += 1) {
        const atom = /^\s*\d+\s+\d+\s+([A-Z][a-z]?)\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)/.exec(lines[k]!);
        if (atom) {
          out.species.push(atom[1]!);
          out.positions.push([Number(atom[2]), Number(atom[3]), Number(atom[4])]);
        } else if (out.positions.length > 0) {
          i = k;
          break;
        }
      }
      continue;
    }
    // SCF iteration rows: step, method, mixing, time, convergence, total energy, change.
    const iteration =
      /^\s*\d+\s+\S+(?:\s+\S+)?\s+[\d.E+-]+\s+[\d.]+\s+[\d.E+-]+\s+(-?\d+\.\d+)\s+[-\d.E+]+\s*$/.exec(line);
    if (iteration) {
      evaluation().iterations.push(Number(iteration[1]));
      continue;
    }
    if (/\*\*\* SCF run converged in/.test(line)) evaluation().converged = true;
    if (/\*\*\* SCF run NOT converged/.test(line)) evaluation().converged = false;
    const energy = /ENERGY\| Total FORCE_EVAL \( \w+ \) energy \(a\.u\.\):\s*(\S+)/.exec(line);
    if (energy) {
      evaluation().energy = Number(energy[1]);
      continue;
    }
    if (/ATOMIC FORCES in \[a\.u\.\]/.test(line)) {
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
    const mdStep = /^\s*STEP NUMBER\s*=\s*(\d+)/.exec(line);
    if (mdStep && current) (current.md ??= {}).step = Number(mdStep[1]);
    const mdTime = /^\s*TIME \[fs\]\s*=\s*(\S+)/.exec(line);
    if (mdTime && current) (current.md ??= {}).time = Number(mdTime[1]);
    const temperature = /^\s*TEMPERATURE \[K\]\s*=\s*(\S+)/.exec(line);
    if (temperature && current) {
      (current.md ??= {}).temperature = Number(temperature[1]);
      // The next evaluation starts after this step's report.
      current = undefined;
    }
    const initial = /^\s*INITIAL TEMPERATURE\[K\]\s*=\s*(\S+)/.exec(line);
    if (initial && current) {
      current.md = { step: 0, time: 0, temperature: Number(initial[1]) };
      current = undefined;
    }
    if (/SCF WAVEFUNCTION OPTIMIZATION/.test(line) && current?.energy !== undefined) current = undefined;
    if (/PROGRAM ENDED AT/.test(line)) out.finished = true;
  }
  if (!out.version && !/PROGRAM STARTED AT/.test(text))
    throw new Error("not a CP2K output: no 'CP2K| version string'");
  if (cell.length === 3) out.cell = cell as [Vec, Vec, Vec];
  if (out.positions.length === 0) throw new Error("the output has no 'ATOMIC COORDINATES IN angstrom' block");
  out.evaluations = out.evaluations.filter((e) => e.energy !== undefined);
  return out;
}
