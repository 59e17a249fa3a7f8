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
  /** Total energy per iteration (Ry) and the estimated accuracy (Ry). */
  iterations: { energy?: number; accuracy?: number }[];
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
  smearing?: { kind: string; width: number };
  tetrahedra: boolean;
  spinPolarized: boolean;
  species: { label: string; valence: number; mass: number; pseudopotential: string }[];
  pseudopotentialFiles: string[];
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

const SMEARING =
  /(gaussian|Methfessel-Paxton|Marzari-Vanderbilt|Fermi-Dirac|cold)\s+smearing,\s*width\s*\(Ry\)\s*=\s*([-\d.eEdD+]+)/i;

/** Reads a pw.x output; throws when it is none (no 'Program PWSCF' header). */
export function readPwOutput(text: string): PwOutput {
  const lines = text.split(/\r?\n/);
  const out: PwOutput = {
    kind: 'scf',
    tetrahedra: false,
    spinPolarized: false,
    species: [],
    pseudopotentialFiles: [],
    criteria: {},
    steps: [],
    finished: false,
    warnings: [],
  };
  let cell: Cell | undefined;
  let geometry: Geometry | undefined;
  let step: PwScfStep | undefined;
  let spin = 0;
  const newStep = (): PwScfStep => ({
    iterations: [],
    contributions: [],
    eigenvalues: [],
    kpoints: [],
    geometry: geometry!,
  });

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed === '') continue;

    const version = /Program PWSCF\s+v\.?\s*(\S+(?:\s+\(svn rev\.\s*\d+\))?)/.exec(line);
    if (version) {
      out.version ??= version[1]!;
      continue;
    }
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
      for (let k = i + 1; k < lines.length && lines[k]!.trim() !== ''; k += 1) {
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
    if (/PseudoPot\. #\s*\d+ for \S+ read from file/.test(line)) {
      out.pseudopotentialFiles.push((lines[i + 1] ?? '').trim().split('/').pop() ?? '');
      continue;
    }
    if (/site n\.\s+atom\s+positions \(alat units\)/.test(line) && cell && out.alat !== undefined) {
      const labels: string[] = [];
      const positions: Vec[] = [];
      for (let k = i + 1; k < lines.length; k += 1) {
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
      for (let k = i + 1; k < lines.length; k += 1) {
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
        out.steps.push(step);
        spin = 0;
      }
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
      for (; k < lines.length; k += 1) {
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
      for (let k = i + 1; k < lines.length; k += 1) {
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
