// What a DFTB+ standard output and its detailed.out say, in their units (Hartree, bohr, Hartree/bohr³):
// version, the input files, the SK files, the initialisation settings and k-points, then per geometry
// (or MD) step the SCC cycles and energies; detailed.out has the final step's energy terms, Fermi level,
// eigenvalues and fillings, forces, charges and dipole. Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { spans } from '../../text/spans.ts';
import { numbersIn } from '../../text/numbers.ts';
import { type Parsed, block, blocks, every, fields, first, flag, real, text } from '../../text/rules.ts';
import { among } from '../../text/spans.ts';

const energy = (label: string) => first(new RegExp(`^\\s*${label}:\\s+(\\S+)\\s+H\\b`), real());

const step = {
  heading: first(/^\*{3}\s+(Geometry|MD) step:\s*(\d+)/, (m) => ({ kind: m[1]!, index: Number(m[2]) })),
  // 'iSCC  Total electronic  Diff electronic  SCC error' rows.
  iterations: every(
    /^\s*\d+\s+(-?\d\.\d+E[-+]\d+)\s+(-?\d\.\d+E[-+]\d+)\s+(-?\d\.\d+E[-+]\d+)\s*$/,
    fields({
      energy: real(1),
      change: real(2),
    }),
  ),
  values: among(/:/, {
    total: energy('Total Energy'),
    totalT0: energy('Extrapolated to 0'),
    mermin: energy('Total Mermin free energy'),
    pressure: first(/^\s*Pressure:\s+(\S+)\s+au/, real()),
    maximumForce: first(/^\s*Maximal force component:\s+(\S+)/, real()),
    // Molecular dynamics: the nuclei's kinetic energy, the conserved total and the temperature.
    kinetic: energy('MD Kinetic Energy'),
    mdTotal: energy('Total MD Energy'),
    temperature: first(/^\s*MD Temperature:\s+\S+\s+au\s+(\S+)\s+K/, real()),
  }),
};

const output = {
  version: first(/^\|\s{2}DFTB\+\s+(.+?)\s*$/, text()),
  inputFile: first(/(?:Interpreting|Reading) input file '(\S+)'/, text()),
  processedInputFile: first(/Processed input in HSD format written to '(\S+)'/, text()),
  parserVersion: first(/^Parser version:\s+(\S+)/, text()),
  skFiles: block(/^Reading SK-files:/, { files: every(/^\s+(\S+\.skf)\s*$/, text()) }, { end: /^Done\./ }),
  settings: block(
    /^Starting initialization/,
    {
      pairs: every(/^([A-Z][^:]*?):\s+(\S.*?)\s*$/, fields({ name: text(1), value: text(2) })),
      kpoints: spans(/^K-points and weights:/, /^\s+\d+:\s/, {
        rows: every(/(\d+):\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(\d+\.\d+)\s*$/, (m) =>
          [2, 3, 4, 5].map((g) => Number(m[g])),
        ),
      }),
    },
    { end: /^\*{3}\s+(Geometry|MD) step:/ },
  ),
  steps: blocks(/^\*{3}\s+(Geometry|MD) step:/, step),
  converged: flag(/^Geometry converged/),
  // The end of an optimisation, converged or not.
  optimizationEnd: flag(/^Geometry (converged|did NOT converge)/),
};

const detailedEnergies = {
  fermi: energy('Fermi level'),
  band: energy('Band energy'),
  ts: energy('TS'),
  bandFree: energy('Band free energy \\(E-TS\\)'),
  bandT0: energy('Extrapolated E\\(0K\\)'),
  h0: energy('Energy H0'),
  scc: energy('Energy SCC'),
  electronic: energy('Total Electronic energy'),
  repulsive: energy('Repulsive energy'),
  dispersion: energy('Dispersion energy'),
  total: energy('Total energy'),
  totalT0: energy('Extrapolated to 0'),
  mermin: energy('Total Mermin free energy'),
};

/** Rows of a K-point's eigenvalues: 'index  eigenvalue  filling'. */
const levels = every(
  /^\s*\d+\s+(-?\d+\.\d+(?:E[-+]\d+)?)\s+(-?\d+\.\d+(?:E[-+]\d+)?)\s*$/,
  fields({
    energy: real(1),
    occupation: real(2),
  }),
);

const detailed = {
  energies: among(/:/, detailedEnergies),
  pressure: first(/^Pressure:\s+(\S+)\s+au/, real()),
  dipole: first(/^Dipole moment:\s+(\S+)\s+(\S+)\s+(\S+)\s+au/, (m) => [1, 2, 3].map((g) => Number(m[g]))),
  forces: spans(/^Total Forces/, /^\s*(\d+\s+)?-?\d+\.\d+(E[-+]\d+)?\s+-?\d/, {
    rows: every(/^\s*(.*\S)\s*$/, (m) => {
      const values = numbersIn(m[1]!);
      return values.length >= 3 ? values.slice(-3) : undefined;
    }),
  }),
  charges: spans(/^\s*Net atomic charges \(e\)/, /^\s*(Atom\s+Net charge|\d+\s+-?\d+\.\d+)\s*$/, {
    rows: every(/^\s*\d+\s+(-?\d+\.\d+)\s*$/, real()),
  }),
  // One table per k-point ('K-point N :' headings), or a single table for a molecule.
  eigenvalues: block(
    /^Eigenvalues \(H\) and fillings \(e\)/,
    { kpoints: blocks(/^\s*K-points?\s+\d+/, { levels }), levels },
    { end: /^(?!K-point)[A-Z][a-z]/ },
  ),
  converged: first(/^SCC (converged|is NOT converged)/, (m) => m[1] === 'converged'),
};

export type DftbStep = Parsed<typeof step>;
export type DftbDetailed = Parsed<typeof detailed>;
export type DftbOutput = Parsed<typeof output> & { warnings: string[] };

export function readDftbOutput(content: string, file = 'output'): DftbOutput {
  const { values, warnings } = readText(output, content, file);
  if (!values.version) throw new Error("not a DFTB+ output: no '|  DFTB+' banner line");
  return { ...values, warnings };
}

export function readDetailed(content: string, file = 'detailed.out'): DftbDetailed & { warnings: string[] } {
  const { values, warnings } = readText(detailed, content, file);
  return { ...values, warnings };
}
