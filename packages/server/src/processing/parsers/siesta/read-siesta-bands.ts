// The band structure SIESTA writes beside its output when the fdf has a BandLines block: <SystemLabel>.bands
// holds the Fermi energy, the ranges, bands, spins and k-points, then per k-point its distance along the
// path and every band's energy (spin up then down, eV, wrapped over lines). The k-points themselves are
// not in it: they follow from the BandLines block (points per line, vertex, label) and BandLinesScale
// (pi/a, the default, or ReciprocalLatticeVectors). Declared on the text toolkit.
import type { Mat3 } from '@oasis/chem';
import type { BandEnergies } from '@oasis/schema';
import { readText } from '../../text/read-text.ts';
import { blocks, every, first, real, reals } from '../../text/rules.ts';
import { siblingText } from '../sibling-files.ts';
import { fdfBlock, fdfParameter, type FdfInput } from './read-siesta-fdf.ts';

type Vec = [number, number, number];

export interface SiestaBands {
  /** eV */
  fermi: number;
  /** Per spin, per k-point, per band (eV). */
  energies: number[][][];
}

export interface BandVertex {
  /** Points on the line from the previous vertex to this one (this one included). */
  points: number;
  /** Fractional coordinates of the reciprocal cell. */
  k: Vec;
  label?: string;
}

const bands = {
  fermi: first(/^\s*(-?\d+\.\d+(?:[EeDd][-+]?\d+)?)\s*$/, real()),
  sizes: first(/^\s*(\d+)\s+(\d+)\s+(\d+)\s*$/, reals(0)),
  // A k-point's line starts with its distance (6 decimals), then energies (4 decimals).
  kpoints: blocks(/^\s*\d+\.\d{6}\s+-?\d+\.\d{4}(?:\s|$)/, {
    values: every(/^\s*((?:-?\d+\.\d+\s*)+)$/, reals(1)),
  }),
};

export function readBands(content: string, file: string): SiestaBands | string {
  const { values } = readText(bands, content, file);
  const [nBands, nSpin, nK] = values.sizes ?? [];
  if (values.fermi === undefined || nBands === undefined || nSpin === undefined || nK === undefined)
    return `${file} has no Fermi energy and sizes`;
  // The first number of each k-point is its distance along the path.
  const records = values.kpoints.map((k) => k.values.flat().slice(1));
  if (records.length !== nK || records.some((r) => r.length !== nBands * nSpin))
    return `${file} has ${records.length} k-points of ${nK} or rows of another length: its bands are not read`;
  return {
    fermi: values.fermi,
    energies: Array.from({ length: nSpin }, (_, s) =>
      records.map((r) => r.slice(s * nBands, (s + 1) * nBands)),
    ),
  };
}

/** Labels as NOMAD writes them: Γ for the centre. */
const labelOf = (text: string | undefined): string | undefined => {
  const word = text?.replace(/^['"]|['"]$/g, '');
  if (!word) return undefined;
  return /^\\?(?:G|Gamma|GM)$/i.test(word) ? 'Γ' : word;
};

/**
 * The vertices of the BandLines block in fractional coordinates: π/a units are Cartesian, turned by the
 * cell (rows, any length unit) and the lattice constant in that unit, k_frac_i = a_i · k / 2π.
 */
export function bandVertices(input: FdfInput, cell: Mat3, latticeConstant: number): BandVertex[] | undefined {
  const rows = fdfBlock(input, 'BandLines');
  if (!rows || rows.length < 2) return undefined;
  const scale = String(fdfParameter(input, 'BandLinesScale') ?? 'pi/a').toLowerCase();
  const reciprocal = scale.startsWith('reciprocal');
  if (!reciprocal && scale !== 'pi/a') return undefined;
  const vertices: BandVertex[] = [];
  for (const row of rows) {
    const numbers = row.slice(0, 4).map(Number);
    if (numbers.length < 4 || numbers.some(Number.isNaN)) return undefined;
    const [points, x, y, z] = numbers as [number, number, number, number];
    const k: Vec = reciprocal
      ? [x, y, z]
      : (cell.map(
          (a) => ((a[0] * x + a[1] * y + a[2] * z) * Math.PI) / latticeConstant / (2 * Math.PI),
        ) as Vec);
    const label = labelOf(row[4]);
    vertices.push({ points, k, ...(label ? { label } : {}) });
  }
  return vertices;
}

/**
 * band_structure_electronic.segment between consecutive vertices (both ends included), energies in J;
 * undefined when the first line has more than its one point or the counts do not add up to the file's.
 */
export function bandSegments(
  vertices: BandVertex[],
  read: SiestaBands,
  unit: number,
): BandEnergies[] | undefined {
  const nK = read.energies[0]?.length ?? 0;
  if (vertices[0]!.points !== 1 || vertices.reduce((n, v) => n + v.points, 0) !== nK) return undefined;
  const segments: BandEnergies[] = [];
  let begin = 0;
  for (let i = 1; i < vertices.length; i += 1) {
    const [from, to] = [vertices[i - 1]!, vertices[i]!];
    const end = begin + to.points;
    const kpoints = Array.from(
      { length: to.points + 1 },
      (_, j) => from.k.map((x, d) => x + ((to.k[d]! - x) * j) / to.points) as Vec,
    );
    const labels = [from.label, to.label];
    segments.push({
      n_kpoints: kpoints.length,
      kpoints,
      energies: read.energies.map((spin) => spin.slice(begin, end + 1).map((k) => k.map((e) => e * unit))),
      ...(labels.every((l): l is string => l !== undefined) ? { endpoints_labels: labels } : {}),
    });
    begin = end;
  }
  return segments;
}

/** <label>.bands beside the output when the input asks for bands; what could not be read is a warning. */
export async function readSiestaBands(
  mainfile: string,
  rawRoot: string,
  label: string,
  input: FdfInput,
  warn: (message: string) => void,
): Promise<SiestaBands | undefined> {
  if (!fdfBlock(input, 'BandLines')) return undefined;
  const file = await siblingText(mainfile, rawRoot, `${label}.bands`, 256 * 1024 ** 2);
  if (!file) return undefined;
  if ('problem' in file) return void warn(file.problem);
  const read = readBands(file.text, file.name);
  if (typeof read === 'string') return void warn(read);
  return read;
}
