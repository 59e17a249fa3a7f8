import { isRecord, numberArray, resolveValue } from './archiveRefs.ts';
import { listOf } from './listOf.ts';

/**
 * The x/y series of the overview's property plots, read from a loaded archive in SI units. Every reader
 * throws an Error naming what is wrong; the card shows it under its failure text.
 */

/** One line (or set of markers) of a plot, in the stored (SI) units. */
export interface Series {
  x: number[];
  y: number[];
  name?: string;
  /** Markers only: measured points rather than a curve. */
  markers?: boolean;
}

/** Two arrays of numbers of the same length, each a value or a reference into the archive. */
function pairedSeries(
  archive: unknown,
  x: unknown,
  y: unknown,
  what: { x: string; y: string },
  name?: string,
): Series {
  if (x === undefined || x === null) throw new Error(`${what.x} are missing`);
  if (y === undefined || y === null) throw new Error(`${what.y} are missing`);
  const xs = numberArray(resolveValue(archive, x), what.x);
  const ys = numberArray(resolveValue(archive, y), what.y);
  if (xs.length !== ys.length)
    throw new Error(`${ys.length} ${what.y.toLowerCase()} for ${xs.length} x values`);
  if (xs.length === 0) throw new Error(`${what.y} are empty`);
  return name === undefined ? { x: xs, y: ys } : { x: xs, y: ys, name };
}

/** The section at `key` of a results section, or an Error when it is not one. */
export function sectionOf(parent: unknown, key: string, what: string): Record<string, unknown> {
  const value = isRecord(parent) ? parent[key] : undefined;
  if (!isRecord(value)) throw new Error(`The archive has no ${what}`);
  return value;
}

/** The sections of a repeating sub-section (NOMAD writes lists; a single object counts as one). */
function sectionsOf(parent: unknown, key: string, what: string): Record<string, unknown>[] {
  const value = isRecord(parent) ? parent[key] : undefined;
  const items = listOf(value as unknown).filter(isRecord);
  if (items.length === 0) throw new Error(`The archive has no ${what}`);
  return items;
}

/** results.properties.vibrational.heat_capacity_constant_volume: J/K against K. */
export function heatCapacitySeries(archive: unknown, vibrational: unknown): Series {
  const section = sectionOf(vibrational, 'heat_capacity_constant_volume', 'heat capacity');
  return pairedSeries(archive, section.temperatures, section.heat_capacities, {
    x: 'The temperatures',
    y: 'The heat capacities',
  });
}

/** results.properties.vibrational.energy_free_helmholtz: J against K. */
export function freeEnergySeries(archive: unknown, vibrational: unknown): Series {
  const section = sectionOf(vibrational, 'energy_free_helmholtz', 'Helmholtz free energy');
  return pairedSeries(archive, section.temperatures, section.energies, {
    x: 'The temperatures',
    y: 'The free energies',
  });
}

/** The quantities a molecular-dynamics trajectory can carry, in plotting order. */
export const TRAJECTORY_QUANTITIES = ['temperature', 'pressure', 'energy_potential', 'volume'] as const;
export type TrajectoryQuantity = (typeof TRAJECTORY_QUANTITIES)[number];

/**
 * The time series of results.properties.thermodynamic.trajectory[0] with at least two steps; seconds against
 * the SI unit.
 */
export function trajectorySeries(
  archive: unknown,
  thermodynamic: unknown,
): Partial<Record<TrajectoryQuantity, Series>> {
  const trajectory = sectionsOf(thermodynamic, 'trajectory', 'trajectory')[0]!;
  const found: Partial<Record<TrajectoryQuantity, Series>> = {};
  let seen = false;
  for (const quantity of TRAJECTORY_QUANTITIES) {
    const section = trajectory[quantity];
    if (!isRecord(section)) continue;
    const series = pairedSeries(archive, timesOf(section), section.value, {
      x: `The ${quantity} times`,
      y: `The ${quantity.replace('_', ' ')} values`,
    });
    // One step draws no line, only empty axes (NOMAD's example archive has a single zero of each).
    if (series.x.length >= 2) found[quantity] = series;
    else seen = true;
  }
  if (Object.keys(found).length === 0 && !seen) throw new Error('The trajectory has no quantities');
  return found;
}

/** NOMAD's time series give either the times or a start and step. */
function timesOf(section: Record<string, unknown>): unknown {
  if (section.time !== undefined) return section.time;
  const { time_start: start, time_step: step, value } = section;
  if (typeof step !== 'number' || !Array.isArray(value)) return undefined;
  const first = typeof start === 'number' ? start : 0;
  return value.map((_, index) => first + index * step);
}

/** One curve per radial distribution function (results.properties.structural), g(r) against m. */
export function rdfSeries(archive: unknown, structural: unknown): Series[] {
  return sectionsOf(structural, 'radial_distribution_function', 'radial distribution function').map(
    (rdf, index) =>
      pairedSeries(
        archive,
        rdf.bins,
        rdf.value,
        { x: 'The distances', y: 'The RDF values' },
        label(rdf, index),
      ),
  );
}

/** One curve per group (results.properties.structural.radius_of_gyration), m against s. */
export function radiusOfGyrationSeries(archive: unknown, structural: unknown): Series[] {
  return sectionsOf(structural, 'radius_of_gyration', 'radius of gyration').map((rg, index) =>
    pairedSeries(archive, timesOf(rg), rg.value, { x: 'The times', y: 'The radii' }, label(rg, index)),
  );
}

/** One curve per mean squared displacement (results.properties.dynamical), m² against s. */
export function msdSeries(archive: unknown, dynamical: unknown): Series[] {
  return sectionsOf(dynamical, 'mean_squared_displacement', 'mean squared displacement').map((msd, index) =>
    pairedSeries(
      archive,
      msd.times,
      msd.value,
      { x: 'The times', y: 'The displacements' },
      label(msd, index),
    ),
  );
}

/** One curve per spectrum (results.properties.spectroscopic.spectra), intensity against J. */
export function spectraSeries(archive: unknown, spectroscopic: unknown): Series[] {
  return sectionsOf(spectroscopic, 'spectra', 'spectra').map((spectrum, index) =>
    pairedSeries(
      archive,
      spectrum.energies,
      spectrum.intensities,
      { x: 'The energies', y: 'The intensities' },
      typeof spectrum.type === 'string' ? spectrum.type : `spectrum ${index + 1}`,
    ),
  );
}

/**
 * The energy-volume curves of results.properties.mechanical: the raw points as markers and each fit
 * as a line (J against m³); the volumes are shared by the raw data and the fits.
 */
export function energyVolumeSeries(archive: unknown, mechanical: unknown): Series[] {
  return sectionsOf(mechanical, 'energy_volume_curve', 'energy-volume curve').map((curve, index) => {
    const raw = curve.type === 'raw' || curve.energies_raw !== undefined;
    const energies = raw ? curve.energies_raw : curve.energies_fit;
    const name = raw
      ? 'raw'
      : typeof curve.type === 'string'
        ? curve.type.replaceAll('_', ' ')
        : `fit ${index}`;
    return {
      ...pairedSeries(archive, curve.volumes, energies, { x: 'The volumes', y: 'The energies' }, name),
      markers: raw,
    };
  });
}

function label(section: Record<string, unknown>, index: number): string {
  return typeof section.label === 'string' && section.label !== '' ? section.label : `${index + 1}`;
}
