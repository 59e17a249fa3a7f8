// What a .castep file says, in its units (eV, Å, eV/Å, ps, GPa): version and the parameters echoed at
// the start, the cell and fractional coordinates whenever printed, then per SCF (the finite-basis-set
// extra SCFs left out) its iterations, final energy and forces, with each MD step's data.
import { numbersIn } from '../text/numbers.ts';

type Vec = [number, number, number];

export interface CastepGeometry {
  /** Rows, Å */
  cell: [Vec, Vec, Vec];
  species: string[];
  fractional: Vec[];
}

export interface CastepScf {
  geometry: CastepGeometry;
  /** eV per iteration */
  iterations: number[];
  /** eV */
  energy: number;
  freeEnergy?: number;
  /** eV/Å */
  forces?: Vec[];
  md?: { time?: number; temperature?: number; pressure?: number; potential?: number };
}

export interface CastepOutput {
  version?: string;
  /** The echoed parameters, 'key : value' (first occurrence). */
  parameters: Map<string, string>;
  scfs: CastepScf[];
  optimizationCompleted: boolean;
  finished: boolean;
}

export function readCastepOutput(text: string): CastepOutput {
  const lines = text.split(/\r?\n/);
  const out: CastepOutput = {
    parameters: new Map(),
    scfs: [],
    optimizationCompleted: false,
    finished: false,
  };
  let cell: [Vec, Vec, Vec] | undefined;
  let geometry: CastepGeometry | undefined;
  let iterations: number[] = [];
  let skipNext = false;
  let basisRuns = 0;
  let scf: CastepScf | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const version = /CASTEP version\s+(\S+)/.exec(line);
    if (version) out.version ??= version[1]!;
    const parameter = /^\s{1,2}([a-z][a-zA-Z0-9 .()/-]*?)\s{2,}:\s+(.+?)\s*$/.exec(line);
    if (parameter && !out.parameters.has(parameter[1]!)) out.parameters.set(parameter[1]!, parameter[2]!);
    if (/Real Lattice\(A\)/.test(line)) {
      cell = [1, 2, 3].map((k) => numbersIn(lines[i + k]!).slice(0, 3)) as [Vec, Vec, Vec];
      if (geometry) geometry = { ...geometry, cell };
      i += 3;
      continue;
    }
    if (/Fractional coordinates of atoms/.test(line) && cell) {
      const species: string[] = [];
      const fractional: Vec[] = [];
      for (let k = i + 3; k < lines.length; k += 1) {
        const atom = /^\s*x\s+([A-Z][a-z]?)\S*\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+x\s*$/.exec(lines[k]!);
        if (!atom) break;
        species.push(atom[1]!);
        fractional.push([Number(atom[2]), Number(atom[3]), Number(atom[4])]);
        i = k;
      }
      geometry = { cell, species, fractional };
      continue;
    }
    // A finite basis set correction runs the SCF at several cut-offs: the first is the calculation's own.
    if (/Calculating finite basis set correction/.test(line)) basisRuns = 0;
    if (/Calculating total energy with cut-off of/.test(line)) skipNext = (basisRuns += 1) > 1;
    const iteration = /^\s*\d+\s+(-?\d\.\d+E[-+]\d+).*<-- SCF\s*$/.exec(line);
    if (iteration) {
      iterations.push(Number(iteration[1]));
      continue;
    }
    const energy = /^Final energy(?:, E)?\s*=\s*(\S+)\s*eV/.exec(line);
    if (energy && geometry) {
      if (skipNext) skipNext = false;
      else {
        scf = { geometry, iterations, energy: Number(energy[1]) };
        out.scfs.push(scf);
      }
      iterations = [];
      continue;
    }
    const free = /^Final free energy \(E-TS\)\s*=\s*(\S+)\s*eV/.exec(line);
    if (free && scf) scf.freeEnergy = Number(free[1]);
    if (/\*+ (?:Symmetrised |Constrained )?Forces \*+/.test(line) && scf) {
      const forces: Vec[] = [];
      for (let k = i + 1; k < lines.length; k += 1) {
        const row = /^\s*\*\s+[A-Z][a-z]?\S*\s+\d+\s+(\S+)\s+(\S+)\s+(\S+)(?:\s*\(cons'd\))?\s*\*\s*$/.exec(
          lines[k]!,
        );
        if (row) forces.push([Number(row[1]), Number(row[2]), Number(row[3])]);
        else if (/^\s*\*+\s*$/.test(lines[k]!) && forces.length > 0) break;
        i = k;
      }
      scf.forces = forces;
      continue;
    }
    const mdValue = /^\s*x\s+(time|Potential Energy|Temperature|T\/=0 Pressure|Pressure)\s*:\s*(\S+)/.exec(
      line,
    );
    if (mdValue && scf) {
      const md = (scf.md ??= {});
      const value = Number(mdValue[2]);
      if (mdValue[1] === 'time') md.time = value;
      else if (mdValue[1] === 'Potential Energy') md.potential = value;
      else if (mdValue[1] === 'Temperature') md.temperature = value;
      else md.pressure = value;
    }
    if (/Geometry optimization completed successfully/.test(line)) out.optimizationCompleted = true;
    if (/^Total time\s*=/.test(line)) out.finished = true;
  }
  if (!out.version) throw new Error("not a CASTEP output: no 'CASTEP version' line");
  if (out.scfs.length === 0) throw new Error("the output has no 'Final energy'");
  return out;
}
