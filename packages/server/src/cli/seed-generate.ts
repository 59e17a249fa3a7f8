import { ELECTRON_VOLT } from '@oasis/chem';
import { indexedResults } from '@oasis/schema';
import { formulas } from '../processing/normalizers/formula.ts';
import { availableProperties } from '../processing/normalizers/available-properties.ts';
import { crystalSystem } from '../processing/normalizers/material.ts';
import {
  ELEMENT_COUNT_WEIGHTS,
  ELEMENT_WEIGHTS,
  MAGNETIC,
  NONMETAL_FORMERS,
  PROGRAM_WEIGHTS,
  SPACE_GROUP_WEIGHTS,
  STRUCTURAL_TYPE_WEIGHTS,
  XC_WEIGHTS,
} from './seed-tables.ts';

const DAY_MS = 86_400_000;

/** A small, fast PRNG (mulberry32): the same seed gives the same sequence on every platform. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let r = this.next() * total;
    for (const [item, w] of table) {
      r -= w;
      if (r < 0) return item;
    }
    return (table[table.length - 1] as readonly [T, number])[0];
  }
  /** Standard normal (Box-Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }
  /** An id in NOMAD's style: 28 characters of URL-safe base64. */
  id(): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let out = '';
    for (let i = 0; i < 28; i++) out += alphabet[Math.floor(this.next() * 64)];
    return out;
  }
}

/** Distinct elements drawn by weight without replacement. */
const drawElements = (random: Random, count: number): string[] => {
  const chosen: string[] = [];
  while (chosen.length < count) {
    const element = random.weighted(ELEMENT_WEIGHTS);
    if (!chosen.includes(element)) chosen.push(element);
  }
  return chosen;
};

const drawComposition = (random: Random, elements: readonly string[]): Map<string, number> => {
  const unitsPerCell = random.weighted([
    [1, 40],
    [2, 35],
    [4, 20],
    [8, 5],
  ] as const);
  const composition = new Map<string, number>();
  for (const element of elements) {
    const perUnit =
      elements.length === 1
        ? 1
        : random.weighted([
            [1, 45],
            [2, 25],
            [3, 15],
            [4, 10],
            [6, 5],
          ] as const);
    composition.set(element, perUnit * unitsPerCell);
  }
  return composition;
};

/** Band gap in eV: most compounds of metals alone are metallic; anion compounds mostly gapped. */
const drawGapEv = (random: Random, elements: readonly string[]): number => {
  const metalLikely = elements.some((e) => NONMETAL_FORMERS.has(e)) ? 0.3 : 0.85;
  if (random.chance(metalLikely)) return 0;
  // log-normal around 1.8 eV, clipped to 0.1-8 eV
  return Math.min(8, Math.max(0.1, 1.8 * Math.exp(0.7 * random.normal())));
};

interface SeedEntry {
  entry_id: string;
  mainfile: string;
  parser_name: string;
  entry_create_time: Date;
  /** The search document's metadata, as processing stores it in the database. */
  metadata: Record<string, unknown>;
  /** The small text written as the entry's mainfile. */
  raw: string;
  /** The archive written next to the raw files, as processing writes one. */
  archive: Record<string, unknown>;
}

export interface SeedUpload {
  upload_id: string;
  upload_name: string;
  upload_create_time: Date;
  publish_time: Date;
  coauthors: string[];
  entries: SeedEntry[];
}

/** The results section of one synthetic DFT entry, before it is projected to the search index. */
const drawResults = (random: Random) => {
  const elements = drawElements(random, random.weighted(ELEMENT_COUNT_WEIGHTS));
  const composition = drawComposition(random, elements);
  const f = formulas(composition);
  const structuralType = random.weighted(STRUCTURAL_TYPE_WEIGHTS);
  const sorted = [...elements].sort();
  const material: Record<string, unknown> = {
    material_id: random.id(),
    structural_type: structuralType,
    elements: sorted,
    n_elements: sorted.length,
    elements_exclusive: sorted.join(' '),
    chemical_formula_descriptive: f.descriptive,
    chemical_formula_reduced: f.reduced,
    chemical_formula_hill: f.hill,
    chemical_formula_iupac: f.iupac,
    chemical_formula_anonymous: f.anonymous,
  };
  if (structuralType === 'bulk') {
    const group = random.weighted(SPACE_GROUP_WEIGHTS);
    material.symmetry = {
      bravais_lattice: group.bravais,
      crystal_system: crystalSystem(group.number),
      point_group: group.pointGroup,
      space_group_number: group.number,
      space_group_symbol: group.symbol,
    };
  }
  const program = random.weighted(PROGRAM_WEIGHTS);
  const [xcType, names] = ((row) => [row[0], random.weighted(row[1])] as const)(
    random.weighted(XC_WEIGHTS.map((row) => [row, row[2]] as const)),
  );
  const spinPolarized = elements.some((e) => MAGNETIC.has(e)) && random.chance(0.7);
  const geometryOptimization = random.chance(0.3);
  const dft: Record<string, unknown> = {
    basis_set_type: program.basisSet,
    core_electron_treatment: program.coreElectrons,
    spin_polarized: spinPolarized,
    xc_functional_type: xcType,
    jacobs_ladder: xcType,
  };
  if (names.length > 0) dft.xc_functional_names = [...names];
  const method = {
    method_name: 'DFT',
    workflow_name: geometryOptimization ? 'GeometryOptimization' : 'SinglePoint',
    simulation: { program_name: program.name, program_version: random.pick(program.versions), dft },
  };
  const properties: Record<string, unknown> = {
    n_calculations: geometryOptimization ? random.int(3, 60) : 1,
  };
  const electronic: Record<string, unknown> = {};
  // Band gaps live in the band structure's section, where processing puts them (schema config/band-gap.ts).
  if (random.chance(0.7)) {
    const gap = drawGapEv(random, elements);
    const channels = spinPolarized ? [0, 1] : [0];
    const bandGap = channels.map((index) => ({
      index,
      value: gap * ELECTRON_VOLT,
      ...(gap > 0 ? { type: random.chance(0.4) ? 'direct' : 'indirect' } : {}),
    }));
    electronic.band_structure_electronic = [{ spin_polarized: spinPolarized, band_gap: bandGap }];
  } else if (random.chance(0.12)) {
    electronic.band_structure_electronic = [{ spin_polarized: spinPolarized }];
  }
  // No densities of states: an entry that lists one promises its energies and values in the archive.
  if (Object.keys(electronic).length > 0) properties.electronic = electronic;
  if (geometryOptimization)
    properties.geometry_optimization = {
      convergence_tolerance_energy_difference: random.pick([1e-4, 1e-5, 1e-6]) * ELECTRON_VOLT,
    };
  properties.available_properties = availableProperties(properties);
  return {
    results: { material, method, properties },
    program,
    version: method.simulation.program_version,
    formula: f.iupac,
  };
};

/**
 * One published upload of `size` synthetic entries, created at a time in [start, end). The metadata of
 * each entry has the shape processing stores (process-upload.ts): entry basics, indexed results,
 * processed flags and times; each entry also gets a mainfile text and an archive with its metadata, run
 * program, full results and a log line, so that its pages open like those of a processed entry.
 */
export const generateUpload = (
  random: Random,
  options: { size: number; start: Date; end: Date; authorPool: readonly string[]; index: number },
): SeedUpload => {
  const span = options.end.getTime() - options.start.getTime();
  const created = new Date(options.start.getTime() + Math.floor(random.next() * span));
  const uploadId = random.id();
  const coauthors: string[] = [];
  const nCoauthors = random.weighted([
    [0, 30],
    [1, 30],
    [2, 20],
    [3, 12],
    [5, 8],
  ] as const);
  while (coauthors.length < Math.min(nCoauthors, options.authorPool.length)) {
    const author = random.pick(options.authorPool);
    if (!coauthors.includes(author)) coauthors.push(author);
  }
  const entries: SeedEntry[] = [];
  for (let i = 0; i < options.size; i++) {
    const { results, program, version, formula } = drawResults(random);
    const entryId = random.id();
    const mainfile = `calc-${String(i).padStart(5, '0')}/${program.mainfile}`;
    const entryCreated = new Date(created.getTime() + i * 50);
    const processed = new Date(entryCreated.getTime() + random.int(1_000, 600_000)).toISOString();
    const metadata = {
      entry_id: entryId,
      upload_id: uploadId,
      mainfile,
      parser_name: program.parser,
      entry_name: `${formula} ${program.name} simulation`,
      entry_type: program.name,
      entry_hash: random.id(),
      processed: true,
      processing_errors: [],
      entry_create_time: entryCreated.toISOString(),
      last_processing_time: processed,
    };
    entries.push({
      entry_id: entryId,
      mainfile,
      parser_name: program.parser,
      entry_create_time: entryCreated,
      metadata: { ...metadata, results: indexedResults(results) },
      raw: `Synthetic ${program.name} ${version} calculation of ${formula}, made by 'oasis seed'.\n`,
      archive: {
        metadata: { ...metadata, files: [mainfile] },
        run: [{ program: { name: program.name, version } }],
        results,
        processing_logs: [{ level: 'INFO', event: 'seeded', parser: program.parser, timestamp: processed }],
      },
    });
  }
  return {
    upload_id: uploadId,
    upload_name: `Seeded calculations ${options.index + 1}`,
    upload_create_time: created,
    publish_time: new Date(Math.min(created.getTime() + random.int(1, 60) * DAY_MS, options.end.getTime())),
    coauthors,
    entries,
  };
};
