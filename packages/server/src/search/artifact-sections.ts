import { definitionAt, type SearchSectionArtifact } from '@oasis/schema';

/**
 * The sections NOMAD indexes as nested documents (its metainfo marks them for Elasticsearch): its GUI
 * queries the quantities below one of them as `{section: {...}}`, so that one item meets them all.
 */
const NESTED: ReadonlySet<string> = new Set([
  'results.material.elemental_composition',
  'results.material.topology',
  'results.material.topology.elemental_composition',
  'results.method.simulation.dft.hubbard_kanamori_model',
  'results.properties.catalytic.reaction.products',
  'results.properties.catalytic.reaction.rates',
  'results.properties.catalytic.reaction.reactants',
  'results.properties.dynamical.mean_squared_displacement',
  'results.properties.electronic.band_gap',
  'results.properties.electronic.band_structure_electronic.band_gap',
  'results.properties.electronic.dos_electronic.band_gap',
  'results.properties.electronic.dos_electronic_new.data.band_gap',
  'results.properties.mechanical.bulk_modulus',
  'results.properties.mechanical.shear_modulus',
  'results.properties.spectroscopic.spectra',
  'results.properties.structural.diffraction_pattern',
  'results.properties.structural.radial_distribution_function',
  'results.properties.structural.radius_of_gyration',
  'results.properties.thermodynamic.trajectory',
]);

/** The sections along a dotted path, each as its sub-section, or undefined where the path leaves the metainfo. */
const subSectionsAlong = (path: string) => {
  const parts = path.split('.');
  const found = parts.map((_, i) => definitionAt(parts.slice(0, i + 1).join('.')));
  return found.every((item) => item?.kind === 'section') ? found : undefined;
};

/**
 * The section entries of `searchQuantities`, as NOMAD lists them: every section of `results` below the top
 * that holds a search quantity, with its description, whether NOMAD nests it and whether it repeats.
 */
export const searchSectionArtifacts = (
  quantityNames: readonly string[],
): Record<string, SearchSectionArtifact> => {
  const paths = new Set(
    quantityNames
      .filter((name) => name.startsWith('results.'))
      .flatMap((name) => {
        const parts = name.split('.');
        return parts.slice(1, -1).map((_, i) => parts.slice(0, i + 2).join('.'));
      }),
  );
  const entries = [...paths].sort().flatMap((path): [string, SearchSectionArtifact][] => {
    const along = subSectionsAlong(path);
    const own = along?.at(-1);
    if (!along || own?.kind !== 'section') return [];
    return [
      [
        path,
        {
          name: own.subSection.name,
          ...(own.section.description ? { description: own.section.description } : {}),
          nested: NESTED.has(path),
          repeats: along.some((item) => item?.kind === 'section' && item.subSection.repeats),
        },
      ],
    ];
  });
  return Object.fromEntries(entries);
};
