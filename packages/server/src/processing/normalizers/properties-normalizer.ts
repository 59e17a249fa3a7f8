// results.properties.n_calculations, geometry_optimization, the thermodynamic trajectory of MD and
// the vibrational properties of phonon calculations.
import { fillMissing } from './archive-path.ts';
import { ensureSection, isSection, type Normalizer } from './normalizer.ts';
import { geometryOptimizationProperties, nCalculations } from './properties.ts';
import { elasticMechanical } from './mechanical.ts';
import { mdAnalysis } from './md-analysis.ts';
import { radiiOfGyration } from './radius-of-gyration.ts';
import { vibrationalProperties } from './properties-vibrational.ts';
import { thermodynamicTrajectory } from './thermodynamic.ts';
import { workflowClassName } from './workflow.ts';

export const propertiesNormalizer: Normalizer = {
  name: 'properties',
  normalize: ({ archive }) => {
    const count = nCalculations(archive);
    const geometry = geometryOptimizationProperties(archive);
    const trajectory = thermodynamicTrajectory(archive);
    const workflow = archive.workflow2;
    const mechanical =
      isSection(workflow) && workflowClassName(workflow) === 'Elastic'
        ? elasticMechanical(workflow)
        : undefined;
    const vibrational = vibrationalProperties(archive);
    if (count === undefined && !geometry && !trajectory && !mechanical && !vibrational) return;
    const properties = ensureSection(archive.results, 'properties');
    if (count !== undefined) properties.n_calculations ??= count;
    if (mechanical) properties.mechanical ??= mechanical;
    if (vibrational) properties.vibrational ??= vibrational;
    if (trajectory) {
      const thermodynamic = ensureSection(properties, 'thermodynamic');
      thermodynamic.trajectory ??= [trajectory];
      const analysed = mdAnalysis(archive);
      if (analysed) {
        if (analysed.structural) properties.structural ??= analysed.structural;
        properties.dynamical ??= analysed.dynamical;
      }
      const radii = radiiOfGyration(archive);
      if (radii) ensureSection(properties, 'structural').radius_of_gyration ??= radii;
    }
    if (!geometry) return;
    if (isSection(properties.geometry_optimization)) fillMissing(properties.geometry_optimization, geometry);
    else properties.geometry_optimization = geometry;
  },
};
