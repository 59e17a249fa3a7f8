// What an ORCA output says, in its units (Hartree, Å, Hartree/bohr): version, the '!' keywords of the
// input, the functional, charge and multiplicity, then per SCF (one per optimisation cycle) the geometry,
// iterations, final energy, orbital energies and gradient.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface OrcaGeometry {
  species: string[];
  /** Å */
  positions: Vec[];
}

export interface OrcaStep {
  geometry: OrcaGeometry;
  /** Hartree per SCF iteration. */
  iterations: number[];
  converged?: boolean;
  /** Hartree ('FINAL SINGLE POINT ENERGY', dispersion included). */
  energy?: number;
  /** Orbital energies (Hartree) with occupations, per spin channel. */
  orbitals: { occupation: number; energy: number }[][];
  /** Hartree/bohr */
  gradient?: Vec[];
}

export interface OrcaOutput {
  version?: string;
  /** Every '!' keyword of the input. */
  keywords: string[];
  exchange?: string;
  correlation?: string;
  hybrid: boolean;
  basis?: string;
  charge?: number;
  multiplicity?: number;
  steps: OrcaStep[];
  optimizationConverged: boolean;
  finished: boolean;
}

export function readOrcaOutput(text: string): OrcaOutput {
  const lines = text.split(/\r?\n/);
  const out: OrcaOutput = {
    keywords: [],
    hybrid: false,
    steps: [],
    optimizationConverged: false,
    finished: false,
  };
  let step: OrcaStep | undefined;
  let inIterations = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /Program Version\s+(\S+)/.exec(line);
    if (version) out.version ??= version[1]!;
    const keywords = /^\|\s*\d+>\s*!(.*)$/.exec(line);
    if (keywords) out.keywords.push(...keywords[1]!.trim().split(/\s+/).filter(Boolean));
    const basis = /Your calculation utilizes the basis:\s*(\S+)/.exec(line);
    if (basis) out.basis ??= basis[1]!;
    const exchange = /Exchange Functional\s+Exchange\s+\.+\s*(\S+)/.exec(line);
    if (exchange) out.exchange ??= exchange[1]!;
    const correlation = /Correlation Functional\s+Correlation\s+\.+\s*(\S+)/.exec(line);
    if (correlation) out.correlation ??= correlation[1]!;
    if (/Hybrid DFT is turned on/.test(line)) out.hybrid = true;
    const charge = /Total Charge\s+Charge\s+\.+\s*(-?\d+)/.exec(line);
    if (charge) out.charge ??= Number(charge[1]);
    const multiplicity = /Multiplicity\s+Mult\s+\.+\s*(\d+)/.exec(line);
    if (multiplicity) out.multiplicity ??= Number(multiplicity[1]);
    if (/^CARTESIAN COORDINATES \(ANGSTROEM\)/.test(line)) {
      const geometry: OrcaGeometry = { species: [], positions: [] };
      for (let k = i + 2; k < lines.length; k += 1) {
        const atom = /^\s*([A-Z][a-z]?)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(lines[k]!);
        if (!atom) break;
        geometry.species.push(atom[1]!);
        geometry.positions.push([Number(atom[2]), Number(atom[3]), Number(atom[4])]);
        i = k;
      }
      step = { geometry, iterations: [], orbitals: [] };
      out.steps.push(step);
      inIterations = false;
      continue;
    }
    if (!step) continue;
    if (/SCF ITERATIONS/.test(line)) inIterations = true;
    if (inIterations) {
      const iteration = /^\s*(\d+)\s+(-\d+\.\d+)\s+(-?\d+\.\d+(?:[eE][-+]?\d+)?)\s/.exec(line);
      if (iteration) step.iterations.push(Number(iteration[2]));
    }
    if (/SCF CONVERGED AFTER/.test(line)) {
      step.converged = true;
      inIterations = false;
    }
    if (/SCF NOT CONVERGED/.test(line)) step.converged = false;
    const energy = /FINAL SINGLE POINT ENERGY\s+(\S+)/.exec(line);
    if (energy) step.energy = Number(energy[1]);
    if (/^ORBITAL ENERGIES/.test(line)) {
      step.orbitals = [];
      let channel: { occupation: number; energy: number }[] = [];
      for (let k = i + 2; k < lines.length; k += 1) {
        const row = lines[k]!;
        if (/SPIN (UP|DOWN) ORBITALS/.test(row)) {
          if (channel.length > 0) step.orbitals.push(channel);
          channel = [];
          continue;
        }
        const orbital = /^\s*\d+\s+(\S+)\s+(\S+)\s+\S+\s*$/.exec(row);
        if (orbital) channel.push({ occupation: Number(orbital[1]), energy: Number(orbital[2]) });
        else if (!/^\s*(NO\s+OCC|$)/.test(row)) {
          i = k - 1;
          break;
        }
      }
      if (channel.length > 0) step.orbitals.push(channel);
      continue;
    }
    if (/^CARTESIAN GRADIENT/.test(line)) {
      const gradient: Vec[] = [];
      for (let k = i + 2; k < lines.length; k += 1) {
        const row = /^\s*\d+\s+[A-Z][a-z]?\s*:\s*(.*)$/.exec(lines[k]!);
        if (row) gradient.push(numbersIn(row[1]!).slice(0, 3) as Vec);
        else if (gradient.length > 0) break;
        i = k;
      }
      step.gradient = gradient;
      continue;
    }
    if (/THE OPTIMIZATION HAS CONVERGED/.test(line)) out.optimizationConverged = true;
    if (/ORCA TERMINATED NORMALLY/.test(line)) out.finished = true;
  }
  if (!out.version) throw new Error("not an ORCA output: no 'Program Version' line");
  out.steps = out.steps.filter((s) => s.energy !== undefined);
  if (out.steps.length === 0) throw new Error("the output has no 'FINAL SINGLE POINT ENERGY'");
  return out;
}
