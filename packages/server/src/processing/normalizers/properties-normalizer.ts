// results.properties.n_calculations and geometry_optimization.
import { fillMissing } from './archive-path.ts';
import { ensureSection, isSection, type Normalizer } from './normalizer.ts';
import { geometryOptimizationProperties, nCalculations } from './properties.ts';

export const propertiesNormalizer: Normalizer = {
  name: 'properties',
  normalize: ({ archive }) => {
    const count = nCalculations(archive);
    const geometry = geometryOptimizationProperties(archive);
    if (count === undefined && !geometry) return;
    const properties = ensureSection(archive.results, 'properties');
    if (count !== undefined) properties.n_calculations ??= count;
    if (!geometry) return;
    if (isSection(properties.geometry_optimization)) fillMissing(properties.geometry_optimization, geometry);
    else properties.geometry_optimization = geometry;
  },
};
