// What an Octopus standard output says (its own units, named in brackets: [b] bohr, [A] Å, [H] Hartree,
// [eV]): version, calculation mode, the simulation box's lattice and periodicity, the grid spacing and
// cut-off, the printed exchange and correlation, each SCF run with per iteration the total energy
// ('etot', in the input's energy unit), Fermi energy and time, geometry-optimisation steps, the rows of a
// time propagation, and whether the run ended. static/info repeats the grid and adds the final results (read-info.ts).
import { readText } from '../../text/read-text.ts';
import { number } from '../../text/convert-number.ts';
import {
  type Parsed,
  block,
  blocks,
  every,
  fields,
  first,
  integer,
  real,
  table,
  text,
  vector,
} from '../../text/rules.ts';

/** The simulation box as printed in stdout and in static/info. */
export const grid = {
  /** 'b' or 'A' */
  latticeUnit: first(/^\s*Lattice Vectors \[(\w+)\]/, text()),
  lattice: table(/^\s*Lattice Vectors \[/, /^\s*(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s*$/, vector(3)),
  periodicDimensions: first(/treat the system as periodic in (\d+) dim/, integer()),
  spacing: first(
    /^\s*Spacing \[(\w+)\] = \(\s*(\S+),\s*(\S+),\s*(\S+)\s*\)/,
    fields({ unit: text(1), values: vector(3, 0) }),
  ),
  /** Hartree */
  cutoff: first(/Grid Cutoff \[H\] =\s*(\S+)/, number()),
};

const energyWithUnit = fields({ value: number(1), unit: text(2) });

const scfRun = {
  iterations: blocks(/^\*+ SCF CYCLE ITER #/, {
    energy: first(/^\s*etot\s*=\s*(\S+)/, number()),
    fermi: first(/^Fermi energy\s*=\s*(\S+)\s+(\w+)/, energyWithUnit),
    time: first(/^Elapsed time for SCF step\s*\d+:\s*(\S+)/, number()),
  }),
  converged: first(/SCF converged in\s*(\d+) iterations/, integer()),
};

const declaration = {
  version: first(/^Version\s*:\s*(\S+)/, text()),
  revision: first(/^Revision\s*:\s*(\d+)/, integer()),
  mode: first(/^Input: \[CalculationMode = (\w+)\]/, text()),
  ...grid,
  exchange: block(/^\s*Exchange-correlation:/, {
    exchange: table(/^\s*Exchange\s*$/, /^\s{4}(\S.*?)\s*$/, text()),
    correlation: table(/^\s*Correlation\s*$/, /^\s{4}(\S.*?)\s*$/, text()),
  }),
  scf: blocks(/^Info: Starting SCF iteration/, scfRun, { end: /^Info: SCF (?:converged|not converged)/ }),
  minimization: blocks(/MINIMIZATION ITER #:\s*\d+/, {
    step: first(/MINIMIZATION ITER #:\s*(\d+)/, integer()),
    // Octopus before 6 printed no unit: the output's energy unit.
    energy: first(/^\s*Energy\s*=\s*(\S+)(?:\s+(\w+))?/, (match) =>
      Number.isFinite(Number(match[1])) ? { value: Number(match[1]), unit: match[2] } : undefined,
    ),
    maxForce: first(/^\s*Max force\s*=\s*(\S+)/, number()),
  }),
  // A time propagation (CalculationMode = td): after its heading, one row per time step with the step, the
  // simulated time and the total energy (the output's units), the self-consistency steps of the propagator
  // and the seconds since the previous row. The rows run to the end of the file: a ground state recomputed
  // during the propagation prints its SCF between them and the heading again, lower-case.
  timeDependent: block(/^\*+ Time-Dependent Simulation \*+\s*$/, {
    steps: every(
      /^\s*(\d+)\s+(\S+)\s+(\S+)\s+(\d+)\s+(\S+)\s*$/,
      fields({ step: integer(1), time: real(2), energy: real(3), scfSteps: integer(4), elapsed: real(5) }),
    ),
  }),
  finished: first(/^\s*Calculation ended on/, () => true),
  walltime: first(
    /^\s*Walltime:\s*(?:(\d+)h\s*)?(?:(\d+)m\s*)?(\d+(?:\.\d+)?)s/,
    (match) => Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3]),
  ),
};

export type OctopusOutput = Parsed<typeof declaration> & { warnings: string[]; lines: number };

export function readOctopusOutput(content: string, file: string): OctopusOutput {
  const read = readText(declaration, content, file);
  return { ...read.values, warnings: read.warnings, lines: read.lines };
}
