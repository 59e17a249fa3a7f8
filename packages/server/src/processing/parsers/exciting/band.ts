// exciting's band structure beside INFO.OUT: bandstructure.xml (per band the path distance and energy of
// each point, and the labelled vertices of the path), else bandstructure.dat (the GW run's
// bandstructure-qp.dat): rows of 'band, k-point index, k-point (lattice), path distance, energy',
// bands one after another. Energies are in Hartree relative to the Fermi energy. The path's vertices
// are where it turns; NOMAD's segments run from vertex to vertex, energies on the calculation's
// absolute scale in J.
import { HARTREE } from '@oasis/chem';
import type { RunBandStructure, RunCalculation } from '@oasis/schema';
import { readPlacedSideFile } from './placed-side-file.ts';

const MAX_BAND_BYTES = 256 * 1024 ** 2;
/** Directions of consecutive path steps differing more than this (per unit step) mark a vertex. */
const TURN = 1e-3;

type Vec = [number, number, number];

export interface ExcitingBands {
  kpoints: Vec[];
  /** [band][k-point], Hartree relative to the Fermi energy */
  energies: number[][];
  /** The path's labelled vertices (bandstructure.xml). */
  vertices?: { coord: Vec; label: string }[];
}

/** bandstructure.xml's bands, k-points placed along the path between its vertices by distance. */
export function readBandXml(text: string): ExcitingBands | string {
  const vertices = [...text.matchAll(/<vertex\b([^>]*)\/>/g)].map((m) => {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    return {
      distance: Number(attribute('distance')),
      // NOMAD's label of the Brillouin zone's centre.
      label: attribute('label').replace(/^GAMMA$/i, 'Γ'),
      coord: attribute('coord').trim().split(/\s+/).map(Number) as Vec,
    };
  });
  const energies: number[][] = [];
  let distances: number[] = [];
  for (const band of text.matchAll(/<band>([\s\S]*?)<\/band>/g)) {
    const points = [...band[1]!.matchAll(/<point\s+distance="([^"]*)"\s+eval="([^"]*)"/g)];
    if (energies.length === 0) distances = points.map((p) => Number(p[1]));
    energies.push(points.map((p) => Number(p[2])));
  }
  if (energies.length === 0) return 'bandstructure.xml has no <band>';
  if (vertices.length < 2 || vertices.some((v) => v.coord.length !== 3 || v.coord.some(Number.isNaN)))
    return 'bandstructure.xml has not two or more <vertex> with coordinates';
  if (energies.some((band) => band.length !== distances.length))
    return `bandstructure.xml's bands have not all ${distances.length} points`;
  let segment = 0;
  const kpoints = distances.map((d) => {
    while (segment < vertices.length - 2 && d > vertices[segment + 1]!.distance + 1e-9) segment += 1;
    const a = vertices[segment]!;
    const b = vertices[segment + 1]!;
    const span = b.distance - a.distance;
    const t = span > 0 ? Math.min(1, Math.max(0, (d - a.distance) / span)) : 0;
    return a.coord.map((x, j) => x + t * (b.coord[j]! - x)) as Vec;
  });
  return { kpoints, energies, vertices: vertices.map(({ coord, label }) => ({ coord, label })) };
}

/** bandstructure.dat's table, or a sentence saying what is wrong. */
export function readBandDat(text: string, name: string): ExcitingBands | string {
  const kpoints: Vec[] = [];
  const energies: number[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trimStart().startsWith('#')) continue;
    // Seven plain numbers a row: split, not the general number scanner (100 000s of rows).
    const row = line.trim().split(/\s+/).map(Number);
    if (row.length < 7 || row.some((x) => Number.isNaN(x))) continue;
    const band = row[0]! - 1;
    const k = row[1]! - 1;
    if (band < 0 || k < 0) return `${name} has a band or k-point numbered below 1`;
    if (band === 0) kpoints[k] = [row[2]!, row[3]!, row[4]!];
    (energies[band] ??= [])[k] = row[6]!;
  }
  if (kpoints.length === 0) return `${name} has no band rows`;
  if (energies.some((band) => band.length !== kpoints.length || band.some((e) => e === undefined)))
    return `${name}'s bands have not all ${kpoints.length} k-points`;
  return { kpoints, energies };
}

/**
 * The path's stretches [first, last] between vertices: exciting prints a vertex twice (the end of one
 * stretch and the start of the next); a turn without a repeated point is shared by both stretches.
 */
function stretches(kpoints: Vec[]): [number, number][] {
  const steps = kpoints.slice(1).map((k, i) => k.map((x, j) => x - kpoints[i]![j]!));
  const unit = steps.map((d) => {
    const length = Math.hypot(...d);
    return length > 1e-9 ? d.map((x) => x / length) : undefined;
  });
  const result: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < steps.length; i += 1) {
    if (!unit[i]) {
      if (i > start) result.push([start, i]);
      start = i + 1;
      continue;
    }
    const before = i > start ? unit[i - 1] : undefined;
    if (before && Math.hypot(...before.map((x, j) => x - unit[i]![j]!)) > TURN) {
      result.push([start, i]);
      start = i;
    }
  }
  if (kpoints.length - 1 > start || result.length === 0) result.push([start, kpoints.length - 1]);
  return result;
}

/**
 * NOMAD's band_structure_electronic of the bands: a segment per stretch between vertices, spin
 * channels the halves of the band list when the run is spin-polarised.
 */
export function bandStructureSection(bands: ExcitingBands, spins: number, fermi: number): RunBandStructure {
  const nBands = bands.energies.length;
  const perSpin = spins === 2 && nBands % 2 === 0 ? nBands / 2 : nBands;
  const channels = nBands / perSpin;
  const segment = stretches(bands.kpoints).map(([start, end]) => {
    const ks = bands.kpoints.slice(start, end + 1);
    const energies = Array.from({ length: channels }, (_, spin) =>
      ks.map((_, i) =>
        bands.energies
          .slice(spin * perSpin, (spin + 1) * perSpin)
          .map((band) => (band[start + i]! + fermi) * HARTREE),
      ),
    );
    const labelOf = (k: Vec) =>
      bands.vertices?.find((v) => v.coord.every((x, j) => Math.abs(x - k[j]!) < 1e-6))?.label;
    const labels = [labelOf(ks[0]!), labelOf(ks[ks.length - 1]!)];
    return {
      n_kpoints: ks.length,
      kpoints: ks,
      energies,
      ...(labels.every((l): l is string => !!l) ? { endpoints_labels: labels } : {}),
    };
  });
  return { energy_fermi: fermi * HARTREE, segment };
}

/** The band structure of the first of `names` beside the mainfile as the calculation's. */
export async function addBandStructure(
  calculation: RunCalculation,
  names: readonly string[],
  spins: number,
  fermi: number | undefined,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const read = await readPlacedSideFile(
    names,
    fermi,
    { mainfile, rawRoot, maxBytes: MAX_BAND_BYTES },
    (text, name) => (name.endsWith('.xml') ? readBandXml(text) : readBandDat(text, name)),
    warn,
  );
  if (read) calculation.band_structure_electronic = [bandStructureSection(read.value, spins, read.fermi)];
}
