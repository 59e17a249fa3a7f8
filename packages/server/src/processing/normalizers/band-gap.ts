// Band gaps per spin channel from a band structure or a density of states, with NOMAD's rules:
// energies are compared with a reference (the Fermi energy, else the highest occupied energy)
// within a 0.05 eV tolerance; a band crossing the reference closes the gap.
import type { Mat3, Vec3 } from '@oasis/chem';
import { kpointDistance } from './electronic-kspace.ts';

/** How far (J) a band may reach past the reference and still count as fully (un)occupied: 0.05 eV. */
const BAND_ENERGY_TOLERANCE = 8.01088e-21;
/** k-points closer than this (1/m) are the same point when telling direct from indirect gaps. */
const K_SPACE_PRECISION = 150e6;
/** A DOS value at or below this counts as zero. */
const DOS_ZERO = 1e-8;

export interface BandGap {
  /** Spin channel. */
  index: number;
  /** J; 0 for metals. */
  value?: number;
  type?: 'direct' | 'indirect';
  energy_highest_occupied?: number;
  energy_lowest_unoccupied?: number;
}

export interface BandSegment {
  /** Fractional reciprocal coordinates. */
  kpoints: Vec3[];
  /** [spin][k-point][band], J. */
  energies: number[][][];
}

interface Extremum {
  value: number;
  k: Vec3;
}

/** Per band of one spin channel: its lowest and highest energy over the whole path. */
function bandExtrema(segments: readonly BandSegment[], spin: number): { min: Extremum; max: Extremum }[] {
  const bands: { min: Extremum; max: Extremum }[] = [];
  segments.forEach((segment, s) => {
    const channel = segment.energies[spin];
    if (!channel || channel.length !== segment.kpoints.length) {
      throw new Error(`band segment ${s} has no energies for spin ${spin} at each of its k-points`);
    }
    channel.forEach((levels, k) => {
      const kpoint = segment.kpoints[k] as Vec3;
      if (bands.length > 0 && levels.length !== bands.length) {
        throw new Error(`band segment ${s} has ${levels.length} bands where others have ${bands.length}`);
      }
      levels.forEach((energy, b) => {
        const band = bands[b];
        if (!band) bands[b] = { min: { value: energy, k: kpoint }, max: { value: energy, k: kpoint } };
        else {
          if (energy < band.min.value) band.min = { value: energy, k: kpoint };
          if (energy > band.max.value) band.max = { value: energy, k: kpoint };
        }
      });
    });
  });
  return bands;
}

/**
 * Band gap of each spin channel of a band structure. Bands are visited from the lowest: a band
 * that reaches both below and above the reference (beyond the tolerance) makes the channel
 * metallic (gap 0, both edges at the reference); otherwise the last band below the reference
 * gives the highest occupied energy and the first band above it the lowest unoccupied one. A gap
 * is direct when both edges lie at the same k-point (compared in Cartesian space when the
 * reciprocal cell is known, else by fractional coordinates).
 */
export function bandStructureGaps(
  segments: readonly BandSegment[],
  reference: number,
  reciprocal?: Mat3,
): BandGap[] {
  const nSpin = segments[0]?.energies.length ?? 0;
  const gaps: BandGap[] = [];
  for (let spin = 0; spin < nSpin; spin++) {
    let highest: Extremum | undefined;
    let lowest: Extremum | undefined;
    let metallic = false;
    for (const band of bandExtrema(segments, spin)) {
      const minTol = band.min.value + BAND_ENERGY_TOLERANCE;
      const maxTol = band.max.value - BAND_ENERGY_TOLERANCE;
      if (minTol <= reference && maxTol >= reference) {
        metallic = true;
        break;
      } else if (minTol <= reference) {
        highest = band.max;
      } else {
        lowest = band.min;
        break;
      }
    }
    if (metallic) {
      gaps.push({
        index: spin,
        value: 0,
        energy_highest_occupied: reference,
        energy_lowest_unoccupied: reference,
      });
      continue;
    }
    if (!highest || !lowest) continue; // no occupied or no unoccupied band: nothing to say
    const gap: BandGap = {
      index: spin,
      value: Math.max(0, lowest.value - highest.value),
      energy_highest_occupied: highest.value,
      energy_lowest_unoccupied: lowest.value,
    };
    if ((gap.value ?? 0) > 0) {
      const same = reciprocal
        ? kpointDistance(reciprocal, highest.k, lowest.k) <= K_SPACE_PRECISION
        : highest.k.every((x, i) => Math.abs(x - (lowest as Extremum).k[i]!) < 1e-8);
      gap.type = same ? 'direct' : 'indirect';
    }
    gaps.push(gap);
  }
  return gaps;
}

/**
 * Band edges and gap of one DOS channel (NOMAD's DOS normaliser). Near the reference energy the
 * DOS is searched for zero values: a non-zero DOS at the reference with zeros close by on both
 * sides is a single peak (both edges at the reference); otherwise the edges are the outermost
 * zero-DOS energies of the gap around the reference. When the reference is not within the
 * tolerance of the energy grid, the given edges (from the calculation) are kept, unless the DOS
 * is non-zero at the grid points on both sides of the reference (a metal: both edges there). A zero
 * gap is replaced by the given edges when those have a gap (over 0.1 eV) around the reference.
 */
export function dosBandGap(
  energies: readonly number[],
  values: readonly number[],
  reference: number,
  given: { highestOccupied?: number; lowestUnoccupied?: number } = {},
): Omit<BandGap, 'index' | 'type'> {
  if (energies.length !== values.length) {
    throw new Error(`DOS has ${values.length} values for ${energies.length} energies`);
  }
  let highest = given.highestOccupied;
  let lowest = given.lowestUnoccupied;
  let closest = 0;
  energies.forEach((e, i) => {
    if (Math.abs(e - reference) < Math.abs((energies[closest] as number) - reference)) closest = i;
  });
  const near = energies[closest];
  const upper = energies.findIndex((e) => e > reference);
  if (near !== undefined && Math.abs(near - reference) > BAND_ENERGY_TOLERANCE && upper > 0) {
    // A grid coarser than the tolerance: NOMAD would keep the calculation's edges, which for a
    // smeared metal leave a spurious tiny gap. States on both sides of the reference mean a metal.
    if ((values[upper - 1] as number) > DOS_ZERO && (values[upper] as number) > DOS_ZERO) {
      highest = reference;
      lowest = reference;
    }
  } else if (near !== undefined && Math.abs(near - reference) <= BAND_ENERGY_TOLERANCE) {
    // Zero-DOS points within the tolerance below and above the reference.
    const zeroWithin = (step: -1 | 1): number => {
      for (let i = closest; i >= 0 && i < values.length; i += step) {
        if (Math.abs(reference - (energies[i] as number)) > BAND_ENERGY_TOLERANCE) break;
        if ((values[i] as number) <= DOS_ZERO) return i;
      }
      return closest;
    };
    const below = zeroWithin(-1);
    const above = zeroWithin(1);
    if (below !== closest && above !== closest) {
      highest = near;
      lowest = near;
    } else {
      // Walk outwards to the first non-zero DOS; the edge is the zero point just before it.
      const edge = (start: number, step: -1 | 1): number | undefined => {
        for (let i = start; i >= 0 && i < values.length; i += step) {
          if ((values[i] as number) > DOS_ZERO) return energies[i === start ? i : i - step];
        }
        return undefined;
      };
      highest = edge(below, -1) ?? highest;
      lowest = edge(above, 1) ?? lowest;
    }
  }
  // The DOS rule reads a smeared band tail at the reference as states there, a metal. When the
  // calculation's own eigenvalues have a gap around the reference, they win: a 0 gap they contradict
  // is not published.
  const { highestOccupied, lowestUnoccupied } = given;
  if (
    highest !== undefined &&
    lowest !== undefined &&
    lowest - highest <= 0 &&
    highestOccupied !== undefined &&
    lowestUnoccupied !== undefined &&
    lowestUnoccupied - highestOccupied > 2 * BAND_ENERGY_TOLERANCE &&
    reference >= highestOccupied - BAND_ENERGY_TOLERANCE &&
    reference <= lowestUnoccupied + BAND_ENERGY_TOLERANCE
  ) {
    highest = highestOccupied;
    lowest = lowestUnoccupied;
  }
  const result: Omit<BandGap, 'index' | 'type'> = {};
  if (highest !== undefined) result.energy_highest_occupied = highest;
  if (lowest !== undefined) result.energy_lowest_unoccupied = lowest;
  if (highest !== undefined && lowest !== undefined) result.value = Math.max(0, lowest - highest);
  return result;
}
