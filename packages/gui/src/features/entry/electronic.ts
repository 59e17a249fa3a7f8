import { convertValue, type ResultsBandGap, type ResultsBandStructure, type ResultsDos } from '@oasis/schema';
import { isRecord, numberArray, resolveValue } from './archiveRefs.ts';
import { listOf } from './listOf.ts';

/** The energy window the electronic plots open with: -5 eV to 10 eV around the highest occupied energy, in J. */
export const ENERGY_RANGE: readonly [number, number] = [
  convertValue(-5, 'eV', 'joule'),
  convertValue(10, 'eV', 'joule'),
];

/**
 * The energy all electronic plots are shifted by: the highest of the band gaps' highest occupied energies
 * (one per spin channel), in J; undefined when no band gap states it.
 */
export function highestOccupied(bandGaps: readonly ResultsBandGap[] | undefined): number | undefined {
  const values = (bandGaps ?? [])
    .map((gap) => gap.energy_highest_occupied)
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return values.length === 0 ? undefined : Math.max(...values);
}

/** DOS arrays as the archive stores them (SI); the plot converts them to the units in force. */
export interface DosPlotData {
  /** J, relative to the highest occupied energy when it is known. */
  energies: number[];
  /** States per J, one array per spin channel (spin 0 first). */
  channels: number[][];
  /** J, before the shift; undefined when unknown (the energies are then not shifted). */
  highestOccupied: number | undefined;
}

/** Resolves the DOS energies and total densities of results.properties.electronic.dos_electronic[i]. */
export function prepareDos(archive: unknown, dos: ResultsDos): DosPlotData {
  const energies = numberArray(resolveValue(archive, dos.energies), 'The DOS energies');
  const totals = (dos.total ?? []).map((reference, index) => {
    const total = resolveValue(archive, reference);
    if (!isRecord(total)) throw new Error(`The DOS total ${index} is not a section`);
    const values = numberArray(total.value, `The DOS total ${index} value`);
    if (values.length !== energies.length) {
      throw new Error(`The DOS total ${index} has ${values.length} values for ${energies.length} energies`);
    }
    return { spin: typeof total.spin === 'number' ? total.spin : index, values };
  });
  if (totals.length === 0) throw new Error('The DOS has no total density');
  totals.sort((a, b) => a.spin - b.spin);
  const reference = highestOccupied(dos.band_gap);
  return {
    energies: energies.map((energy) => energy - (reference ?? 0)),
    channels: totals.map((total) => total.values),
    highestOccupied: reference,
  };
}

/**
 * The largest density of any channel at the energies the plot shows: inside ENERGY_RANGE when the energies
 * are shifted, else all. VASP's first grid point (at -20 eV or so, outside the window) can be hundreds of
 * times larger than anything in the window and would squash the plotted curve against the axis.
 */
export function densityMaximum(dos: DosPlotData): number {
  const shown = (energy: number) =>
    dos.highestOccupied === undefined || (energy >= ENERGY_RANGE[0] && energy <= ENERGY_RANGE[1]);
  let maximum = 0;
  for (const values of dos.channels)
    values.forEach((value, index) => {
      if (shown(dos.energies[index]!) && value > maximum) maximum = value;
    });
  return maximum;
}

interface Segment {
  kpoints: number[][];
  /** [spin][k-point][band] in J. */
  energies: number[][][];
  labels: [string, string] | undefined;
}

function readSegment(value: unknown, index: number): Segment {
  if (!isRecord(value)) throw new Error(`Band structure segment ${index} is not a section`);
  const what = `Band structure segment ${index}`;
  if (!Array.isArray(value.kpoints)) throw new Error(`${what} has no k-points`);
  const kpoints = value.kpoints.map((point: unknown) => {
    const vector = numberArray(point, `A k-point of ${what}`);
    if (vector.length !== 3) throw new Error(`A k-point of ${what} does not have 3 components`);
    return vector;
  });
  if (kpoints.length < 2) throw new Error(`${what} has fewer than 2 k-points`);
  if (!Array.isArray(value.energies) || value.energies.length === 0)
    throw new Error(`${what} has no energies`);
  const energies = value.energies.map((spin: unknown) => {
    if (!Array.isArray(spin) || spin.length !== kpoints.length) {
      throw new Error(`${what} does not have energies for each of its ${kpoints.length} k-points`);
    }
    return spin.map((bands: unknown) => numberArray(bands, `The energies of ${what}`));
  });
  const labels =
    Array.isArray(value.endpoints_labels) && value.endpoints_labels.length === 2
      ? ([String(value.endpoints_labels[0] ?? ''), String(value.endpoints_labels[1] ?? '')] as [
          string,
          string,
        ])
      : undefined;
  return { kpoints, energies, labels };
}

/**
 * Path length along the k-path at every k-point, segments one after another, in 1/m. Fractional k-points
 * become Cartesian with the rows of the reciprocal cell (1/m); without a cell the fractional distances are
 * used, which distorts the segment lengths of non-cubic cells but keeps their order.
 */
export function kPathDistances(
  segments: readonly (readonly (readonly number[])[])[],
  reciprocalCell: readonly (readonly number[])[] | undefined,
): number[][] {
  const toCartesian = (k: readonly number[]): number[] => {
    if (!reciprocalCell) return [...k];
    return [0, 1, 2].map((axis) =>
      k.reduce((sum, component, row) => sum + component * (reciprocalCell[row]?.[axis] ?? 0), 0),
    );
  };
  let offset = 0;
  return segments.map((kpoints) => {
    const points = kpoints.map(toCartesian);
    const start = points[0] ?? [0, 0, 0];
    const distances = points.map((point) => offset + Math.hypot(...point.map((c, i) => c - (start[i] ?? 0))));
    offset = distances[distances.length - 1] ?? offset;
    return distances;
  });
}

/** Tick positions and labels at the segment ends; a jump in the path shows both labels as 'X|Y'. */
export function pathTicks(
  distances: readonly (readonly number[])[],
  labels: readonly ([string, string] | undefined)[],
): { positions: number[]; labels: string[] } {
  const positions: number[] = [];
  const texts: string[] = [];
  distances.forEach((segment, index) => {
    const [start, end] = labels[index] ?? ['', ''];
    if (index === 0) {
      positions.push(segment[0] ?? 0);
      texts.push(start);
    } else if (texts[texts.length - 1] !== start) {
      texts[texts.length - 1] = `${texts[texts.length - 1]}|${start}`;
    }
    positions.push(segment[segment.length - 1] ?? 0);
    texts.push(end);
  });
  return { positions, labels: texts };
}

/** Band structure arrays in SI; the plot converts them to the units in force. */
export interface BandStructurePlotData {
  /** Path length at every k-point of all segments, in 1/m (fractional units without a reciprocal cell). */
  distances: number[];
  /** Whether `distances` are Cartesian (1/m): false when the band structure has no reciprocal cell. */
  cartesian: boolean;
  /** [spin][band][k-point] in J, relative to the highest occupied energy when it is known. */
  bands: number[][][];
  /** Tick positions in the units of `distances`. */
  ticks: { positions: number[]; labels: string[] };
  /** J, before the shift; undefined when unknown. */
  highestOccupied: number | undefined;
}

/** Resolves and concatenates the segments of results.properties.electronic.band_structure_electronic[i]. */
export function prepareBandStructure(
  archive: unknown,
  bandStructure: ResultsBandStructure,
): BandStructurePlotData {
  const segments = (bandStructure.segment ?? []).map((reference, index) =>
    readSegment(resolveValue(archive, reference), index),
  );
  const first = segments[0];
  if (!first) throw new Error('The band structure has no segments');
  const nSpins = first.energies.length;
  const nBands = first.energies[0]?.[0]?.length ?? 0;
  for (const [index, segment] of segments.entries()) {
    if (
      segment.energies.length !== nSpins ||
      segment.energies.some((spin) => spin.some((k) => k.length !== nBands))
    ) {
      throw new Error(
        `Band structure segment ${index} does not have ${nSpins} spin channels of ${nBands} bands`,
      );
    }
  }
  const cell = readCell(
    bandStructure.reciprocal_cell === undefined
      ? undefined
      : resolveValue(archive, bandStructure.reciprocal_cell),
  );
  const perSegment = kPathDistances(
    segments.map((segment) => segment.kpoints),
    cell,
  );
  const reference = highestOccupied(bandStructure.band_gap);
  const bands = Array.from({ length: nSpins }, (_, spin) =>
    Array.from({ length: nBands }, (_, band) =>
      segments.flatMap((segment) =>
        segment.energies[spin]!.map((energies) => energies[band]! - (reference ?? 0)),
      ),
    ),
  );
  return {
    distances: perSegment.flat(),
    cartesian: cell !== undefined,
    bands,
    ticks: pathTicks(
      perSegment,
      segments.map((segment) => segment.labels),
    ),
    highestOccupied: reference,
  };
}

function readCell(value: unknown): number[][] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length !== 3) throw new Error('The reciprocal cell is not a 3×3 matrix');
  return value.map((row) => {
    const vector = numberArray(row, 'A reciprocal cell vector');
    if (vector.length !== 3) throw new Error('The reciprocal cell is not a 3×3 matrix');
    return vector;
  });
}

/** 'x: path with gaps' so that all bands of one spin channel are a single Plotly trace (null breaks lines). */
export function bandLines(distances: readonly number[], bands: readonly (readonly number[])[]) {
  const x: (number | null)[] = [];
  const y: (number | null)[] = [];
  for (const band of bands) {
    x.push(...distances, null);
    y.push(...band, null);
  }
  return { x, y };
}

/**
 * '1.124 eV (indirect)' per band gap that has a value; with one gap per spin channel each says which
 * ('spin up: 0 eV').
 */
export function bandGapTexts(
  bandGaps: readonly ResultsBandGap[] | undefined,
  format: (value: number) => string,
): string[] {
  const gaps = listOf(bandGaps).filter(
    (gap): gap is ResultsBandGap & { value: number } =>
      typeof gap.value === 'number' && Number.isFinite(gap.value),
  );
  return gaps.map((gap, position) => {
    const text = gap.type ? `${format(gap.value)} (${gap.type})` : format(gap.value);
    if (gaps.length < 2) return text;
    return `${(gap.index ?? position) === 0 ? 'spin up' : 'spin down'}: ${text}`;
  });
}
