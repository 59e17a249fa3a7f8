// WIEN2k's band energies and densities of states, in Ry: case.energy[up|dn][_N] (lapw1's eigenvalues per
// k-point; a parallel run writes one file per k-point slice, _1, _2, ...) and case.dosN[up|dn] (tetra's
// DOS columns, '# ENERGY' naming them). Declared on the text toolkit.
import { number } from '../../text/convert-number.ts';
import { readText } from '../../text/read-text.ts';
import { blocks, every, fields, first, integer, reals, text } from '../../text/rules.ts';

type Vec = [number, number, number];

export interface Wien2kKpointEnergies {
  kpoint: Vec;
  /** The k-point's weight in the irreducible wedge (its multiplicity). */
  weight: number;
  /** Ry */
  energies: number[];
}

const E = '([-+]?\\d\\.\\d+[eEdD][-+]?\\d+)';

const energyFile = {
  // 3E19.12 (k), A10 name, I6 index, I6 matrix size, I6 number of bands, F5 weight; then 'n  energy' rows.
  kpoints: blocks(new RegExp(`^\\s*${E}\\s*${E}\\s*${E}\\S*\\s+\\d+\\s+\\d+\\s+\\d+\\s+[\\d.]+`), {
    head: first(
      new RegExp(`^\\s*${E}\\s*${E}\\s*${E}\\S*\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+([\\d.]+)`),
      fields({ x: number(1), y: number(2), z: number(3), bands: integer(6), weight: number(7) }),
    ),
    energies: every(/^\s*\d+\s+([-+]?\d*\.\d+(?:[eEdD][-+]?\d+)?)\s*$/, number()),
  }),
};

export function readWien2kEnergy(content: string, file = 'case.energy'): Wien2kKpointEnergies[] {
  const { values } = readText(energyFile, content, file);
  return values.kpoints.flatMap((k) =>
    k.head
      ? [{ kpoint: [k.head.x, k.head.y, k.head.z] as Vec, weight: k.head.weight, energies: k.energies }]
      : [],
  );
}

export interface Wien2kDosFile {
  /** Column names after ENERGY: 'TOTAL', 'total-DOS', '1:total', '2:s', ... */
  labels: string[];
  /** Ry */
  energies: number[];
  /** Per column, states/Ry per cell. */
  columns: number[][];
}

const dosFile = {
  labels: first(/^#\s*ENERGY\s+(.*)$/, text()),
  rows: every(/^\s*[-+]?\d+\.\d+\s+[-+]?\d+\.\d+.*$/, reals()),
};

export function readWien2kDos(content: string, file = 'case.dos1'): Wien2kDosFile | undefined {
  const { values } = readText(dosFile, content, file);
  if (!values.labels || values.rows.length === 0) return undefined;
  const labels = values.labels.split(/\s+/).filter(Boolean);
  const width = Math.min(...values.rows.map((row) => row.length));
  return {
    labels: labels.slice(0, width - 1),
    energies: values.rows.map((row) => row[0]!),
    columns: labels.slice(0, width - 1).map((_, k) => values.rows.map((row) => row[k + 1]!)),
  };
}
