// What a Quantum ESPRESSO pw.x output says, in the units it writes (Ry, bohr, alat, eV, kbar): the
// settings echoed at the start, the species and initial cell, then per SCF cycle its iterations, energy,
// Fermi level or HOMO/LUMO, eigenvalues, forces and stress, and the geometry of relaxation and MD steps.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];
type Cell = [Vec, Vec, Vec];

/** Positions with the unit pw.x wrote them in; 'alat' and 'bohr' and 'angstrom' are Cartesian. */
export interface Geometry {
  /** Rows in bohr. */
  cell: Cell;
  labels: string[];
  /** Cartesian, bohr. */
  positions: Vec[];
}

export interface PwScfStep {
  /**
   * Total energy per iteration (Ry), the estimated accuracy (Ry) and the 'total cpu time spent up to now'
   * printed after it (s).
   */
  iterations: { energy?: number; accuracy?: number; time?: number }[];
  /** The cpu time (s) printed last before this cycle's first iteration. */
  timeBefore?: number;
  /** Ry, the '!' line; undefined for a non-self-consistent (band structure) run. */
  energy?: number;
  contributions: { name: string; value: number }[];
  /** eV */
  fermi?: number;
  /** eV */
  highestOccupied?: number;
  /** eV */
  lowestUnoccupied?: number;
  converged?: boolean;
  /** Per spin channel, per k-point, the band energies (eV). */
  eigenvalues: number[][][];
  /** k-points as printed with the eigenvalues (Cartesian, 2π/alat). */
  kpoints: Vec[];
  /** Ry/bohr per atom. */
  forces?: Vec[];
  /** kbar */
  stress?: Cell;
  geometry: Geometry;
  /** MD: temperature (K), ionic kinetic energy (Ry) and time (ps) after this step. */
  md?: { temperature?: number; kinetic?: number; time?: number };
}

export interface PwOutput {
  version?: string;
  /** 'scf' | 'relax' | 'vc-relax' | 'md' | 'bands' as the output shows them. */
  kind: 'scf' | 'relax' | 'vc-relax' | 'md' | 'bands';
  alat?: number;
  /** Ry */
  ecutwfc?: number;
  /** Ry */
  ecutrho?: number;
  /** Ry */
  convergenceThreshold?: number;
  xc?: string;
  electrons?: number;
  states?: number;
  kpointCount?: number;
  /** The k-points listed under 'number of k points' (Cartesian, 2π/alat) and their weights (sum 2). */
  kpointList: { points: Vec[]; weights: number[] };
  /** Unix seconds (UTC) of 'starts on' and 'This run was terminated on'. */
  dateStart?: number;
  dateEnd?: number;
  smearing?: { kind: string; width: number };
  tetrahedra: boolean;
  spinPolarized: boolean;
  /** 'Noncollinear calculation': spinors, no spin channels. */
  noncollinear: boolean;
  species: { label: string; valence: number; mass: number; pseudopotential: string }[];
  pseudopotentialFiles: string[];
  /** Per species (in input order): the file, its MD5 sum and what kind pw.x says it is. */
  pseudopotentials: { file: string; md5?: string; kind?: string }[];
  /** Relaxation criteria: energy (Ry), force (Ry/bohr). */
  criteria: { energy?: number; force?: number };
  /** MD time step in atomic (Rydberg) units of time. */
  mdTimeStep?: number;
  steps: PwScfStep[];
  /** The last geometry pw.x printed (the relaxed one, after the final BFGS step). */
  finalGeometry?: Geometry;
  finished: boolean;
  warnings: string[];
}

const ANGSTROM_IN_BOHR = 1 / 0.529177210903;

const value = (line: string, pattern: RegExp): number | undefined => {
  const match = pattern.exec(line);
  return match ? Number(match[1]!.replace(/[dD]/, 'e')) : undefined;
};

const vec = (numbers: number[]): Vec => [numbers[0]!, numbers[1]!, numbers[2]!];
const scale = (v: Vec, factor: number): Vec => [v[0] * factor, v[1] * factor, v[2] * factor];
const fromFractional = (f: Vec, cell: Cell): Vec =>
  [0, 1, 2].map((j) => f[0] * cell[0][j]! + f[1] * cell[1][j]! + f[2] * cell[2][j]!) as Vec;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Unix seconds of pw.x's '26Dec2015' and '14:41:16' (or '14: 2:55'), taken as UTC. */
function dateOf(day: string, time: string): number | undefined {
  const d = /^(\d{1,2})([A-Za-z]{3})(\d{4})$/.exec(day.trim());
  const t = /^(\d{1,2}):\s*(\d{1,2}):\s*(\d{1,2})$/.exec(time.trim());
  const month = d ? MONTHS.indexOf(d[2]!.toLowerCase()) : -1;
  if (!d || !t || month < 0) return undefined;
  return Date.UTC(Number(d[3]), month, Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3])) / 1000;
}

const SMEARING =
  /(gaussian|Methfessel-Paxton|Marzari-Vanderbilt|Fermi-Dirac|cold)\s+smearing,\s*width\s*\(Ry\)\s*=\s*([-\d.eEdD+]+)/i;

const HEADER = /Program PWSCF\s+v\./;

/**
 * Reads each pw.x run of an output (scripts such as ase-espresso append several runs to one file; each
 * starts with its own 'Program PWSCF' header). Throws when there is none; a run without a geometry
 * (cut off after its header) is left out with a warning on the first run, unless it is the only one.
 */
export function readPwRuns(text: string): PwOutput[] {
  const lines = text.split(/\r?\n/);
  const starts: number[] = [];
  lines.forEach((line, i) => {
    if (HEADER.test(line)) starts.push(i);
  });
  if (starts.length <= 1) return [readLines(lines, 0, lines.length)];
  // What precedes the first header (a script's preamble) belongs to the first run.
  starts[0] = 0;
  const runs: PwOutput[] = [];
  const skipped: string[] = [];
  starts.forEach((start, k) => {
    try {
      runs.push(readLines(lines, start, starts[k + 1] ?? lines.length));
    } catch (error) {
      if (k === starts.length - 1 && runs.length === 0) throw error;
      skipped.push(`run ${k + 1} of ${starts.length} (line ${start + 1}): ${(error as Error).message}`);
    }
  });
  for (const reason of skipped) runs[0]!.warnings.push(`left out ${reason}`);
  return runs;
}

/** Reads a pw.x output (its first run); throws when it is none (no 'Program PWSCF' header). */
export function readPwOutput(text: string): PwOutput {
  return readPwRuns(text)[0]!;
}

function readLines(lines: string[], start: number, end: number): PwOutput {
  const out: PwOutput = {
    kind: 'scf',
    tetrahedra: false,
    spinPolarized: false,
    noncollinear: false,
    kpointList: { points: [], weights: [] },
    species: [],
    pseudopotentialFiles: [],
    pseudopotentials: [],
    criteria: {},
    steps: [],
    finished: false,
    warnings: [],
  };
  let cell: Cell | undefined;
  let geometry: Geometry | undefined;
  let step: PwScfStep | undefined;
  let spin = 0;
  /** The last 'total cpu time spent up to now' (s). */
  let cpuTime: number | undefined;
  const newStep = (): PwScfStep => ({
    iterations: [],
    contributions: [],
    eigenvalues: [],
    kpoints: [],
    geometry: geometry!,
  });

  for (let i = start; i < end; i += 1) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed === '') continue;

    const version = /Program PWSCF\s+v\.?\s*(\S+(?:\s+\(svn rev\.\s*\d+\))?)/.exec(line);
    if (version) {
      out.version ??= version[1]!;
      const started = /starts on\s+(\S+)\s+at\s+(\d+:\s*\d+:\s*\d+)/.exec(line);
      if (started) out.dateStart ??= dateOf(started[1]!, started[2]!);
      continue;
    }
    const terminated =
      line.includes('terminated') && /This run was terminated on:\s*(\d+:\s*\d+:\s*\d+)\s+(\S+)/.exec(line);
    if (terminated) {
      out.dateEnd = dateOf(terminated[2]!, terminated[1]!);
      continue;
    }
    if (line.includes('Noncollinear calculation')) out.noncollinear = true;
    if (out.alat === undefined) {
      const alat = value(line, /lattice parameter \(alat\)\s*=\s*([\d.]+)\s*a\.u\./);
      if (alat !== undefined) out.alat = alat;
    }
    out.ecutwfc ??= value(line, /kinetic-energy cutoff\s*=\s*([\d.]+)\s*Ry/);
    out.ecutrho ??= value(line, /charge density cutoff\s*=\s*([\d.]+)\s*Ry/);
    out.convergenceThreshold ??= value(line, /(?:scf )?convergence threshold\s*=\s*([\d.eEdD+-]+)/);
    out.electrons ??= value(line, /number of electrons\s*=\s*([\d.]+)/);
    out.states ??= value(line, /number of Kohn-Sham states\s*=\s*(\d+)/);
    out.criteria.energy ??= value(line, /energy convergence thresh\.\s*=\s*([\d.eEdD+-]+)/);
    out.criteria.force ??= value(line, /force convergence thresh\.\s*=\s*([\d.eEdD+-]+)/);
    const xc = /Exchange-correlation\s*=\s*(.*)$/.exec(line);
    if (xc && out.xc === undefined) {
      out.xc = xc[1]!.replace(/\(.*$/, '').trim();
      continue;
    }
    const kpoints = /number of k points\s*=\s*(\d+)(.*)$/.exec(line);
    if (kpoints) {
      out.kpointCount = Number(kpoints[1]);
      if (/tetrahedron/.test(kpoints[2]!)) out.tetrahedra = true;
      // The first list (Cartesian); a vc-relax's final SCF lists them again for the new cell.
      if (out.kpointList.points.length === 0) {
        for (let k = i + 1; k < end; k += 1) {
          const point = /^\s*k\(\s*\d+\)\s*=\s*\(\s*(.*?)\),\s*wk\s*=\s*(\S+)/.exec(lines[k]!);
          if (point) {
            out.kpointList.points.push(vec(numbersIn(point[1]!.replace(/(\d)-/g, '$1 -'))));
            out.kpointList.weights.push(Number(point[2]));
          } else if (out.kpointList.points.length > 0 || k > i + 2) break;
        }
      }
    }
    const smearing = SMEARING.exec(line);
    if (smearing && !out.smearing) out.smearing = { kind: smearing[1]!, width: Number(smearing[2]) };
    if (/SPIN UP/.test(line) || /Starting magnetic structure/.test(line) || /lsda relax/.test(line))
      out.spinPolarized = true;

    if (/crystal axes: \(cart\. coord\. in units of alat\)/.test(line) && out.alat !== undefined) {
      const alat = out.alat;
      const rows = [1, 2, 3].map((k) => scale(vec(numbersIn(lines[i + k]!.split('=')[1]!)), alat));
      if (!cell) cell = rows as Cell;
      i += 3;
      continue;
    }
    if (/atomic species\s+valence\s+mass\s+pseudopotential/.test(line)) {
      const species: PwOutput['species'] = [];
      for (let k = i + 1; k < end && lines[k]!.trim() !== ''; k += 1) {
        const parts = lines[k]!.trim().split(/\s+/);
        species.push({
          label: parts[0]!,
          valence: Number(parts[1]),
          mass: Number(parts[2]),
          pseudopotential: parts.slice(3).join(' '),
        });
        i = k;
      }
      if (out.species.length === 0) out.species = species;
      continue;
    }
    const pseudo = line.includes('PseudoPot') && /PseudoPot\. #\s*(\d+) for \S+\s+read from file/.exec(line);
    if (pseudo) {
      const file = (lines[i + 1] ?? '').trim().split('/').pop() ?? '';
      out.pseudopotentialFiles.push(file);
      const index = Number(pseudo[1]) - 1;
      if (!out.pseudopotentials[index]) {
        const md5 = /MD5 check sum:\s*(\S+)/.exec(lines[i + 2] ?? '')?.[1];
        const kind = /Pseudo is ([^,]+),/.exec(lines[i + 2 + (md5 ? 1 : 0)] ?? '')?.[1]?.trim();
        out.pseudopotentials[index] = { file, ...(md5 ? { md5 } : {}), ...(kind ? { kind } : {}) };
      }
      continue;
    }
    if (/site n\.\s+atom\s+positions \(alat units\)/.test(line) && cell && out.alat !== undefined) {
      const labels: string[] = [];
      const positions: Vec[] = [];
      for (let k = i + 1; k < end; k += 1) {
        const site = /^\s*\d+\s+(\S+)\s+tau\(\s*\d+\)\s*=\s*\(\s*(.*)\)/.exec(lines[k]!);
        if (!site) break;
        labels.push(site[1]!);
        positions.push(scale(vec(numbersIn(site[2]!)), out.alat));
        i = k;
      }
      // The first site list is the input geometry; a final scf after vc-relax prints it again.
      if (!geometry) geometry = { cell, labels, positions };
      continue;
    }
    const cellParameters = /^CELL_PARAMETERS\s*\(?\s*(alat|bohr|angstrom)?\s*(?:=\s*([\d.]+))?\)?/i.exec(
      trimmed,
    );
    if (cellParameters) {
      const unit = (cellParameters[1] ?? 'alat').toLowerCase();
      const factor =
        unit === 'bohr'
          ? 1
          : unit === 'angstrom'
            ? ANGSTROM_IN_BOHR
            : Number(cellParameters[2] ?? out.alat ?? 1);
      cell = [1, 2, 3].map((k) => scale(vec(numbersIn(lines[i + k]!)), factor)) as Cell;
      i += 3;
      continue;
    }
    const atomicPositions = /^ATOMIC_POSITIONS\s*\(?\s*(alat|bohr|angstrom|crystal)?/i.exec(trimmed);
    if (atomicPositions && cell) {
      const unit = (atomicPositions[1] ?? 'alat').toLowerCase();
      const labels: string[] = [];
      const positions: Vec[] = [];
      for (let k = i + 1; k < end; k += 1) {
        const parts = lines[k]!.trim().split(/\s+/);
        if (parts.length < 4 || !/^[A-Za-z]/.test(parts[0]!) || Number.isNaN(Number(parts[1]))) break;
        const xyz = vec(parts.slice(1, 4).map(Number));
        labels.push(parts[0]!);
        positions.push(
          unit === 'crystal'
            ? fromFractional(xyz, cell)
            : scale(xyz, unit === 'bohr' ? 1 : unit === 'angstrom' ? ANGSTROM_IN_BOHR : (out.alat ?? 1)),
        );
        i = k;
      }
      geometry = { cell, labels, positions };
      out.finalGeometry = geometry;
      continue;
    }

    if (/JOB DONE\./.test(line)) out.finished = true;
    if (/BFGS Geometry Optimization/.test(line) && out.kind === 'scf') out.kind = 'relax';
    if (/new unit-cell volume/.test(line) && out.kind === 'relax') out.kind = 'vc-relax';
    if (/Molecular Dynamics Calculation/.test(line)) out.kind = 'md';
    if (/Band Structure Calculation/.test(line)) out.kind = 'bands';
    out.mdTimeStep ??= value(line, /Time step\s*=\s*([\d.]+)\s*a\.u\./);
    const criteria = /\(criteria: energy <\s*([\d.eE+-]+) Ry, force <\s*([\d.eE+-]+) Ry\/Bohr/.exec(line);
    if (criteria) {
      out.criteria.energy ??= Number(criteria[1]);
      out.criteria.force ??= Number(criteria[2]);
    }

    if (
      /Self-consistent Calculation|Band Structure Calculation/.test(line) ||
      /iteration #\s*1\s/.test(line)
    ) {
      if (!geometry) continue;
      if (!step || step.energy !== undefined || step.geometry !== geometry) {
        step = newStep();
        if (cpuTime !== undefined) step.timeBefore = cpuTime;
        out.steps.push(step);
        spin = 0;
      }
    }
    const cpu = line.includes('cpu time')
      ? value(line, /total cpu time spent up to now is\s*([\d.]+)\s*secs/)
      : undefined;
    if (cpu !== undefined) {
      cpuTime = cpu;
      // Printed after each iteration; the one before a cycle's first iteration is its start.
      const last = step?.iterations[step.iterations.length - 1];
      if (step && step.energy === undefined && last && last.time === undefined) last.time = cpu;
      else if (step && step.energy === undefined && !last) step.timeBefore = cpu;
      continue;
    }
    if (!step) continue;

    if (/^\s*iteration #\s*\d+/.test(line)) {
      step.iterations.push({});
      continue;
    }
    const iterationEnergy = /^\s*total energy\s*=\s*([-\d.]+)\s*Ry/.exec(line);
    if (iterationEnergy && !line.startsWith('!')) {
      const last = step.iterations[step.iterations.length - 1];
      if (last) last.energy = Number(iterationEnergy[1]);
      continue;
    }
    const accuracy = value(line, /estimated scf accuracy\s*<\s*([\d.eE+-]+)\s*Ry/);
    if (accuracy !== undefined && step.energy === undefined) {
      const last = step.iterations[step.iterations.length - 1];
      if (last) last.accuracy = accuracy;
      continue;
    }
    if (line.startsWith('!')) {
      step.energy = value(line, /total energy\s*=\s*([-\d.]+)\s*Ry/);
      // The converged iteration prints its energy only here.
      const last = step.iterations[step.iterations.length - 1];
      if (last && last.energy === undefined) last.energy = step.energy;
      continue;
    }
    const contribution =
      /^\s*(one-electron contribution|hartree contribution|xc contribution|ewald contribution|smearing contrib\. \(-TS\)|one-center paw contrib\.|DFT-D3? Dispersion|Dispersion Correction)\s*=\s*([-\d.]+)\s*Ry/.exec(
        line,
      );
    if (contribution) {
      step.contributions.push({ name: contribution[1]!, value: Number(contribution[2]) });
      continue;
    }
    if (/convergence has been achieved/.test(line)) step.converged = true;
    if (/convergence NOT achieved/.test(line)) step.converged = false;
    if (/------ SPIN UP ----/.test(line)) spin = 0;
    if (/------ SPIN DOWN ----/.test(line)) spin = 1;
    const bands = /^\s*k\s*=\s*(.*?)\s*\(\s*\d+\s*PWs\)\s*bands \(ev\):/.exec(line);
    if (bands) {
      const energies: number[] = [];
      let k = i + 1;
      for (; k < end; k += 1) {
        const row = lines[k]!.trim();
        if (row === '') {
          if (energies.length > 0) break;
          continue;
        }
        if (!/^[-\d.\s]+$/.test(row)) break;
        energies.push(...numbersIn(row));
      }
      (step.eigenvalues[spin] ??= []).push(energies);
      if (spin === 0) step.kpoints.push(vec(numbersIn(bands[1]!.replace(/(\d)-/g, '$1 -'))));
      i = k - 1;
      continue;
    }
    const fermi = value(line, /the Fermi energy is\s*([-\d.]+)\s*ev/);
    if (fermi !== undefined) step.fermi = fermi;
    const homoLumo = /highest occupied, lowest unoccupied level \(ev\):\s*([-\d.]+)\s+([-\d.]+)/.exec(line);
    if (homoLumo) {
      step.highestOccupied = Number(homoLumo[1]);
      step.lowestUnoccupied = Number(homoLumo[2]);
    }
    const homo = value(line, /highest occupied level \(ev\):\s*([-\d.]+)/);
    if (homo !== undefined) step.highestOccupied = homo;
    if (/Forces acting on atoms/.test(line)) {
      const forces: Vec[] = [];
      for (let k = i + 1; k < end; k += 1) {
        const atom = /^\s*atom\s+\d+\s+type\s+\d+\s+force\s*=\s*(.*)$/.exec(lines[k]!);
        if (atom) forces.push(vec(numbersIn(atom[1]!)));
        else if (forces.length > 0) break;
        i = k;
      }
      step.forces = forces;
      continue;
    }
    if (/total\s+stress\s+\(Ry\/bohr\*\*3\)\s+\(kbar\)/.test(line)) {
      step.stress = [1, 2, 3].map((k) => vec(numbersIn(lines[i + k]!).slice(3, 6))) as Cell;
      i += 3;
      continue;
    }
    const md = step;
    const temperature = value(line, /^\s*temperature\s*=\s*([\d.]+)\s*K/);
    if (temperature !== undefined) (md.md ??= {}).temperature = temperature;
    const kinetic = value(line, /kinetic energy \(Ekin\)\s*=\s*([\d.]+)\s*Ry/);
    if (kinetic !== undefined) (md.md ??= {}).kinetic = kinetic;
    const time = value(line, /^\s*time\s*=\s*([\d.]+)\s*pico-seconds/);
    if (time !== undefined) (md.md ??= {}).time = time;
  }
  if (!out.version) throw new Error("not a pw.x output: no 'Program PWSCF' header");
  if (!geometry) throw new Error('the output has no atomic positions (site list or ATOMIC_POSITIONS)');
  return out;
}
