import type { EntryResults } from '@oasis/schema';

/** The properties whose plots need arrays from the archive; the metadata only has scalars. */
const PLOTTED_PROPERTIES = ['dos_electronic', 'band_structure_electronic', 'geometry_optimization'];

export function hasProperty(results: EntryResults | undefined, name: string): boolean {
  return results?.properties?.available_properties?.includes(name) ?? false;
}

/**
 * Whether the overview has something to plot and so must fetch the archive (which can be megabytes).
 * An electronic section with only band gaps needs no archive: the gaps are in the metadata.
 */
export function needsArchive(results: EntryResults | undefined): boolean {
  const electronic = results?.properties?.electronic;
  return (
    PLOTTED_PROPERTIES.some((name) => hasProperty(results, name)) ||
    electronic?.dos_electronic !== undefined ||
    electronic?.band_structure_electronic !== undefined ||
    results?.properties?.geometry_optimization?.energies !== undefined
  );
}

/**
 * What the overview fetches from the archive: everything ('*') when it plots, only the cell densities
 * when it shows a lattice table, nothing otherwise.
 */
export function archiveRequest(
  results: EntryResults | undefined,
  densities: Record<string, unknown>,
): '*' | Record<string, unknown> | undefined {
  if (needsArchive(results)) return '*';
  const structures = results?.properties?.structures;
  return structures && Object.keys(structures).length > 0 ? densities : undefined;
}
