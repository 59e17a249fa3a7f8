// What a Gaussian log says, in its units (Hartree, Å, Hartree/bohr, cm⁻¹). A log holds one job per
// 'Link1' step (an optimisation, then a frequency job on its result); a job is a sequence of steps, one per
// printed orientation (the geometry it ran on), each with its SCF (iterations as printed, final energy),
// orbital energies, Mulliken charges and forces; post-HF energies; and frequencies and thermochemistry.
import { numbersIn } from '../text/numbers.ts';
import {
  readForces,
  readMulliken,
  readOrientation,
  readThermoLine,
  type GaussianGeometry,
  type GaussianThermo,
  type Vec,
} from './read-gaussian-blocks.ts';

export type { GaussianGeometry, GaussianThermo } from './read-gaussian-blocks.ts';

export interface GaussianScf {
  /** Hartree */
  energy: number;
  /** e.g. 'RB3LYP', 'RS-VWN', 'UHF' */
  method: string;
  cycles?: number;
  converged: boolean;
  /** Hartree: each printed cycle's energy and its change ('E= ... Delta-E= ...'). */
  iterations: { energy: number; change?: number }[];
}

export interface GaussianStep {
  geometry: GaussianGeometry;
  /** The step began at a standard orientation (no input orientation printed before it). */
  standardOnly: boolean;
  scf?: GaussianScf;
  /** The correlated method's total energy (Hartree) with its name: MP2, CCSD, CCSD(T). */
  postHf?: { method: string; energy: number };
  /** Hartree, per spin channel (alpha, beta): occupied and virtual orbital energies. */
  occupied: number[][];
  virtual: number[][];
  /** e, per atom */
  mulliken?: number[];
  /** Hartree/bohr */
  forces?: Vec[];
}

export interface GaussianJob {
  /** '09' of 'Gaussian 09:  EM64L-G09RevB.01 12-Aug-2010' */
  version?: string;
  /** 'EM64L-G09RevB.01' */
  implementation?: string;
  route?: string;
  charge?: number;
  multiplicity?: number;
  /** As the log names it ('Aug-CC-pVTZ' of 'Standard basis: Aug-CC-pVTZ (5D, 7F)'). */
  basis?: string;
  steps: GaussianStep[];
  optimizationCompleted: boolean;
  /** cm⁻¹ */
  frequencies: number[];
  thermo: GaussianThermo;
  /** s, 'Job cpu time' and 'Elapsed time' */
  cpuTime?: number;
  wallTime?: number;
  terminated: boolean;
  errorTermination: boolean;
}

export interface GaussianLog {
  jobs: GaussianJob[];
}

const newJob = (previous?: GaussianJob): GaussianJob => ({
  version: previous?.version,
  implementation: previous?.implementation,
  steps: [],
  optimizationCompleted: false,
  frequencies: [],
  thermo: {},
  terminated: false,
  errorTermination: false,
});

/** Seconds of 'N days N hours N minutes N seconds'. */
function seconds(text: string): number {
  const [days, hours, minutes, secs] = numbersIn(text);
  return ((days ?? 0) * 24 + (hours ?? 0)) * 3600 + (minutes ?? 0) * 60 + (secs ?? 0);
}

const DASHES = /^\s*-+\s*$/;

export function readGaussianLog(text: string): GaussianLog {
  const lines = text.split(/\r?\n/);
  let job = newJob();
  const jobs: GaussianJob[] = [job];
  let step: GaussianStep | undefined;
  let iterations: GaussianScf['iterations'] = [];
  let unconverged = false;
  let seenGaussian = false;
  let inEigenvalues = false;
  const startStep = (geometry: GaussianGeometry, standardOnly: boolean) => {
    step = { geometry, standardOnly, occupied: [], virtual: [] };
    job.steps.push(step);
    iterations = [];
    unconverged = false;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    // Cheap substring tests guard the regular expressions: most lines match none of them.
    const eigenvalues = line.includes('eigenvalues --')
      ? /^\s*(Alpha|Beta)\s+(occ\.|virt\.) eigenvalues --(.*)$/.exec(line)
      : null;
    if (eigenvalues && step) {
      // A new table (printed again for the same step) replaces the previous one.
      if (!inEigenvalues) {
        step.occupied = [];
        step.virtual = [];
      }
      inEigenvalues = true;
      const spin = eigenvalues[1] === 'Alpha' ? 0 : 1;
      const target = eigenvalues[2] === 'occ.' ? step.occupied : step.virtual;
      (target[spin] ??= []).push(...numbersIn(eigenvalues[3]!));
      continue;
    }
    inEigenvalues = false;
    const gaussian = line.includes('Gaussian');
    if (gaussian && /Entering Gaussian System|Gaussian, Inc\./.test(line)) seenGaussian = true;
    if (line.includes('Link1') && /^\s*Link1:\s+Proceeding to internal job step/.test(line)) {
      job = newJob(job);
      jobs.push(job);
      step = undefined;
      continue;
    }
    const banner = gaussian ? /^\s*Gaussian\s+(\d+):\s+(\S+)/.exec(line) : null;
    if (banner) {
      job.version = banner[1];
      job.implementation = banner[2];
    }
    const revision = gaussian ? /^\s*Gaussian (\d+),\s*Revision\s+[^,]+,/.exec(line) : null;
    if (revision) job.version ??= revision[1];
    if (!job.route && /^\s*#/.test(line) && DASHES.test(lines[i - 1] ?? '')) {
      // The route may continue on the next lines until the closing rule.
      let route = line.trim();
      for (let k = i + 1; k < lines.length && !DASHES.test(lines[k]!); k += 1) route += lines[k]!.trim();
      job.route = route;
      continue;
    }
    const charge =
      line.includes('Multiplicity') && /Charge\s*=\s*(-?\d+)\s+Multiplicity\s*=\s*(\d+)/.exec(line);
    if (charge && job.charge === undefined) {
      job.charge = Number(charge[1]);
      job.multiplicity = Number(charge[2]);
    }
    const basis = line.includes('Standard basis') ? /^\s*Standard basis:\s*(\S+)/.exec(line) : null;
    if (basis) job.basis ??= basis[1];
    const orientation = line.includes('orientation:');
    if (orientation && /^\s*(Input|Z-Matrix) orientation:/.test(line)) {
      const read = readOrientation(lines, i);
      startStep(read.geometry, false);
      i = read.end;
      continue;
    }
    if (orientation && /^\s*Standard orientation:/.test(line)) {
      const read = readOrientation(lines, i);
      // The standard orientation of a step whose input orientation was printed belongs to that step.
      if (!step || step.standardOnly || step.scf) startStep(read.geometry, true);
      i = read.end;
      continue;
    }
    const cycle = line.includes('E=') && /^\s*E=\s*(-?\d+\.\d+)\s*(?:Delta-E=\s*(\S+))?/.exec(line);
    if (cycle) {
      iterations.push({ energy: Number(cycle[1]), ...(cycle[2] ? { change: Number(cycle[2]) } : {}) });
      continue;
    }
    if (line.includes('Convergence') && /Convergence criterion not met|Convergence failure/.test(line))
      unconverged = true;
    const done =
      line.includes('SCF Done') &&
      /SCF Done:\s*E\((\S+)\)\s*=\s*(\S+)\s*A\.U\.\s*after\s*(\d+)\s*cycles/.exec(line);
    if (done) {
      if (!step) throw new Error('an SCF result comes before any orientation block');
      // A second SCF on one geometry (a stability rerun) is a step of its own.
      if (step.scf) startStep(step.geometry, step.standardOnly);
      const energy = Number(done[2]);
      step!.scf = {
        energy,
        method: done[1]!,
        cycles: Number(done[3]),
        converged: !unconverged,
        // Without printed cycles the log shows the converged one only.
        iterations: iterations.length > 0 ? iterations : [{ energy }],
      };
      iterations = [];
      continue;
    }
    if (step && /EUMP2|CORR|CCSD|Mulliken|Forces/i.test(line)) {
      const mp2 = /EUMP2\s*=\s*(\S+)/.exec(line);
      if (mp2) step.postHf = { method: 'MP2', energy: numbersIn(mp2[1]!)[0]! };
      const ccsd = /DE\(Corr\)=\s*\S+\s+E\(CORR\)=\s*(\S+)/i.exec(line);
      if (ccsd) step.postHf = { method: 'CCSD', energy: Number(ccsd[1]) };
      const ccsdT = /^\s*CCSD\(T\)=\s*(\S+)/.exec(line);
      if (ccsdT) step.postHf = { method: 'CCSD(T)', energy: numbersIn(ccsdT[1]!)[0]! };
      if (/^\s*Mulliken (atomic )?charges( and spin densities)?:/.test(line)) {
        const read = readMulliken(lines, i);
        step.mulliken = read.charges;
        i = read.end;
        continue;
      }
      if (/Forces \(Hartrees\/Bohr\)/.test(line)) {
        const read = readForces(lines, i);
        step.forces = read.forces;
        i = read.end;
        continue;
      }
    }
    if (line.includes('Optimization completed.')) job.optimizationCompleted = true;
    const frequencies = line.includes('Frequencies --') ? /^\s*Frequencies --(.*)$/.exec(line) : null;
    if (frequencies) {
      job.frequencies.push(...numbersIn(frequencies[1]!));
      continue;
    }
    if (readThermoLine(line, job.thermo)) continue;
    const cpu = line.includes('Job cpu') ? /^\s*Job cpu time:(.*)$/.exec(line) : null;
    if (cpu) job.cpuTime = (job.cpuTime ?? 0) + seconds(cpu[1]!);
    const wall = line.includes('Elapsed') ? /^\s*Elapsed time:(.*)$/.exec(line) : null;
    if (wall) job.wallTime = (job.wallTime ?? 0) + seconds(wall[1]!);
    if (line.includes('termination')) {
      if (line.includes('Normal termination of Gaussian')) job.terminated = true;
      if (line.includes('Error termination')) job.errorTermination = true;
    }
  }
  if (!seenGaussian && !jobs.some((j) => j.version))
    throw new Error("not a Gaussian log: no 'Entering Gaussian System' or 'Gaussian NN' banner");
  const withSteps = jobs.filter((j) => j.steps.length > 0);
  if (withSteps.length === 0) throw new Error('the log has no orientation block (no geometry)');
  return { jobs: withSteps };
}
