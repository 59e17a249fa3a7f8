// A properties run's band structure and DOS, in SI units: the k-points of each band line from the output
// (start, end and number of points, in fractions of the reciprocal primitive vectors), their energies
// from the fort.25 blocks; the DOS from its fort.25 blocks.
import { HARTREE } from '@oasis/chem';
import type { BandEnergies, RunBandStructure, RunDos } from '@oasis/schema';
import { reciprocalCell } from '../../normalizers/electronic-kspace.ts';
import type { Structure } from '../../structure.ts';
import type { CrystalOutput } from './read-crystal.ts';
import type { F25Block } from './read-f25.ts';

type Vec = number[];

const close = (a: Vec, b: Vec) => a.every((x, i) => Math.abs(x - b[i]!) < 1e-6);

/**
 * The k-points of each line. A line that starts where the previous one ended does not print its first
 * point again: it is added back, so that every segment runs from its start to its end.
 */
function linePoints(out: CrystalOutput): { kpoints: Vec[]; continued: boolean }[] | undefined {
  let previous: Vec | undefined;
  const lines = [];
  for (const line of out.bandLines) {
    if (!line.ends || line.points === undefined || line.points < 1) return undefined;
    const { from, to } = line.ends;
    const continued = previous !== undefined && close(previous, from);
    // Printed points: n from the start to the end, or n after the start of a continued line.
    const n = line.points;
    const kpoints = Array.from({ length: continued ? n + 1 : n }, (_, j) => {
      const t = continued ? j / n : n === 1 ? 0 : j / (n - 1);
      return from.map((x, i) => x + (to[i]! - x) * t);
    });
    lines.push({ kpoints, continued });
    previous = to;
  }
  return lines;
}

/** band_structure_electronic of the band lines and the fort.25 BAND blocks (one per line and spin). */
export function bandStructureSection(
  out: CrystalOutput,
  f25: readonly F25Block[],
  structure: Structure,
  warnings: string[],
): RunBandStructure | undefined {
  const lines = linePoints(out);
  const blocks = f25.filter((block) => block.kind === 'BAND');
  if (!lines || lines.length === 0 || !structure.lattice) return undefined;
  const nSpin = blocks.length === 2 * lines.length ? 2 : 1;
  if (blocks.length !== nSpin * lines.length) {
    warnings.push(
      `fort.25 has ${blocks.length} band blocks for ${lines.length} band lines: no band structure`,
    );
    return undefined;
  }
  const segments: BandEnergies[] = [];
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k]!;
    const perSpin = Array.from({ length: nSpin }, (_, spin) => {
      const rows = blocks[spin * lines.length + k]!.values;
      // A continued line's first point is the previous line's last.
      const before = line.continued ? blocks[spin * lines.length + k - 1]!.values.at(-1) : undefined;
      return (before ? [before, ...rows] : rows).map((row) => row.map((e) => e * HARTREE));
    });
    if (perSpin.some((rows) => rows.length !== line.kpoints.length)) {
      warnings.push(
        `fort.25 band block ${k + 1} does not have the points of its band line: no band structure`,
      );
      return undefined;
    }
    const labels = out.bandPathLabels[0]?.[k]?.map((label) => (label === 'G' ? 'Γ' : label));
    segments.push({
      ...(labels && out.bandPathLabels[0]!.length === lines.length ? { endpoints_labels: labels } : {}),
      n_kpoints: line.kpoints.length,
      kpoints: line.kpoints,
      n_bands: perSpin[0]![0]?.length ?? 0,
      energies: perSpin,
    });
  }
  return { reciprocal_cell: reciprocalCell(structure.lattice), segment: segments };
}

/**
 * dos_electronic of the fort.25 DOSS blocks: the total DOS is the last block (after the projections),
 * of each spin when there are two halves of blocks. Values per Hartree per cell, stored per joule.
 */
export function dosSections(f25: readonly F25Block[]): RunDos[] {
  const blocks = f25.filter((block) => block.kind === 'DOSS' && block.columns >= 1);
  if (blocks.length === 0) return [];
  const totals = [blocks.at(-1)!];
  return totals.map((block) => ({
    n_energies: block.rows,
    energies: Array.from({ length: block.rows }, (_, i) => (block.start + i * block.step) * HARTREE),
    energy_fermi: block.fermi * HARTREE,
    total: [{ value: block.values.map((row) => row[row.length - 1]! / HARTREE) }],
  }));
}
