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
 * The sections of results.properties the property cards plot from, by the available_properties that
 * say they exist. 'include-resolved' brings the arrays their references point to (in run, workflow2)
 * and nothing else of the archive.
 */
const PROPERTY_SECTIONS: readonly (readonly [string, readonly string[]])[] = [
  [
    'vibrational',
    ['dos_phonon', 'band_structure_phonon', 'heat_capacity_constant_volume', 'energy_free_helmholtz'],
  ],
  ['mechanical', ['energy_volume_curve', 'bulk_modulus', 'shear_modulus']],
  ['thermodynamic', ['trajectory']],
  ['structural', ['radial_distribution_function', 'radius_of_gyration']],
  ['dynamical', ['mean_squared_displacement']],
  ['spectroscopic', ['spectra']],
];

/** `{vibrational: 'include-resolved', ...}` for the property sections the entry has, if any. */
function propertySections(results: EntryResults | undefined): Record<string, string> | undefined {
  const needed = PROPERTY_SECTIONS.filter(([, names]) => names.some((name) => hasProperty(results, name)));
  return needed.length === 0
    ? undefined
    : Object.fromEntries(needed.map(([section]) => [section, 'include-resolved']));
}

/**
 * What the overview fetches from the archive: everything ('*') when it plots electronic properties or a
 * geometry optimisation, else the property sections it plots and the cell densities of its lattice
 * table, nothing when it needs none of them.
 */
export function archiveRequest(
  results: EntryResults | undefined,
  densities: Record<string, unknown>,
): '*' | Record<string, unknown> | undefined {
  if (needsArchive(results)) return '*';
  const structures = results?.properties?.structures;
  const withDensities = structures && Object.keys(structures).length > 0;
  const sections = propertySections(results);
  if (!sections) return withDensities ? densities : undefined;
  const densityProperties = withDensities ? propertiesOf(densities) : {};
  return { results: { properties: { ...densityProperties, ...sections } } };
}

function propertiesOf(required: Record<string, unknown>): Record<string, unknown> {
  const results = required.results as { properties?: Record<string, unknown> } | undefined;
  return results?.properties ?? {};
}
