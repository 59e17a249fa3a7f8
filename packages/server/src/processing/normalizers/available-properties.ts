// results.properties.available_properties: NOMAD's short names of the properties an entry has,
// used by the search menus ('Search geometry optimization entries' ...).
import { isSection, type Normalizer, type Section } from './normalizer.ts';

/** Path below results.properties -> the name NOMAD lists when that section is present. */
const AVAILABLE_PROPERTY_NAMES: readonly [string, string][] = [
  ['electronic.band_structure_electronic.band_gap', 'electronic.band_structure_electronic.band_gap'],
  // A band structure is there to plot only with its segments; band gaps alone live in the same section.
  ['electronic.band_structure_electronic.segment', 'band_structure_electronic'],
  ['electronic.dos_electronic', 'dos_electronic'],
  ['electronic.greens_functions_electronic', 'greens_functions_electronic'],
  ['vibrational.dos_phonon', 'dos_phonon'],
  ['vibrational.band_structure_phonon', 'band_structure_phonon'],
  ['vibrational.energy_free_helmholtz', 'energy_free_helmholtz'],
  ['vibrational.heat_capacity_constant_volume', 'heat_capacity_constant_volume'],
  ['thermodynamic.trajectory', 'trajectory'],
  ['structural.radial_distribution_function', 'radial_distribution_function'],
  ['dynamical.mean_squared_displacement', 'mean_squared_displacement'],
  ['structural.radius_of_gyration', 'radius_of_gyration'],
  ['geometry_optimization', 'geometry_optimization'],
  ['mechanical.bulk_modulus', 'bulk_modulus'],
  ['mechanical.shear_modulus', 'shear_modulus'],
  ['mechanical.energy_volume_curve', 'energy_volume_curve'],
  ['spectroscopic.spectra', 'spectra'],
  ['optoelectronic.solar_cell', 'solar_cell'],
];

/** Whether a value exists at the dotted path, looking into every element of repeating sections. */
function present(node: unknown, parts: readonly string[]): boolean {
  if (parts.length === 0) return Array.isArray(node) ? node.length > 0 : node !== undefined && node !== null;
  if (Array.isArray(node)) return node.some((item) => present(item, parts));
  if (!isSection(node)) return false;
  const [head, ...rest] = parts;
  return present(node[head!], rest);
}

/** The sorted NOMAD names of the properties present in a results.properties section. */
export function availableProperties(properties: Section): string[] {
  return AVAILABLE_PROPERTY_NAMES.filter(([path]) => present(properties, path.split('.')))
    .map(([, name]) => name)
    .sort();
}

export const availablePropertiesNormalizer: Normalizer = {
  name: 'available_properties',
  normalize: ({ archive }) => {
    const properties = archive.results.properties;
    if (isSection(properties)) properties.available_properties = availableProperties(properties);
  },
};
