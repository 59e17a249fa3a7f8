// The GW part of an FHI-aims output (qpe_calc gw / gw_expt, sc_self_energy scgw): the imaginary
// frequency grid of the self-energy ('i_freq n value', Ha), the quasi-particle table of a molecule
// ('state occ_num e_gs e_x^ex e_xc^gs e_c^nloc e_qp', eV) and the iterations of self-consistent GW.
import type { Convert, Parsed } from '../../text/rules.ts';
import { blocks, every, fields, first, integer, last, real, table, text } from '../../text/rules.ts';

interface AimsGwIteration {
  /** eV */
  correlation?: number;
  /** Galitskii-Migdal total energy, eV. */
  total?: number;
  exchange?: number;
}

interface AimsQuasiParticles {
  occupations: number[];
  /** eV, per state. */
  ks: number[];
  exchange: number[];
  ksXc: number[];
  correlation: number[];
  qp: number[];
}

export interface AimsGw {
  /** Imaginary frequencies of the self-energy, Ha. */
  frequencies: number[];
  /** 'Number of frequency points', printed also when the points are not. */
  nFrequencies?: number;
  /** NOMAD's name of the grid ('Initialising transformed Gauss-Legendre time and frequency grids'). */
  frequencySampling?: 'Gauss-Legendre' | 'Logarithmic';
  quasiParticles?: AimsQuasiParticles;
  iterations: AimsGwIteration[];
}

const N = String.raw`([-\d.Ee+]+)`;
/** A row of the quasi-particle table, or a line without letters (rules, blanks) inside it. */
const QP_ROW = new RegExp(String.raw`^(?:\s*\d+\s+${N}\s+${N}\s+${N}\s+${N}\s+${N}\s+${N}\s*|[^A-Za-z]*)$`);
const qpRow: Convert<number[]> = (match) =>
  match[1] === undefined ? undefined : match.slice(1, 7).map(Number);
const energy = (name: string) => last(new RegExp(String.raw`^\s*\|\s*${name}\s*:\s*${N}\s*eV`), real());

/** What the GW part of an output holds, from its first line on. */
export const GW = {
  frequencies: every(
    /^\s*\|?\s*i_freq\s+(\d+)\s+([-\d.Ee+]+)/,
    fields({ index: integer(1), value: real(2) }),
  ),
  sampling: last(
    /^\s*Initialising (transformed Gauss-Legendre|logarithmic) time and frequency grids/,
    text(),
  ),
  count: first(/^\s*Number of frequency points\.+:\s*(\d+)/, integer()),
  // The table's rows start after its column names; the first text after the rows ends it.
  quasiParticles: blocks(/GW quasi-particle energy levels/, {
    rows: table(/^\s*state\s+occ_num/, QP_ROW, qpRow),
  }),
  iterations: blocks(/^\s*Iteration\s+\d+\s*$/, {
    correlation: energy('GW correlation Energy'),
    total: energy('Galitskii-Migdal Total Energy'),
    exchange: energy('Exchange Energy'),
  }),
};

const column = (rows: number[][], k: number) => rows.map((row) => row[k]!);

export function gwOf(gw: Parsed<typeof GW>): AimsGw {
  // Periodic GW prints the grid again per block; the first one is the grid.
  const again = gw.frequencies.findIndex((point, k) => k > 0 && point.index === 1);
  const rows = gw.quasiParticles.at(-1)?.rows;
  return {
    frequencies: gw.frequencies.slice(0, again < 0 ? undefined : again).map((point) => point.value),
    iterations: gw.iterations,
    ...(gw.count !== undefined ? { nFrequencies: gw.count } : {}),
    ...(gw.sampling
      ? { frequencySampling: gw.sampling === 'logarithmic' ? 'Logarithmic' : 'Gauss-Legendre' }
      : {}),
    ...(rows
      ? {
          quasiParticles: {
            occupations: column(rows, 0),
            ks: column(rows, 1),
            exchange: column(rows, 2),
            ksXc: column(rows, 3),
            correlation: column(rows, 4),
            qp: column(rows, 5),
          },
        }
      : {}),
  };
}
