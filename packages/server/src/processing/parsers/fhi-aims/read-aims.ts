// What an FHI-aims main output says, in its units (eV, Å, ps): the echoed control.in, the input geometry,
// then per SCF cycle its iterations, energies, Fermi level, band edges and forces, and the geometry of
// relaxation and MD steps.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface AimsGeometry {
  /** Rows in Å; undefined for a cluster (molecule). */
  cell?: [Vec, Vec, Vec];
  species: string[];
  /** Cartesian, Å. */
  positions: Vec[];
}

export interface AimsScfStep {
  /** Total energy per iteration (eV). */
  iterations: number[];
  /** eV */
  totalUncorrected?: number;
  totalCorrected?: number;
  freeEnergy?: number;
  /** eV */
  fermi?: number;
  highestOccupied?: number;
  lowestUnoccupied?: number;
  converged: boolean;
  /** eV/Å */
  forces?: Vec[];
  geometry: AimsGeometry;
  md?: { temperature?: number; time?: number };
}

export interface AimsOutput {
  version?: string;
  /** control.in keywords as echoed (first word the key, the rest its value). */
  control: Map<string, string>;
  /** Every 'output' line of control.in ('band 0 0 0 0.5 0 0.5 20 G X', 'dos -20 10 1000 0.01'). */
  outputs: string[];
  steps: AimsScfStep[];
  geometryConverged?: boolean;
  finished: boolean;
}

/** The control.in echo: keyword lines before the first species block or comment rule. */
function readControl(lines: string[], from: number, control: Map<string, string>, outputs: string[]): number {
  let i = from;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (/^-{10,}$/.test(line) || /^Completed first pass over input file control\.in/.test(line)) break;
    if (line === '' || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    // Species blocks repeat keys per species; the global settings come first.
    if (key === 'species') break;
    if (key === 'output') outputs.push(rest.join(' '));
    else if (key && !control.has(key)) control.set(key, rest.join(' '));
  }
  return i;
}

/** 'atom x y z El' rows (and 'lattice_vector x y z') after a structure heading. */
function readStructure(
  lines: string[],
  from: number,
  species: string[] | undefined,
): { geometry: AimsGeometry; end: number } {
  const cell: Vec[] = [];
  const atoms: Vec[] = [];
  const names: string[] = [];
  let i = from;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (line.startsWith('lattice_vector')) cell.push(numbersIn(line).slice(0, 3) as Vec);
    else if (/^atom\s/.test(line)) {
      const parts = line.split(/\s+/);
      atoms.push(parts.slice(1, 4).map(Number) as Vec);
      names.push(parts[4] ?? species?.[atoms.length - 1] ?? 'X');
    } else if (/^velocity\s/.test(line) || line === '' || /x \[A\]/.test(line)) continue;
    else break;
  }
  const geometry: AimsGeometry = { species: names, positions: atoms };
  if (cell.length === 3) geometry.cell = cell as [Vec, Vec, Vec];
  return { geometry, end: i - 1 };
}

export function readAimsOutput(text: string): AimsOutput {
  const lines = text.split(/\r?\n/);
  const out: AimsOutput = { control: new Map(), outputs: [], steps: [], finished: false };
  let geometry: AimsGeometry | undefined;
  let step: AimsScfStep | undefined;
  let inIterations = false;
  let fermi: number | undefined;
  let homo: number | undefined;
  let lumo: number | undefined;

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /^\s*Version\s+(\S+)/.exec(line);
    if (version && !out.version) {
      out.version = version[1]!;
      continue;
    }
    if (/The contents of control\.in will be repeated verbatim below/.test(line) && out.control.size === 0) {
      i = readControl(lines, i + 4, out.control, out.outputs);
      continue;
    }
    if (/^\s*Input geometry:/.test(line) && !geometry) {
      const cell: Vec[] = [];
      const species: string[] = [];
      const positions: Vec[] = [];
      let k = i + 1;
      if (/\| Unit cell:/.test(lines[k] ?? '')) {
        for (let r = 1; r <= 3; r += 1) cell.push(numbersIn(lines[k + r]!).slice(0, 3) as Vec);
        k += 4;
      }
      for (; k < lines.length; k += 1) {
        const atom = /^\s*\|\s*\d+:\s*Species\s+(\S+)\s+(.*)$/.exec(lines[k]!);
        if (atom) {
          species.push(atom[1]!);
          positions.push(numbersIn(atom[2]!).slice(0, 3) as Vec);
        } else if (positions.length > 0 || !/Atomic structure|Atom\s+x \[A\]/.test(lines[k]!)) break;
      }
      geometry = { species, positions, ...(cell.length === 3 ? { cell: cell as [Vec, Vec, Vec] } : {}) };
      i = k - 1;
      continue;
    }
    if (/Begin self-consistency loop/.test(line)) {
      if (!geometry) throw new Error('the output has no input geometry before its first SCF cycle');
      step = { iterations: [], converged: false, geometry };
      out.steps.push(step);
      inIterations = false;
      continue;
    }
    if (!step) continue;
    if (/Begin self-consistency iteration #/.test(line)) inIterations = true;
    const total = /^\s*\| Total energy\s+:\s*\S+\s+Ha\s+(\S+)\s+eV/.exec(line);
    if (total && inIterations) step.iterations.push(Number(total[1]));
    const chemical = /Chemical potential \(Fermi level\)(?: in eV)?\s*:\s*(\S+)/.exec(line);
    if (chemical) fermi = numbersIn(chemical[1]!)[0];
    const vbm = /Highest occupied state \(VBM\) at\s+(\S+)\s+eV/.exec(line);
    if (vbm) homo = Number(vbm[1]);
    const cbm = /Lowest unoccupied state \(CBM\) at\s+(\S+)\s+eV/.exec(line);
    if (cbm) lumo = Number(cbm[1]);
    if (/Self-consistency cycle converged\./.test(line)) step.converged = true;
    const compact =
      /^\s*\| (Total energy uncorrected|Total energy corrected|Electronic free energy)\s+:\s*(\S+)\s+eV/.exec(
        line,
      );
    if (compact && !/per atom/.test(line)) {
      const value = Number(compact[2]);
      if (compact[1] === 'Total energy uncorrected') step.totalUncorrected = value;
      else if (compact[1] === 'Total energy corrected') step.totalCorrected = value;
      else step.freeEnergy = value;
      step.fermi = fermi;
      step.highestOccupied = homo;
      step.lowestUnoccupied = lumo;
      continue;
    }
    if (/^\s*Total atomic forces.*\[eV\/Ang\]:/.test(line)) {
      const forces: Vec[] = [];
      for (let k = i + 1; k < lines.length; k += 1) {
        const row = /^\s*\|\s*\d+\s+(.*)$/.exec(lines[k]!);
        if (!row) break;
        forces.push(numbersIn(row[1]!).slice(0, 3) as Vec);
        i = k;
      }
      step.forces = forces;
      continue;
    }
    if (/^\s*(Updated atomic structure|Final atomic structure):/.test(line)) {
      const read = readStructure(lines, i + 1, geometry?.species);
      const cell = read.geometry.cell ?? geometry?.cell;
      geometry = { ...read.geometry, ...(cell ? { cell } : {}) };
      i = read.end;
      continue;
    }
    // MD prints the geometry of the step just computed, with its time and temperature.
    const temperature = /\| Temperature \(nuclei\)\s*:\s*(\S+)\s*K/.exec(line);
    if (temperature) (step.md ??= {}).temperature = Number(temperature[1]);
    const time = /\| Simulation time\s*:\s*(\S+)\s*ps/.exec(line);
    if (time) (step.md ??= {}).time = Number(time[1]);
    if (
      /^\s*(Final atomic structure|Atomic structure) \(and velocities\) as used in the preceding time step:/.test(
        line,
      )
    ) {
      const read = readStructure(lines, i + 1, geometry?.species);
      if (read.geometry.positions.length > 0)
        step.geometry = { ...read.geometry, ...(geometry?.cell ? { cell: geometry.cell } : {}) };
      i = read.end;
      continue;
    }
    if (/Present geometry is converged\./.test(line)) out.geometryConverged = true;
    if (/Have a nice day\./.test(line)) out.finished = true;
  }
  if (!out.version) throw new Error("not an FHI-aims output: no 'Version' line after 'Invoking FHI-aims'");
  if (!geometry) throw new Error('the output has no input geometry');
  if (out.steps.length === 0) out.steps.push({ iterations: [], converged: false, geometry });
  return out;
}
