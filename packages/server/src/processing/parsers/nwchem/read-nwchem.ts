// What an NWChem output says, in its units (Hartree, Å, bohr, Hartree/bohr, s): version and the echoed
// input deck (xc, basis, task), then per energy (Gaussian-basis DFT or plane-wave NWPW) the geometry it
// ran on, its SCF iterations with their wall times, energy terms, orbital energies, gradient and timings,
// the optimisation steps' wall times, and whether an optimisation converged.
import { numbersIn } from '../text/numbers.ts';
import {
  readDftIteration,
  readGradient,
  readNwpwIteration,
  readOutputCoordinates,
  readPwCell,
  type NwchemGeometry,
  type NwchemIteration,
  type Vec,
} from './read-nwchem-blocks.ts';

export type { NwchemGeometry, NwchemIteration } from './read-nwchem-blocks.ts';

export interface NwchemEnergy {
  geometry: NwchemGeometry;
  iterations: NwchemIteration[];
  /** s: wall time when the SCF's first pass began */
  startTime?: number;
  /** Hartree; absent for a run cut off before its first energy. */
  energy?: number;
  /** Hartree, by NOMAD's energy name (xc, correlation, exchange, coulomb, nuclear_repulsion). */
  terms: Record<string, number>;
  orbitals: { occupation: number; energy: number }[];
  /** Hartree/bohr */
  gradient?: Vec[];
  /** s, 'Total iterative time' */
  iterativeTime?: number;
  /** s, the optimisation step's 'Walltime' ('@ Step' line) */
  stepWallTime?: number;
  spinS2?: number;
  /** Coordinates were printed for this energy (in an optimisation, one without is a line-search point). */
  ownGeometry: boolean;
  /** Convergence settings of the module that computed it. */
  maxIterations?: number;
  /** Hartree */
  energyTolerance?: number;
  densityTolerance?: number;
  /** Hartree, the plane-wave module's wave-function cutoff */
  pwCutoff?: number;
}

export interface NwchemOutput {
  version?: string;
  /** The xc line of the input deck ('xtpss03 ctpss03', 'b3lyp'). */
  xc?: string;
  /** Basis names of the input deck, per element ('6-311G*' of 'O library 6-311G*'). */
  basis: { element: string; name: string }[];
  task?: string;
  /** The module of the energies: Gaussian-basis DFT or plane-wave NWPW (PSPW, BAND, PAW). */
  planeWave: boolean;
  energies: NwchemEnergy[];
  optimizationConverged: boolean;
  finished: boolean;
  /** s, 'Total times ... wall' */
  wallTime?: number;
  /** atomic units of time, the QMD 'Nuclear time step' */
  qmdTimeStep?: number;
}

const TERMS: readonly [RegExp, string][] = [
  [/^\s*Exchange-Corr\. energy =\s*(\S+)/, 'xc'],
  [/^\s*Correlation energy =\s*(\S+)/, 'correlation'],
  [/^\s*Exchange energy =\s*(\S+)/, 'exchange'],
  [/^\s*Coulomb energy =\s*(\S+)/, 'coulomb'],
  [/^\s*Nuclear repulsion energy =\s*(\S+)/, 'nuclear_repulsion'],
  [/^\s*exc-corr\s+energy\s*:\s*(\S+)/, 'xc'],
  [/^\s*ion-ion\s+energy\s*:\s*(\S+)/, 'nuclear_repulsion'],
];

interface Pending {
  geometry?: NwchemGeometry;
  iterations: NwchemIteration[];
  startTime?: number;
  maxIterations?: number;
  energyTolerance?: number;
  densityTolerance?: number;
  pwCutoff?: number;
}

function readDeckLine(line: string, out: NwchemOutput): void {
  const xc = /^\s*xc\s+(.+)$/i.exec(line);
  if (xc) out.xc ??= xc[1]!.trim();
  const basis = /^\s*(\S+)\s+library\s+(\S+)/i.exec(line);
  if (basis) out.basis.push({ element: basis[1]!, name: basis[2]! });
  const task = /^\s*task\s+(.+)$/i.exec(line);
  if (task) out.task ??= task[1]!.trim().toLowerCase();
}

export function readNwchemOutput(text: string): NwchemOutput {
  const lines = text.split(/\r?\n/);
  const out: NwchemOutput = {
    basis: [],
    planeWave: false,
    energies: [],
    optimizationConverged: false,
    finished: false,
  };
  // What comes before an energy: its geometry (when printed since the last one), iterations, settings.
  let pending: Pending = { iterations: [] };
  let lastGeometry: NwchemGeometry | undefined;
  let current: NwchemEnergy | undefined;
  // The energy printed its own coordinates (else a dynamics step's come with its gradient).
  let currentOwnGeometry = false;
  let pendingTerms: Record<string, number> = {};
  let inDeck = false;
  let cell: Vec[] | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    // Cheap substring tests guard the regular expressions: most lines match none of them.
    const version =
      line.includes('Northwest') && /Northwest Computational Chemistry Package \(NWChem\)\s+(\S+)/.exec(line);
    if (version) out.version ??= version[1]!;
    if (line.startsWith('=')) {
      if (/=+ echo of input deck =+/.test(line)) inDeck = true;
      else if (inDeck && /^=+\s*$/.test(line)) inDeck = false;
    }
    if (inDeck) {
      readDeckLine(line, out);
      continue;
    }
    if (line.includes('Output coordinates in angstroms')) {
      const read = readOutputCoordinates(lines, i);
      pending.geometry = read.geometry;
      lastGeometry = read.geometry;
      i = read.end;
      continue;
    }
    if (line.includes('a1=<') && /^\s*lattice:\s+a1=</.test(line)) {
      const read = readPwCell(lines, i);
      cell = read.cell;
      i = read.end;
      continue;
    }
    if (line.includes('NWPW') && /NWPW (PSPW|BAND|PAW) Calculation/.test(line)) out.planeWave = true;
    const iteration =
      (line.includes('d=') ? readDftIteration(line) : undefined) ??
      (out.planeWave && line.includes('E') ? readNwpwIteration(line) : undefined);
    if (iteration) {
      pending.iterations.push(iteration);
      continue;
    }
    const colon = line.includes(':');
    const timeStep = colon && /^\s*Nuclear time step:\s*(\S+)/.exec(line);
    if (timeStep) out.qmdTimeStep ??= Number(timeStep[1]);
    const prior = colon && /^\s*Time prior to 1st pass:\s*(\S+)/.exec(line);
    if (prior) pending.startTime = Number(prior[1]);
    const maxIter = colon && /^\s*Maximum number of iterations:\s*(\d+)/.exec(line);
    if (maxIter) pending.maxIterations = Number(maxIter[1]);
    const tolE = colon && /^\s*Convergence on energy requested:\s*(\S+)/.exec(line);
    if (tolE) pending.energyTolerance = numbersIn(tolE[1]!)[0];
    const tolD = colon && /^\s*Convergence on density requested:\s*(\S+)/.exec(line);
    if (tolD) pending.densityTolerance = numbersIn(tolD[1]!)[0];
    const cutoff = line.includes('wavefnc cutoff=') ? /wavefnc cutoff=\s*(\S+)/.exec(line) : null;
    if (cutoff) pending.pwCutoff = Number(cutoff[1]);
    const energy =
      line.includes('Total') &&
      /Total DFT energy =\s*(\S+)|Total (?:PSPW|BAND|PAW) energy\s*:\s*(\S+)/.exec(line);
    const geometry = pending.geometry ?? lastGeometry;
    if (energy && geometry) {
      currentOwnGeometry = pending.geometry !== undefined;
      const value = numbersIn(energy[1] ?? energy[2]!)[0]!;
      current = {
        geometry: cell && out.planeWave ? { ...geometry, cell } : geometry,
        iterations: pending.iterations,
        energy: value,
        terms: {},
        orbitals: [],
        ownGeometry: currentOwnGeometry,
        ...(pending.startTime !== undefined ? { startTime: pending.startTime } : {}),
        ...(pending.maxIterations !== undefined ? { maxIterations: pending.maxIterations } : {}),
        ...(pending.energyTolerance !== undefined ? { energyTolerance: pending.energyTolerance } : {}),
        ...(pending.densityTolerance !== undefined ? { densityTolerance: pending.densityTolerance } : {}),
        ...(pending.pwCutoff !== undefined ? { pwCutoff: pending.pwCutoff } : {}),
      };
      // The plane-wave summary (energy terms) precedes its 'Total PSPW energy' line.
      if (out.planeWave) Object.assign(current.terms, pendingTerms);
      out.energies.push(current);
      pending = { iterations: [] };
      pendingTerms = {};
      continue;
    }
    const term = line.includes('energy') ? TERMS.find(([pattern]) => pattern.test(line)) : undefined;
    if (term) {
      const value = numbersIn(term[0].exec(line)![1]!)[0]!;
      if (out.planeWave) pendingTerms[term[1]] = value;
      else if (current) current.terms[term[1]] = value;
      continue;
    }
    if (!current) continue;
    const vector = line.includes('Vector') && /^\s*Vector\s+\d+\s+Occ=\s*(\S+)\s+E=\s*(\S+)/.exec(line);
    if (vector) {
      current.orbitals.push({ occupation: numbersIn(vector[1]!)[0]!, energy: numbersIn(vector[2]!)[0]! });
      continue;
    }
    const iterative = line.includes('iterative') && /^\s*Total iterative time =\s*(\S+)s/.exec(line);
    if (iterative) current.iterativeTime = Number(iterative[1]);
    const s2 = line.includes('<S^2>') && /^\s*<S\^2>\s*=\s*(\S+)/.exec(line);
    if (s2) current.spinS2 = Number(s2[1]);
    if (line.includes('ENERGY GRADIENTS') && /(DFT|SCF) ENERGY GRADIENTS/.test(line)) {
      const read = readGradient(lines, i);
      current.gradient = read.gradient;
      // A dynamics step prints no coordinates of its own: its gradient table holds them (bohr).
      if (!currentOwnGeometry && read.geometry.species.length > 0) current.geometry = read.geometry;
      i = read.end;
      continue;
    }
    const step =
      line.startsWith('@') && /^@\s+\d+\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)\s*$/.exec(line);
    if (step) current.stepWallTime ??= Number(step[1]);
    if (line.includes('Optimization converged')) out.optimizationConverged = true;
    const total = line.includes('Total times') && /^\s*Total times\s+cpu:\s*\S+\s+wall:\s*(\S+)s/.exec(line);
    if (total) {
      out.finished = true;
      out.wallTime = Number(total[1]);
    }
  }
  if (!out.version)
    throw new Error("not an NWChem output: no 'Northwest Computational Chemistry Package' line");
  if (out.energies.length === 0 && !lastGeometry)
    throw new Error("the output has no energy ('Total DFT energy', 'Total PSPW energy') and no geometry");
  if (out.energies.length === 0 && lastGeometry)
    out.energies.push({
      geometry: lastGeometry,
      iterations: pending.iterations,
      terms: {},
      orbitals: [],
      ownGeometry: true,
    });
  return out;
}
