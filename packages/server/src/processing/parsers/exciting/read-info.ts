// What exciting's INFO.OUT says, in atomic units (Hartree, bohr): version name, the lattice, species and
// positions, settings (xc, smearing, spin, k-grid), the SCF iterations of the ground state with energy,
// Fermi energy and gap, the forces, and a structure optimisation's steps.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface ExcitingGeometry {
  species: string[];
  /** Fractions of the lattice vectors. */
  fractional: Vec[];
}

export interface ExcitingStep {
  geometry: ExcitingGeometry;
  /** Hartree per SCF iteration (the ground state's only). */
  iterations: number[];
  /** Hartree */
  energy: number;
  fermi?: number;
  gap?: number;
  converged?: boolean;
  /** Hartree/bohr */
  forces?: Vec[];
}

export interface ExcitingInfo {
  /** The release named in the banner ('CARBON', 'BORON-10'). */
  version?: string;
  /** Rows, bohr */
  lattice?: [Vec, Vec, Vec];
  /** The functional's description line after 'Exchange-correlation type'. */
  xc?: string;
  xcType?: number;
  smearing?: { scheme: string; width: number };
  spinPolarized: boolean;
  kGrid?: number[];
  steps: ExcitingStep[];
  optimization: boolean;
  finished: boolean;
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

export function readExcitingInfo(text: string): ExcitingInfo {
  const lines = text.split(/\r?\n/);
  const info: ExcitingInfo = { spinPolarized: false, steps: [], optimization: false, finished: false };
  const initial: ExcitingGeometry = { species: [], fractional: [] };
  let species: string | undefined;
  let iterations: number[] = [];
  let energy: number | undefined;
  let fermi: number | undefined;
  let gap: number | undefined;
  let converged = false;
  let groundState: ExcitingStep | undefined;
  let optimizationStep: { energy?: number; geometry?: ExcitingGeometry } | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const banner = /^\|\s*EXCITING\s+(\S+(?:\s\S+)?)\s+started/.exec(line);
    if (banner) info.version ??= banner[1]!;
    if (/EXCITING .* stopped/.test(line)) info.finished = true;
    if (/^\s*Lattice vectors \(cartesian\)\s*:/.test(line) && !info.lattice) {
      info.lattice = [1, 2, 3].map((k) => numbersIn(lines[i + k]!).slice(0, 3)) as [Vec, Vec, Vec];
      i += 3;
      continue;
    }
    const speciesLine = /^\s*Species\s*:\s*\d+\s*\((\w+)\)/.exec(line);
    if (speciesLine) species = speciesLine[1]!;
    if (
      /^\s*atomic positions \(lattice\)\s*:/.test(line) &&
      species &&
      info.steps.length === 0 &&
      !groundState
    ) {
      for (let k = i + 1; k < lines.length; k += 1) {
        const row = /^\s*\d+\s*:\s*(\S+)\s+(\S+)\s+(\S+)/.exec(lines[k]!);
        if (!row) break;
        initial.species.push(species);
        initial.fractional.push([Number(row[1]), Number(row[2]), Number(row[3])]);
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
    if (scheme) info.smearing ??= { scheme: scheme[1]!, width: 0 };
    const width = /^\s*Smearing width\s*:\s*(\S+)/.exec(line);
    if (width && info.smearing) info.smearing.width = Number(width[1]);
    if (/^\s*Spin treatment\s*:\s*spin-polarised/.test(line)) info.spinPolarized = true;
    const grid = /^\s*k-point grid\s*:\s*(.+)$/.exec(line);
    if (grid) info.kGrid ??= numbersIn(grid[1]!);
    if (/Structural optimisation|Structure-optimization module started/.test(line)) info.optimization = true;
    // Ground-state SCF.
    if (/SCF iteration number/.test(line)) energy = undefined;
    const total = /^\s*Total energy\s*:\s*(\S+)/.exec(line);
    if (total) {
      energy = Number(total[1]);
      iterations.push(energy);
    }
    const fermiLine = /^\s*Fermi energy\s*:\s*(\S+)/.exec(line);
    if (fermiLine) fermi = Number(fermiLine[1]);
    const gapLine = /^\s*Estimated fundamental gap\s*:\s*(\S+)/.exec(line);
    if (gapLine) gap = Number(gapLine[1]);
    if (/Convergence targets achieved/.test(line)) converged = true;
    if (/Self-consistent loop stopped/.test(line) && energy !== undefined && !groundState) {
      groundState = {
        geometry: initial,
        iterations,
        energy,
        ...(fermi !== undefined ? { fermi } : {}),
        ...(gap !== undefined ? { gap } : {}),
        converged,
      };
      info.steps.push(groundState);
      iterations = [];
    }
    if (/^\s*Total atomic forces including IBS \(cartesian\)\s*:/.test(line)) {
      const rows = atomRows(lines, i + 1);
      i = rows.end;
      const target = optimizationStep ? info.steps[info.steps.length - 1] : groundState;
      if (target && !target.forces) target.forces = rows.vectors;
      continue;
    }
    // Structure optimisation: one step per 'Optimization step' block.
    if (/^\|\s*Optimization step\s+\d+/.test(line)) optimizationStep = {};
    const stepEnergy = /^\s*Total energy at this optimization step\s*:\s*(\S+)/.exec(line);
    if (stepEnergy && optimizationStep) optimizationStep.energy = Number(stepEnergy[1]);
    if (
      /^\s*Atomic positions at this step \(lattice\)\s*:/.test(line) &&
      optimizationStep?.energy !== undefined
    ) {
      const rows = atomRows(lines, i + 1);
      i = rows.end;
      // Step 0 is the ground state already read; later steps are new geometries.
      const geometry = { species: rows.species, fractional: rows.vectors };
      if (info.steps.length === 1 && groundState && sameGeometry(geometry, groundState.geometry)) continue;
      info.steps.push({ geometry, iterations: [], energy: optimizationStep.energy });
    }
  }
  if (!info.version && !/EXCITING/.test(text))
    throw new Error("not an exciting INFO.OUT: no 'EXCITING ... started' banner");
  if (!info.lattice) throw new Error("INFO.OUT has no 'Lattice vectors (cartesian)'");
  if (info.steps.length === 0) throw new Error('INFO.OUT has no completed ground-state SCF');
  return info;
}

const sameGeometry = (a: ExcitingGeometry, b: ExcitingGeometry) =>
  a.fractional.length === b.fractional.length &&
  a.fractional.every((f, i) => f.every((x, j) => Math.abs(x - b.fractional[i]![j]!) < 1e-8));
