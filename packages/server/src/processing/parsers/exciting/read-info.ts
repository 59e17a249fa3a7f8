// What exciting's INFO.OUT says, in atomic units (Hartree, bohr, seconds): version name and hash, the
// lattice, species and positions, settings (xc, smearing, spin, k-grid), the SCF iterations of the
// ground state (or of a hybrid-functional run) with their energies, charges and wall times, the forces,
// and a structure optimisation's steps and final state.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface ExcitingGeometry {
  species: string[];
  /** Fractions of the lattice vectors (bohr when `cartesian`). */
  fractional: Vec[];
  /** INFO.OUT printed cartesian positions (molecules in a box). */
  cartesian?: boolean;
}

/** The values one SCF iteration (or the final, converged state) prints; Hartree, electrons, seconds. */
export interface ExcitingIteration {
  /** 'total', 'fermi', 'kinetic', 'coulomb', 'exchange', 'correlation', 'nonlocal_exchange' */
  energies: Record<string, number>;
  /** 'core', 'core_leakage', 'valence', 'interstitial', 'total' */
  charges: Record<string, number>;
  /** Charge in each atom's muffin-tin sphere. */
  muffinTin: number[];
  gap?: number;
  /** Seconds since the SCF loop started. */
  wallTime?: number;
}

export type ExcitingStepKind = 'groundstate' | 'hybrids' | 'optimization' | 'optimized';

export interface ExcitingStep {
  kind: ExcitingStepKind;
  geometry: ExcitingGeometry;
  iterations: ExcitingIteration[];
  /** The converged state's values (the final SCF iteration, else the last iteration). */
  state?: ExcitingIteration;
  /** Hartree */
  energy: number;
  converged?: boolean;
  /** Hartree/bohr */
  forces?: Vec[];
  /** Hartree/bohr: an optimisation step's largest force and its target. */
  maxForce?: [number, number];
  /** Seconds this optimisation step took. */
  seconds?: number;
  /** The optimisation step's number and method ('harmonic', 'bfgs'). */
  step?: number;
  method?: string;
}

/** A species block of the initialisation. */
export interface ExcitingSpecies {
  symbol: string;
  /** Positive: the nucleus's charge in e. */
  nuclearCharge?: number;
  /** Electron masses */
  mass?: number;
  /** bohr */
  muffinTinRadius?: number;
  radialPoints?: number;
}

export interface ExcitingInfo {
  /** The release named in the banner ('CARBON', 'BORON-10'). */
  version?: string;
  /** The git hash of the build. */
  hash?: string;
  /** Rows, bohr */
  lattice?: [Vec, Vec, Vec];
  initial: ExcitingGeometry;
  species: ExcitingSpecies[];
  /** Largest |G+k| of the APW functions (1/bohr) and their angular momentum cut-off. */
  gkMax?: number;
  lMaxApw?: number;
  /** The functional's description line after 'Exchange-correlation type'. */
  xc?: string;
  xcType?: number;
  smearing?: { scheme: string; width?: number };
  spinPolarized: boolean;
  kGrid?: number[];
  steps: ExcitingStep[];
  optimization: boolean;
  finished: boolean;
  /** Seconds of the whole run. */
  totalTime?: number;
  /** SCF convergence targets: total-energy change (Hartree) and charge distance. */
  energyTarget?: number;
  chargeTarget?: number;
  /** Iterations of an SCF cut off before its end (the run did not finish). */
  unfinished?: ExcitingIteration[];
}

/** 'atom n Sym : x y z' rows after a heading. */
function atomRows(lines: string[], from: number): { species: string[]; vectors: Vec[]; end: number } {
  const species: string[] = [];
  const vectors: Vec[] = [];
  let k = from;
  for (; k < lines.length; k += 1) {
    const row = /^\s*atom\s+\d+\s+([A-Z][a-z]?)\s*:\s*(\S+)\s+(\S+)\s+(\S+)/.exec(lines[k]!);
    if (!row) break;
    species.push(row[1]!);
    vectors.push([Number(row[2]), Number(row[3]), Number(row[4])]);
  }
  return { species, vectors, end: k - 1 };
}

const ENERGY_LINES: readonly [RegExp, string][] = [
  [/^\s*Total energy\s*:\s*(\S+)/, 'total'],
  [/^\s*Fermi energy\s*:\s*(\S+)/, 'fermi'],
  [/^\s*Kinetic energy\s*:\s*(\S+)/, 'kinetic'],
  [/^\s*Coulomb energy\s*:\s*(\S+)/, 'coulomb'],
  [/^\s*Exchange energy\s*:\s*(\S+)/, 'exchange'],
  [/^\s*Correlation energy\s*:\s*(\S+)/, 'correlation'],
  [/^\s*Non-local exchange energy\s*:\s*(\S+)/, 'nonlocal_exchange'],
];

const CHARGE_LINES: readonly [RegExp, string][] = [
  [/^\s*core\s*:\s*(\S+)/, 'core'],
  [/^\s*core leakage\s*:\s*(\S+)/, 'core_leakage'],
  [/^\s*valence\s*:\s*(\S+)/, 'valence'],
  [/^\s*interstitial\s*:\s*(\S+)\s*$/, 'interstitial'],
  [/^\s*total charge\s*:\s*(\S+)/, 'total'],
];

const newIteration = (): ExcitingIteration => ({ energies: {}, charges: {}, muffinTin: [] });

/** Reads a line of an iteration's block into it; true when the line was one of its values. */
function readIterationLine(line: string, iteration: ExcitingIteration): boolean {
  for (const [pattern, key] of ENERGY_LINES) {
    const m = pattern.exec(line);
    if (m) {
      iteration.energies[key] = Number(m[1]);
      return true;
    }
  }
  for (const [pattern, key] of CHARGE_LINES) {
    const m = pattern.exec(line);
    if (m) {
      iteration.charges[key] = Number(m[1]);
      return true;
    }
  }
  const mt = /^\s*atom\s+\d+\s+[A-Z][a-z]?\s*:\s*(\S+)\s*$/.exec(line);
  if (mt) {
    iteration.muffinTin.push(Number(mt[1]));
    return true;
  }
  const gap = /^\s*Estimated fundamental gap\s*:\s*(\S+)/.exec(line);
  if (gap) {
    iteration.gap = Number(gap[1]);
    return true;
  }
  const wall = /^\s*Wall time \(seconds\)\s*:\s*(\S+)/.exec(line);
  if (wall) {
    iteration.wallTime = Number(wall[1]);
    return true;
  }
  return false;
}

export function readExcitingInfo(text: string): ExcitingInfo {
  const lines = text.split(/\r?\n/);
  const info: ExcitingInfo = {
    spinPolarized: false,
    steps: [],
    optimization: false,
    finished: false,
    initial: { species: [], fractional: [] },
    species: [],
  };
  let species: string | undefined;
  // The SCF being read: its iterations, the block lines go to, and whether it converged.
  let scf: ExcitingIteration[] | undefined;
  let block: ExcitingIteration | undefined;
  let finalBlock: ExcitingIteration | undefined;
  let converged = false;
  let optimizationStep: ExcitingStep | undefined;
  const closeScf = (kind: ExcitingStepKind) => {
    if (!scf) return;
    const state = finalBlock?.energies.total !== undefined ? finalBlock : scf[scf.length - 1];
    if (state?.energies.total !== undefined) {
      info.steps.push({
        kind,
        geometry: info.initial,
        iterations: scf,
        state,
        energy: state.energies.total,
        converged,
      });
    }
    scf = undefined;
    block = undefined;
    finalBlock = undefined;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (block && readIterationLine(line, block)) continue;
    const banner = /^\|?\s*EXCITING\s+(\S+(?:\s\S+)?)\s+started/.exec(line);
    if (banner) info.version ??= banner[1]!;
    const hash = /^\|\s*version hash id:\s*([0-9a-f]{7,})/.exec(line);
    if (hash) info.hash ??= hash[1]!;
    if (/EXCITING .* stopped/.test(line)) info.finished = true;
    if (/^\s*Lattice vectors \(cartesian\)\s*:/.test(line) && !info.lattice) {
      info.lattice = [1, 2, 3].map((k) => numbersIn(lines[i + k] ?? '').slice(0, 3)) as [Vec, Vec, Vec];
      i += 3;
      continue;
    }
    const speciesLine = /^\s*Species\s*:\s*\d+\s*\((\w+)\)/.exec(line);
    if (speciesLine) {
      species = speciesLine[1]!;
      if (info.steps.length === 0 && !scf) info.species.push({ symbol: species });
    }
    const speciesBlock = !scf && info.steps.length === 0 ? info.species[info.species.length - 1] : undefined;
    if (speciesBlock) {
      const value =
        /^\s*(nuclear charge|atomic mass|muffin-tin radius|# of radial points in muffin-tin)\s*:\s*(\S+)/.exec(
          line,
        );
      if (value) {
        const number = Number(value[2]);
        if (value[1] === 'nuclear charge') speciesBlock.nuclearCharge = Math.abs(number);
        else if (value[1] === 'atomic mass') speciesBlock.mass = number;
        else if (value[1] === 'muffin-tin radius') speciesBlock.muffinTinRadius = number;
        else speciesBlock.radialPoints = number;
      }
    }
    const gkMax = /^\s*Maximum \|G\+k\| for APW functions\s*:\s*(\S+)/.exec(line);
    if (gkMax) info.gkMax ??= Number(gkMax[1]);
    const lMax = /^\s*APW functions\s*:\s*(\d+)/.exec(line);
    if (lMax) info.lMaxApw ??= Number(lMax[1]);
    const positions = /^\s*atomic positions \((lattice|cartesian)\)\s*:/.exec(line);
    if (positions && species && info.steps.length === 0 && !scf) {
      if (positions[1] === 'cartesian') info.initial.cartesian = true;
      for (let k = i + 1; k < lines.length; k += 1) {
        const row = /^\s*\d+\s*:\s*(\S+)\s+(\S+)\s+(\S+)/.exec(lines[k]!);
        if (!row) break;
        info.initial.species.push(species);
        info.initial.fractional.push([Number(row[1]), Number(row[2]), Number(row[3])]);
        i = k;
      }
      continue;
    }
    const xcType = /^\s*Exchange-correlation type\s*:\s*(\d+)/.exec(line);
    if (xcType) {
      info.xcType ??= Number(xcType[1]);
      info.xc ??= lines[i + 1]?.trim();
    }
    const scheme = /^\s*Smearing scheme\s*:\s*(.+?)\s*$/.exec(line);
    if (scheme) info.smearing ??= { scheme: scheme[1]! };
    const width = /^\s*Smearing width\s*:\s*(\S+)/.exec(line);
    if (width && info.smearing) info.smearing.width = Number(width[1]);
    if (/^\s*Spin treatment\s*:\s*spin-polarised/.test(line)) info.spinPolarized = true;
    const grid = /^\s*k-point grid\s*:\s*(.+)$/.exec(line);
    if (grid) info.kGrid ??= numbersIn(grid[1]!);
    if (/Structural optimisation|Structure-optimization module started/.test(line)) info.optimization = true;
    // SCF iterations of the ground state or of a hybrid run.
    if (/SCF iteration number\s*:|Hybrids iteration number\s*:/.test(line)) {
      scf ??= [];
      converged = false;
      block = newIteration();
      scf.push(block);
      continue;
    }
    if (/Convergence targets achieved\. Performing final SCF iteration/.test(line)) {
      converged = true;
      finalBlock = newIteration();
      block = finalBlock;
      continue;
    }
    if (/Convergence target is reached/.test(line)) converged = true;
    if (/Self-consistent loop stopped/.test(line)) {
      closeScf('groundstate');
      continue;
    }
    if (/Hybrids module stopped/.test(line)) {
      closeScf('hybrids');
      continue;
    }
    if (/^\s*Total atomic forces including IBS \(cartesian\)\s*:/.test(line)) {
      const rows = atomRows(lines, i + 1);
      i = rows.end;
      const target = optimizationStep ?? info.steps[info.steps.length - 1];
      if (target && !target.forces) target.forces = rows.vectors;
      continue;
    }
    // Structure optimisation: one step per 'Optimization step' block, then the optimised state.
    const stepHeading = /^\|\s*Optimization step\s+(\d+)(?:\s*\(method\s*=\s*(\w+)\))?/.exec(line);
    if (stepHeading) {
      optimizationStep = {
        kind: 'optimization',
        geometry: info.initial,
        iterations: [],
        energy: NaN,
        step: Number(stepHeading[1]),
        ...(stepHeading[2] ? { method: stepHeading[2] } : {}),
      };
      info.steps.push(optimizationStep);
      continue;
    }
    const maxForce = /^\s*Maximum force magnitude\s*\(target\)\s*:\s*(\S+)\s*\(\s*(\S+)\s*\)/.exec(line);
    if (maxForce && optimizationStep) optimizationStep.maxForce = [Number(maxForce[1]), Number(maxForce[2])];
    const stepEnergy = /^\s*Total energy at this optimization step\s*:\s*(\S+)/.exec(line);
    if (stepEnergy && optimizationStep) optimizationStep.energy = Number(stepEnergy[1]);
    const spent = /^\s*Time spent in this optimization step\s*:\s*(\S+)/.exec(line);
    if (spent && optimizationStep) optimizationStep.seconds = Number(spent[1]);
    if (/^\s*(?:Atomic positions at this step|Optimized atomic positions) \(lattice\)\s*:/.test(line)) {
      const rows = atomRows(lines, i + 1);
      i = rows.end;
      if (optimizationStep) optimizationStep.geometry = { species: rows.species, fractional: rows.vectors };
      continue;
    }
    if (/Force convergence target achieved/.test(line)) {
      finalBlock = newIteration();
      block = finalBlock;
      optimizationStep = {
        kind: 'optimized',
        geometry: info.initial,
        iterations: [],
        state: finalBlock,
        energy: NaN,
        converged: true,
      };
      info.steps.push(optimizationStep);
      continue;
    }
    const energyTarget = /^\s*Absolute change in total energy\s*\(target\)\s*:\s*\S+\s*\(\s*(\S+)\s*\)/.exec(
      line,
    );
    if (energyTarget) info.energyTarget ??= Number(energyTarget[1]);
    const chargeTarget = /^\s*Charge distance\s*\(target\)\s*:\s*\S+\s*\(\s*(\S+)\s*\)/.exec(line);
    if (chargeTarget) info.chargeTarget ??= Number(chargeTarget[1]);
    const total = /^\s*Total time spent \(seconds\)\s*:\s*(\S+)/.exec(line);
    if (total) info.totalTime = Number(total[1]);
  }
  for (const step of info.steps)
    if (Number.isNaN(step.energy) && step.state?.energies.total !== undefined)
      step.energy = step.state.energies.total;
  info.steps = info.steps.filter((step) => Number.isFinite(step.energy));
  if (scf && scf.length > 0) info.unfinished = scf;
  if (!info.version && !/EXCITING/.test(text))
    throw new Error("not an exciting INFO.OUT: no 'EXCITING ... started' banner");
  if (!info.lattice) throw new Error("INFO.OUT has no 'Lattice vectors (cartesian)'");
  return info;
}
