// What an ORCA output says, in its units (Hartree, Å, Hartree/bohr, s): version, the '!' keywords of the
// input, the functional, charge, multiplicity, SCF tolerances and basis groups, then per SCF (one per
// optimisation cycle) the geometry, iterations, final energy, orbital energies, charges, gradient and
// timings; a coupled-cluster or TD-DFT step after the SCF.
import {
  readAbsorption,
  readAtomCharges,
  readCoordinates,
  readGradient,
  readOrbitalCharges,
  readOrbitals,
  type OrcaCharges,
  type OrcaExcitation,
  type OrcaGeometry,
  type OrcaOrbital,
  type Vec,
} from './read-orca-blocks.ts';

export type { OrcaGeometry } from './read-orca-blocks.ts';

export interface OrcaStep {
  geometry: OrcaGeometry;
  /** Hartree per SCF iteration. */
  iterations: number[];
  converged?: boolean;
  /** Hartree ('FINAL SINGLE POINT ENERGY', dispersion and correlation included). */
  energy?: number;
  /** Orbital energies (Hartree) with occupations, per spin channel. */
  orbitals: OrcaOrbital[][];
  mulliken?: OrcaCharges;
  /** Hartree/bohr */
  gradient?: Vec[];
  /** s: the SCF's 'Total time' (or 'Total SCF time' when only that is printed). */
  scfTime?: number;
  /** The correlated method after the SCF ('CCSD', 'CCSD(T)') and its energy (Hartree). */
  correlated?: { method: string; energy?: number };
  excitations?: OrcaExcitation[];
}

export interface OrcaBasisGroup {
  element: string;
  /** '11s6p2d1f' and '5s3p2d1f' of '11s6p2d1f contracted to 5s3p2d1f' */
  primitives: string;
  contracted: string;
}

export interface OrcaOutput {
  version?: string;
  /** Every '!' keyword of the input. */
  keywords: string[];
  exchange?: string;
  correlation?: string;
  hybrid: boolean;
  /** From 'Your calculation utilizes the basis:'. */
  basis?: string;
  basisGroups: OrcaBasisGroup[];
  nPrimitives?: number;
  nBasisFunctions?: number;
  charge?: number;
  multiplicity?: number;
  /** Hartree */
  toleranceEnergy?: number;
  toleranceRmsDensity?: number;
  maxIterations?: number;
  steps: OrcaStep[];
  optimizationConverged: boolean;
  finished: boolean;
  /** s, 'TOTAL RUN TIME' */
  runTime?: number;
}

const TIMES = /(\d+) days (\d+) hours (\d+) min(?:utes)? (\d+) sec(?:onds)?(?: (\d+) msec)?/;

function duration(line: string): number | undefined {
  const t = TIMES.exec(line);
  if (!t) return undefined;
  const [, d, h, m, s, ms] = t.map(Number) as number[];
  return ((d! * 24 + h!) * 60 + m!) * 60 + s! + (ms ? ms / 1000 : 0);
}

/** Lines of the output's header (settings printed once per SCF, kept from the first). */
function readSetting(line: string, out: OrcaOutput): void {
  // A substring test before each expression: this runs on every line.
  if (line.includes('utilizes the basis')) {
    const basis = /Your calculation utilizes the basis:\s*(.+?)\s*$/.exec(line);
    if (basis) out.basis ??= basis[1]!;
  }
  if (!line.includes('...')) return;
  if (line.includes('Exchange Functional')) {
    const exchange = /Exchange Functional\s+Exchange\s+\.+\s*(\S+)/.exec(line);
    if (exchange) out.exchange ??= exchange[1]!;
  } else if (line.includes('Correlation Functional')) {
    const correlation = /Correlation Functional\s+Correlation\s+\.+\s*(\S+)/.exec(line);
    if (correlation) out.correlation ??= correlation[1]!;
  } else if (line.includes('Total Charge')) {
    const charge = /Total Charge\s+Charge\s+\.+\s*(-?\d+)/.exec(line);
    if (charge) out.charge ??= Number(charge[1]);
  } else if (line.includes('Mult ')) {
    const multiplicity = /Multiplicity\s+Mult\s+\.+\s*(\d+)/.exec(line);
    if (multiplicity) out.multiplicity ??= Number(multiplicity[1]);
  } else if (line.includes('TolE')) {
    const tolE = /Energy Change\s+TolE\s+\.+\s*(\S+)/.exec(line);
    if (tolE) out.toleranceEnergy ??= Number(tolE[1]);
  } else if (line.includes('MaxIter ')) {
    const maxIter = /Maximum # iterations\s+MaxIter\s+\.+\s*(\d+)/.exec(line);
    if (maxIter) out.maxIterations ??= Number(maxIter[1]);
  } else if (line.includes('RMS-Density')) {
    const rms = /Last RMS-Density change\s+\.+\s*\S+\s+Tolerance\s*:\s*(\S+)/.exec(line);
    if (rms) out.toleranceRmsDensity ??= Number(rms[1]);
  }
}

export function readOrcaOutput(text: string): OrcaOutput {
  const lines = text.split(/\r?\n/);
  const out: OrcaOutput = {
    keywords: [],
    hybrid: false,
    basisGroups: [],
    steps: [],
    optimizationConverged: false,
    finished: false,
  };
  let step: OrcaStep | undefined;
  let inIterations = false;
  // The first basis-set block is the orbital basis; auxiliary blocks come after it.
  let basisBlock: 'none' | 'orbital' | 'done' = 'none';
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = line.includes('Program Version') ? /Program Version\s+(.+?)\s*$/.exec(line) : null;
    if (version) out.version ??= version[1]!;
    const keywords = line.startsWith('|') ? /^\|\s*\d+>\s*!(.*)$/.exec(line) : null;
    if (keywords) out.keywords.push(...keywords[1]!.trim().split(/\s+/).filter(Boolean));
    readSetting(line, out);
    if (line.includes('Hybrid DFT is turned on')) out.hybrid = true;
    if (/^BASIS SET INFORMATION/.test(line) && basisBlock === 'none') basisBlock = 'orbital';
    else if (/^AUXILIARY BASIS SET INFORMATION|ORCA GTO INTEGRAL/.test(line) && basisBlock === 'orbital')
      basisBlock = 'done';
    const group =
      basisBlock === 'orbital' && line.includes('Group')
        ? /^\s*Group\s+\d+\s+Type\s+(\S+)\s*:\s*(\S+) contracted to (\S+)/.exec(line)
        : null;
    if (group) out.basisGroups.push({ element: group[1]!, primitives: group[2]!, contracted: group[3]! });
    const primitives = line.includes('# of') && /# of primitive gaussian functions\s+\.+\s*(\d+)/.exec(line);
    if (primitives && out.nPrimitives === undefined) out.nPrimitives = Number(primitives[1]);
    const functions = line.includes('# of') && /# of contracted basis functions\s+\.+\s*(\d+)/.exec(line);
    if (functions) out.nBasisFunctions ??= Number(functions[1]);
    if (/^CARTESIAN COORDINATES \(ANGSTROEM\)/.test(line)) {
      const read = readCoordinates(lines, i);
      step = { geometry: read.geometry, iterations: [], orbitals: [] };
      out.steps.push(step);
      inIterations = false;
      i = read.end;
      continue;
    }
    const runTime = line.startsWith('TOTAL RUN TIME:') ? duration(line) : undefined;
    if (runTime !== undefined) out.runTime = runTime;
    if (line.includes('THE OPTIMIZATION HAS CONVERGED')) out.optimizationConverged = true;
    if (line.includes('ORCA TERMINATED NORMALLY')) out.finished = true;
    if (!step) continue;
    if (line.includes('SCF ITERATIONS')) inIterations = true;
    if (inIterations) {
      const iteration = /^\s*(\d+)\s+(-\d+\.\d+)\s+(-?\d+\.\d+(?:[eE][-+]?\d+)?)\s/.exec(line);
      if (iteration) step.iterations.push(Number(iteration[2]));
    }
    if (line.includes('SCF CONVERGED AFTER')) {
      step.converged = true;
      inIterations = false;
    }
    if (line.includes('SCF NOT CONVERGED')) step.converged = false;
    if (
      line.includes('ABSORPTION SPECTRUM') &&
      /ABSORPTION SPECTRUM VIA TRANSITION ELECTRIC DIPOLE MOMENTS/.test(line)
    ) {
      const read = readAbsorption(lines, i);
      step.excitations = read.excitations;
      i = read.end;
      continue;
    }
    // Block headings and the lines below start at the first column; indented lines are none of them.
    if (line.startsWith(' ') || line.length === 0) continue;
    const energy = /FINAL SINGLE POINT ENERGY\s+(\S+)/.exec(line);
    if (energy) step.energy = Number(energy[1]);
    const total = /^Total time\s+\.+\s*(\S+) sec/.exec(line);
    if (total) step.scfTime ??= Number(total[1]);
    const scfTime = /^Total SCF time:/.test(line) ? duration(line) : undefined;
    if (scfTime !== undefined && step.scfTime === undefined) {
      // 'Total time' (to the millisecond) follows in a full TIMINGS block; take it when it does.
      const precise = /^Total time\s+\.+\s*(\S+) sec/.exec(lines[i + 2] ?? '');
      step.scfTime = precise ? Number(precise[1]) : scfTime;
    }
    if (/^ORBITAL ENERGIES/.test(line)) {
      const read = readOrbitals(lines, i);
      step.orbitals = read.orbitals;
      i = read.end;
      continue;
    }
    if (/^MULLIKEN ATOMIC CHARGES/.test(line)) {
      const read = readAtomCharges(lines, i);
      step.mulliken = { atoms: read.charges, orbitals: [] };
      i = read.end;
      continue;
    }
    if (/^MULLIKEN REDUCED ORBITAL CHARGES/.test(line) && step.mulliken) {
      const read = readOrbitalCharges(lines, i);
      step.mulliken.orbitals = read.orbitals;
      i = read.end;
      continue;
    }
    if (/^CARTESIAN GRADIENT/.test(line)) {
      const read = readGradient(lines, i);
      step.gradient = read.gradient;
      i = read.end;
      continue;
    }
    const treatment = /^Correlation treatment\s+\.+\s*(\S+)/.exec(line);
    if (treatment) step.correlated = { method: treatment[1]! };
    const ccsd = /^E\((CCSD|CCSD\(T\))\)\s+\.+\s*(\S+)/.exec(line);
    if (ccsd) step.correlated = { method: ccsd[1]!, energy: Number(ccsd[2]) };
  }
  if (!out.version) throw new Error("not an ORCA output: no 'Program Version' line");
  if (out.steps.length === 0) throw new Error("the output has no 'CARTESIAN COORDINATES' (no geometry)");
  return out;
}
