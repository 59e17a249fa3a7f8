// What static/info (and static/eigenvalues) hold after a ground-state run, in the units their headings
// name: the k-point grid and the reduced k-points with weights, the energy terms, the total and local
// magnetic moments, the forces on the ions and the Kohn-Sham eigenvalues with occupations per k-point
// and spin ('--' unpolarised, 'up'/'dn'), and the Fermi energy when printed.
import { readText } from '../../text/read-text.ts';
import { number } from '../../text/convert-number.ts';
import {
  type Convert,
  type Parsed,
  block,
  blocks,
  every,
  fields,
  first,
  integer,
  reals,
  table,
  text,
} from '../../text/rules.ts';
import { spans } from '../../text/spans.ts';
import { grid } from './read-octopus.ts';

const state = fields({ index: integer(1), spin: text(2), energy: number(3), occupation: number(4) });
/** Groups 1 to `count` as numbers. */
const groups =
  (count: number): Convert<number[]> =>
  (match) => {
    const values = match.slice(1, count + 1).map(Number);
    return values.every(Number.isFinite) ? values : undefined;
  };

const STATE = /^\s*(\d+)\s+(--|up|dn)\s+(\S+)\s+(\S+)/;

const eigenvalues = block(/^\s*Eigenvalues \[(\w+)\]/, {
  unit: first(/^\s*Eigenvalues \[(\w+)\]/, text()),
  kpoints: blocks(/^#k =\s*\d+, k = \(/, {
    k: first(/^#k =\s*\d+, k = \((.*)\)/, reals(1)),
    states: every(STATE, state),
  }),
  states: every(STATE, state),
});

const declaration = {
  ...grid,
  kgrid: first(/^Dimensions of the k-point grid\s*=\s*(.*)$/, reals(1)),
  kweights: table(
    /^\s*ik\s+k_x\s+k_y\s+k_z\s+Weight/,
    /^\s*\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/,
    groups(4),
    {
      skip: 1,
    },
  ),
  energies: spans(/^Energy \[(\w+)\]:/, /\S/, {
    unit: first(/^Energy \[(\w+)\]:/, text()),
    terms: every(/^\s*(\S.*?)\s*=\s*(\S+)\s*$/, fields({ name: text(1), value: number(2) })),
  }),
  magneticMoment: first(/^\s*mz\s*=\s*(\S+)/, number()),
  localMoments: table(/^\s*Ion\s+mz\s*$/, /^\s*\d+\s+\w+\s+(\S+)\s*$/, number()),
  forcesUnit: first(/^\s*Forces on the ions \[(.*)\]/, text()),
  forces: table(/^\s*Forces on the ions/, /^\s*\d+\s+\w+\s+(\S+)\s+(\S+)\s+(\S+)\s*$/, groups(3), {
    skip: 1,
  }),
  eigenvalues,
  fermi: first(/Fermi energy\s*=\s*(\S+)\s+(\w+)/, fields({ value: number(1), unit: text(2) })),
  converged: first(/SCF converged in\s*(\d+) iterations/, integer()),
};

export type OctopusInfo = Parsed<typeof declaration>;

export function readOctopusInfo(content: string, file: string): { info: OctopusInfo; warnings: string[] } {
  const read = readText(declaration, content, file);
  return { info: read.values, warnings: read.warnings };
}
