// Electronic structure: completes the run's band-structure and DOS sections as NOMAD's band
// structure and DOS normalisers do (band gaps per spin channel, Fermi energy, reciprocal cell,
// DOS normalisation) and builds results.properties.electronic, whose entries reference them.
import type { ResultsElectronic, LogLevel } from '@oasis/schema';
import type { Mat3, Vec3 } from '@oasis/chem';
import type { Section } from './normalizer.ts';
import {
  energyValue,
  finiteNumber,
  indexedSections,
  numberArray,
  numberTensor3,
  referencedSection,
  sectionAt,
  vectors3,
} from './archive-path.ts';
import { bandStructureGaps, dosBandGap, type BandGap, type BandSegment } from './band-gap.ts';
import { reciprocalCell } from './electronic-kspace.ts';
import { labelSegmentEndpoints } from './kpath-labels.ts';

type Log = (level: LogLevel, event: string) => void;

interface CalcContext {
  archive: Section;
  calc: Section;
  /** '/run/R/calculation/C' */
  path: string;
  log: Log;
}

function calcEnergies(calc: Section): { fermi?: number; highest?: number; lowest?: number } {
  const energy = sectionAt(calc, 'energy');
  return {
    fermi: energyValue(energy?.fermi),
    highest: energyValue(energy?.highest_occupied),
    lowest: energyValue(energy?.lowest_unoccupied),
  };
}

/** The band gaps a run section already has (from the parser), in results form. */
function storedGaps(section: Section): BandGap[] | undefined {
  const stored = indexedSections(section.band_gap);
  if (stored.length === 0) return undefined;
  return stored.map(([i, gap]) => {
    const copy: BandGap = { index: finiteNumber(gap.index) ?? i };
    const value = finiteNumber(gap.value);
    if (value !== undefined) copy.value = value;
    if (gap.type === 'direct' || gap.type === 'indirect') copy.type = gap.type;
    const high = finiteNumber(gap.energy_highest_occupied);
    if (high !== undefined) copy.energy_highest_occupied = high;
    const low = finiteNumber(gap.energy_lowest_unoccupied);
    if (low !== undefined) copy.energy_lowest_unoccupied = low;
    return copy;
  });
}

function readSegments(bs: Section): BandSegment[] | undefined {
  const segments = indexedSections(bs.segment).map(([, s]) => s);
  if (segments.length === 0) return undefined;
  const read: BandSegment[] = [];
  for (const segment of segments) {
    const kpoints = vectors3(segment.kpoints);
    const energies = numberTensor3(segment.energies);
    if (!kpoints || kpoints.length === 0 || !energies || energies.length === 0) return undefined;
    read.push({ kpoints: kpoints as Vec3[], energies });
  }
  return read;
}

interface BandStructureSummary {
  spin_polarized: boolean;
  reciprocal_cell?: string;
  segment: string[];
  energy_fermi?: number;
  band_gap?: BandGap[];
}

/**
 * Completes one run band structure (energy_fermi, reciprocal_cell from the system's cell, band_gap
 * per spin channel) and returns its results entry, or undefined when it lacks k-points or energies.
 */
function normalizeBandStructure(
  ctx: CalcContext,
  bs: Section,
  index: number,
): BandStructureSummary | undefined {
  const segments = readSegments(bs);
  if (!segments) {
    ctx.log('INFO', 'band structure without k-points or energies is not normalised');
    return undefined;
  }
  const energies = calcEnergies(ctx.calc);
  const fermi = finiteNumber(bs.energy_fermi) ?? energies.fermi;
  if (fermi !== undefined) bs.energy_fermi ??= fermi;
  let reciprocal = vectors3(bs.reciprocal_cell) as Mat3 | undefined;
  if (!reciprocal || reciprocal.length !== 3) {
    const system = referencedSection(ctx.archive, ctx.calc.system_ref);
    const lattice = vectors3(sectionAt(system, 'atoms')?.lattice_vectors);
    // The cell of the calculation's system; NOMAD would prefer the primitive cell when it differs.
    try {
      reciprocal = lattice?.length === 3 ? reciprocalCell(lattice as Mat3) : undefined;
    } catch {
      reciprocal = undefined;
    }
    if (reciprocal) bs.reciprocal_cell = reciprocal;
  }
  labelSegmentEndpoints(bs, reciprocal, ctx.archive, ctx.log);
  let gaps = storedGaps(bs);
  if (!gaps) {
    const reference = fermi ?? energies.highest;
    if (reference === undefined) {
      ctx.log('INFO', 'could not resolve energy references or band gaps for band structure');
      gaps = [];
    } else {
      gaps = bandStructureGaps(segments, reference, reciprocal);
      if (gaps.length > 0) bs.band_gap = gaps.map((g) => ({ ...g }));
    }
  }
  const path = `${ctx.path}/band_structure_electronic/${index}`;
  const summary: BandStructureSummary = {
    spin_polarized: (segments[0]?.energies.length ?? 0) > 1,
    segment: segments.map((_, s) => `${path}/segment/${s}`),
  };
  if (gaps.length > 0) summary.band_gap = gaps;
  if (reciprocal) summary.reciprocal_cell = `${path}/reciprocal_cell`;
  if (fermi !== undefined) summary.energy_fermi = fermi;
  return summary;
}

interface DosSummary {
  spin_polarized: boolean;
  energy_fermi?: number;
  energies: string;
  total: string[];
  band_gap?: BandGap[];
}

interface DosChannel {
  section: Section;
  sectionIndex: number;
  total: Section;
  totalIndex: number;
  spin: number;
  energies: number[];
  values: number[];
}

function dosChannels(calc: Section): DosChannel[] {
  const channels: DosChannel[] = [];
  for (const [sectionIndex, section] of indexedSections(calc.dos_electronic)) {
    const energies = numberArray(section.energies);
    if (!energies || energies.length === 0) continue;
    for (const [totalIndex, total] of indexedSections(section.total)) {
      const values = numberArray(total.value);
      if (!values || values.length !== energies.length) continue;
      const spin = finiteNumber(total.spin) ?? finiteNumber(section.spin_channel) ?? channels.length;
      channels.push({ section, sectionIndex, total, totalIndex, spin, energies, values });
    }
  }
  return channels;
}

/**
 * Completes the run DOS sections of one calculation (energy_fermi, energy_ref, band_gap per
 * spin channel, normalization_factor = 1 / (channels · Σ atomic numbers)) and returns the results
 * entry gathering all spin channels, or undefined when it has no usable DOS.
 */
function normalizeDos(ctx: CalcContext): DosSummary | undefined {
  const channels = dosChannels(ctx.calc);
  const first = channels[0];
  if (!first) return undefined;
  const energies = calcEnergies(ctx.calc);
  const system = referencedSection(ctx.archive, ctx.calc.system_ref);
  const species = numberArray(sectionAt(system, 'atoms')?.species);
  const electrons = species?.reduce((sum, z) => sum + z, 0);
  const gaps: BandGap[] = [];
  for (const channel of channels) {
    const { section, total } = channel;
    const fermi = finiteNumber(section.energy_fermi) ?? energies.fermi;
    if (fermi !== undefined) section.energy_fermi ??= fermi;
    if (electrons) total.normalization_factor ??= 1 / (channels.length * electrons);
    const stored = storedGaps(section)?.find((g) => g.index === channel.spin);
    if (stored) {
      gaps.push(stored);
      continue;
    }
    const reference = fermi ?? energies.highest;
    if (reference === undefined) continue;
    const edges = dosBandGap(channel.energies, channel.values, reference, {
      highestOccupied: energies.highest,
      lowestUnoccupied: energies.lowest,
    });
    if (edges.value === undefined) continue;
    const gap: BandGap = { index: channel.spin, ...edges };
    gaps.push(gap);
    section.band_gap = [...indexedSections(section.band_gap).map(([, g]) => g), { ...gap }];
    section.energy_ref ??= edges.energy_highest_occupied ?? fermi;
  }
  const base = `${ctx.path}/dos_electronic`;
  const summary: DosSummary = {
    spin_polarized: channels.length > 1,
    energies: `${base}/${first.sectionIndex}/energies`,
    total: channels.map((c) => `${base}/${c.sectionIndex}/total/${c.totalIndex}`),
  };
  if (gaps.length > 0) summary.band_gap = gaps;
  const fermi = finiteNumber(first.section.energy_fermi);
  if (fermi !== undefined) summary.energy_fermi = fermi;
  return summary;
}

/**
 * Normalises the band structures and DOS of every calculation and returns
 * results.properties.electronic with the latest valid band structure and DOS (NOMAD reports only
 * the last one of each), or undefined when there is neither.
 */
export function electronicProperties(archive: Section, log: Log): ResultsElectronic | undefined {
  let bandStructure: BandStructureSummary | undefined;
  let dos: DosSummary | undefined;
  for (const [r, run] of indexedSections(archive.run)) {
    for (const [c, calc] of indexedSections(run.calculation)) {
      const ctx: CalcContext = { archive, calc, path: `/run/${r}/calculation/${c}`, log };
      for (const [b, bs] of indexedSections(calc.band_structure_electronic)) {
        bandStructure = normalizeBandStructure(ctx, bs, b) ?? bandStructure;
      }
      dos = normalizeDos(ctx) ?? dos;
    }
  }
  if (!bandStructure && !dos) return undefined;
  const electronic: ResultsElectronic = {};
  if (bandStructure) electronic.band_structure_electronic = [bandStructure];
  if (dos) electronic.dos_electronic = [dos];
  return electronic;
}
