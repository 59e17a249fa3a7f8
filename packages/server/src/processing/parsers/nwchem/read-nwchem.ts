// What an NWChem output says, in its units (Hartree, Å, Hartree/bohr): version and the echoed input
// deck (xc, basis, task), then per DFT energy the geometry it ran on, its SCF iterations, orbital
// energies and gradient, and whether an optimisation converged.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface NwchemGeometry {
  species: string[];
  /** Å */
  positions: Vec[];
}

export interface NwchemEnergy {
  geometry: NwchemGeometry;
  /** Hartree per SCF iteration. */
  iterations: number[];
  /** Hartree */
  energy: number;
  orbitals: { occupation: number; energy: number }[];
  /** Hartree/bohr */
  gradient?: Vec[];
}

export interface NwchemOutput {
  version?: string;
  /** The xc line of the input deck ('xtpss03 ctpss03', 'b3lyp'). */
  xc?: string;
  basis?: string;
  task?: string;
  energies: NwchemEnergy[];
  optimizationConverged: boolean;
  finished: boolean;
}

export function readNwchemOutput(text: string): NwchemOutput {
  const lines = text.split(/\r?\n/);
  const out: NwchemOutput = { energies: [], optimizationConverged: false, finished: false };
  let geometry: NwchemGeometry | undefined;
  let iterations: number[] = [];
  let current: NwchemEnergy | undefined;
  let inDeck = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /Northwest Computational Chemistry Package \(NWChem\)\s+(\S+)/.exec(line);
    if (version) out.version ??= version[1]!;
    if (/=+ echo of input deck =+/.test(line)) inDeck = true;
    else if (inDeck && /^=+\s*$/.test(line)) inDeck = false;
    if (inDeck) {
      const xc = /^\s*xc\s+(.+)$/i.exec(line);
      if (xc) out.xc ??= xc[1]!.trim();
      const basis = /^\s*\S+\s+library\s+(\S+)/i.exec(line);
      if (basis) out.basis ??= basis[1]!;
      const task = /^\s*task\s+(.+)$/i.exec(line);
      if (task) out.task ??= task[1]!.trim().toLowerCase();
      continue;
    }
    if (/Output coordinates in angstroms/.test(line)) {
      const read: NwchemGeometry = { species: [], positions: [] };
      for (let k = i + 4; k < lines.length; k += 1) {
        const atom = /^\s*\d+\s+([A-Za-z]+)\S*\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(lines[k]!);
        if (!atom) break;
        const symbol = atom[1]!.slice(0, 2);
        read.species.push(/^[A-Z][a-z]?$/.test(symbol) ? symbol : symbol[0]!.toUpperCase());
        read.positions.push([Number(atom[3]), Number(atom[4]), Number(atom[5])]);
        i = k;
      }
      geometry = read;
      continue;
    }
    const iteration = /^\s*d=\s*\d+,ls=\S+,\S*\s+\d+\s+(-\d+\.\d+)/.exec(line);
    if (iteration) {
      iterations.push(Number(iteration[1]));
      continue;
    }
    const energy = /Total DFT energy =\s*(\S+)/.exec(line);
    if (energy && geometry) {
      current = { geometry, iterations, energy: Number(energy[1]), orbitals: [] };
      out.energies.push(current);
      iterations = [];
      continue;
    }
    const vector = /^\s*Vector\s+\d+\s+Occ=\s*(\S+)\s+E=\s*(\S+)/.exec(line);
    if (vector && current) {
      current.orbitals.push({ occupation: numbersIn(vector[1]!)[0]!, energy: numbersIn(vector[2]!)[0]! });
      continue;
    }
    if (/DFT ENERGY GRADIENTS/.test(line) && current) {
      const gradient: Vec[] = [];
      for (let k = i + 4; k < lines.length; k += 1) {
        const numbers = numbersIn(lines[k]!.replace(/^\s*\d+\s+[A-Za-z]+\S*/, ''));
        if (numbers.length < 6) break;
        gradient.push(numbers.slice(3, 6) as Vec);
        i = k;
      }
      current.gradient = gradient;
      continue;
    }
    if (/Optimization converged/.test(line)) out.optimizationConverged = true;
    if (/^\s*Total times\s+cpu:/.test(line)) out.finished = true;
  }
  if (!out.version)
    throw new Error("not an NWChem output: no 'Northwest Computational Chemistry Package' line");
  if (out.energies.length === 0) throw new Error("the output has no 'Total DFT energy'");
  return out;
}
