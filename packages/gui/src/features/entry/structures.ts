import type { ResultsStructure, ResultsStructures } from '@oasis/schema';
import { archiveResults } from './archiveResults.ts';
import type { ArchiveState } from '../../api/entries/types.ts';
import { formatQuantity, type EntryUnits } from './units.ts';

/** The cells results.properties.structures may hold, in the order of the selector (original first). */
const STRUCTURE_KINDS = ['original', 'conventional', 'primitive'] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];

export function availableKinds(structures: ResultsStructures): StructureKind[] {
  return STRUCTURE_KINDS.filter((kind) => structures[`structure_${kind}`] !== undefined);
}

/** The archive request that fetches just the densities of each cell (a few numbers). */
export const DENSITIES_REQUIRED = {
  results: {
    properties: {
      structures: Object.fromEntries(
        STRUCTURE_KINDS.map((kind) => [`structure_${kind}`, { mass_density: '*', atomic_density: '*' }]),
      ),
    },
  },
};

/** The metadata's cells with the mass and atomic densities of the loaded archive added. */
export function withArchiveDensities(
  structures: ResultsStructures | undefined,
  archive: ArchiveState,
): ResultsStructures | undefined {
  if (!structures || archive.status !== 'ready') return structures;
  const full = archiveResults(archive.archive)?.properties?.structures;
  if (!full) return structures;
  const merged: ResultsStructures = { ...structures };
  for (const kind of availableKinds(structures)) {
    const key = `structure_${kind}` as const;
    const source = full[key];
    merged[key] = {
      ...structures[key],
      mass_density: structures[key]?.mass_density ?? source?.mass_density,
      atomic_density: structures[key]?.atomic_density ?? source?.atomic_density,
    };
  }
  return merged;
}

/**
 * Label and display text of each lattice value (SI in the results, in the units in force here), in pairs
 * that go side by side: a with α, b with β, c with γ.
 */
export function latticeRows(structure: ResultsStructure, units: EntryUnits): [string, string | undefined][] {
  const lattice = structure.lattice_parameters ?? {};
  return [
    ['a', formatQuantity(lattice.a, units.length)],
    ['α', formatQuantity(lattice.alpha, units.angle)],
    ['b', formatQuantity(lattice.b, units.length)],
    ['β', formatQuantity(lattice.beta, units.angle)],
    ['c', formatQuantity(lattice.c, units.length)],
    ['γ', formatQuantity(lattice.gamma, units.angle)],
    ['volume', formatQuantity(structure.cell_volume, units.volume)],
    ['number of sites', typeof structure.n_sites === 'number' ? String(structure.n_sites) : undefined],
    ['mass density', formatQuantity(structure.mass_density, units.massDensity)],
    ['atomic density', formatQuantity(structure.atomic_density, units.atomicDensity)],
  ];
}
