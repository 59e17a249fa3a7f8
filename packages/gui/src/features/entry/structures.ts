import { archiveResults } from './archiveResults.ts';
import type { ArchiveState, ResultsStructure, ResultsStructures } from './types.ts';
import { formatSI } from './units.ts';

/** The cells results.properties.structures may hold, in the order of the selector (original first). */
export const STRUCTURE_KINDS = ['original', 'conventional', 'primitive'] as const;
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

/** Label and display text of each lattice value (SI in the results, Å, degrees and g/cm³ here). */
export function latticeRows(structure: ResultsStructure): [string, string | undefined][] {
  const lattice = structure.lattice_parameters ?? {};
  return [
    ['a', formatSI(lattice.a, 'Å')],
    ['b', formatSI(lattice.b, 'Å')],
    ['c', formatSI(lattice.c, 'Å')],
    ['α', formatSI(lattice.alpha, '°')],
    ['β', formatSI(lattice.beta, '°')],
    ['γ', formatSI(lattice.gamma, '°')],
    ['volume', formatSI(structure.cell_volume, 'Å³')],
    ['mass density', formatSI(structure.mass_density, 'g/cm³')],
    ['atomic density', formatSI(structure.atomic_density, '1/Å³')],
    ['number of sites', typeof structure.n_sites === 'number' ? String(structure.n_sites) : undefined],
  ];
}
