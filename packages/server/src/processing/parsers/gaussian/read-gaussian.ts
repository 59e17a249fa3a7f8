// What a Gaussian log says, in its units (Hartree, Å, Hartree/bohr, cm⁻¹): the route, charge and
// multiplicity, then per SCF its energy, orbital energies, forces and the geometry it ran on, and the
// frequencies and thermochemistry of a frequency job. A log of several linked jobs (opt, then freq) is read
// as one sequence.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface GaussianGeometry {
  atomicNumbers: number[];
  /** Å */
  positions: Vec[];
}

export interface GaussianScf {
  /** Hartree */
  energy: number;
  /** e.g. 'RB3LYP', 'RS-VWN', 'UHF' */
  method: string;
  cycles?: number;
  geometry: GaussianGeometry;
  /** Hartree, per spin channel (alpha, beta): occupied and virtual orbital energies. */
  occupied: number[][];
  virtual: number[][];
  /** Hartree/bohr */
  forces?: Vec[];
}

export interface GaussianLog {
  version?: string;
  route?: string;
  charge?: number;
  multiplicity?: number;
  scfs: GaussianScf[];
  optimizationCompleted: boolean;
  /** cm⁻¹ */
  frequencies: number[];
  /** Hartree/particle */
  zeroPointEnergy?: number;
  /** Hartree */
  sumOfElectronicAndThermalFreeEnergies?: number;
  terminations: number;
  errorTermination: boolean;
}

function readOrientation(lines: string[], from: number): { geometry: GaussianGeometry; end: number } {
  const geometry: GaussianGeometry = { atomicNumbers: [], positions: [] };
  // Heading, rule, two title lines, rule, then rows until the closing rule.
  let i = from + 5;
  for (; i < lines.length; i += 1) {
    const numbers = numbersIn(lines[i]!);
    if (/^\s*-{10,}\s*$/.test(lines[i]!) || numbers.length < 6) break;
    geometry.atomicNumbers.push(numbers[1]!);
    geometry.positions.push([numbers[3]!, numbers[4]!, numbers[5]!]);
  }
  return { geometry, end: i };
}

export function readGaussianLog(text: string): GaussianLog {
  const lines = text.split(/\r?\n/);
  const log: GaussianLog = {
    scfs: [],
    optimizationCompleted: false,
    frequencies: [],
    terminations: 0,
    errorTermination: false,
  };
  let inputGeometry: GaussianGeometry | undefined;
  let standardGeometry: GaussianGeometry | undefined;
  let scf: GaussianScf | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /^\s*Gaussian (\d+),\s*Revision\s+([^,]+),/.exec(line);
    if (version && !log.version) log.version = `${version[1]}, Revision ${version[2]}`;
    if (!log.route && /^\s*#/.test(line) && /^\s*-+\s*$/.test(lines[i - 1] ?? '')) {
      // The route may continue on the next lines until the closing rule.
      let route = line.trim();
      for (let k = i + 1; k < lines.length && !/^\s*-+\s*$/.test(lines[k]!); k += 1)
        route += lines[k]!.trim();
      log.route = route;
    }
    const charge = /Charge\s*=\s*(-?\d+)\s+Multiplicity\s*=\s*(\d+)/.exec(line);
    if (charge && log.charge === undefined) {
      log.charge = Number(charge[1]);
      log.multiplicity = Number(charge[2]);
    }
    if (/^\s*(Input|Z-Matrix) orientation:/.test(line)) {
      const read = readOrientation(lines, i);
      inputGeometry = read.geometry;
      standardGeometry = undefined;
      i = read.end;
      continue;
    }
    if (/^\s*Standard orientation:/.test(line)) {
      const read = readOrientation(lines, i);
      standardGeometry = read.geometry;
      i = read.end;
      continue;
    }
    const done = /SCF Done:\s*E\((\S+)\)\s*=\s*(\S+)\s*A\.U\.\s*after\s*(\d+)\s*cycles/.exec(line);
    if (done) {
      // Forces and the input orientation share one frame; the standard one is used without them.
      const geometry = inputGeometry ?? standardGeometry;
      if (!geometry) throw new Error('an SCF result comes before any orientation block');
      scf = {
        energy: Number(done[2]),
        method: done[1]!,
        cycles: Number(done[3]),
        geometry,
        occupied: [],
        virtual: [],
      };
      log.scfs.push(scf);
      continue;
    }
    const orbitals = /^\s*(Alpha|Beta)\s+(occ\.|virt\.) eigenvalues --(.*)$/.exec(line);
    if (orbitals && scf) {
      const spin = orbitals[1] === 'Alpha' ? 0 : 1;
      const target = orbitals[2] === 'occ.' ? scf.occupied : scf.virtual;
      (target[spin] ??= []).push(...numbersIn(orbitals[3]!));
      continue;
    }
    if (/Forces \(Hartrees\/Bohr\)/.test(line) && scf) {
      const forces: Vec[] = [];
      for (let k = i + 3; k < lines.length; k += 1) {
        const numbers = numbersIn(lines[k]!);
        if (/^\s*-{10,}/.test(lines[k]!) || numbers.length < 5) break;
        forces.push([numbers[2]!, numbers[3]!, numbers[4]!]);
        i = k;
      }
      scf.forces = forces;
      continue;
    }
    if (/Optimization completed\./.test(line)) log.optimizationCompleted = true;
    const frequencies = /^\s*Frequencies --(.*)$/.exec(line);
    if (frequencies) log.frequencies.push(...numbersIn(frequencies[1]!));
    const zeroPoint = /Zero-point correction=\s*(\S+)/.exec(line);
    if (zeroPoint) log.zeroPointEnergy = Number(zeroPoint[1]);
    const free = /Sum of electronic and thermal Free Energies=\s*(\S+)/.exec(line);
    if (free) log.sumOfElectronicAndThermalFreeEnergies = Number(free[1]);
    if (/Normal termination of Gaussian/.test(line)) log.terminations += 1;
    if (/Error termination/.test(line)) log.errorTermination = true;
  }
  if (!log.version && !lines.some((line) => /Entering Gaussian System/.test(line)))
    throw new Error("not a Gaussian log: no 'Entering Gaussian System' or 'Gaussian NN, Revision' line");
  if (log.scfs.length === 0) throw new Error("the log has no 'SCF Done' result");
  return log;
}
