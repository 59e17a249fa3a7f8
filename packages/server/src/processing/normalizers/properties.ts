// results.properties.n_calculations and results.properties.geometry_optimization, the latter
// summarising a GeometryOptimization workflow2 with references into it.
import type { ResultsGeometryOptimization } from '@oasis/schema';
import { finiteNumber, indexedSections, resolveArchivePath, sectionAt } from './archive-path.ts';
import { isSection, type Section } from './normalizer.ts';
import { workflowClassName } from './workflow.ts';

/** Number of single-configuration calculations of the (first) run, as NOMAD counts them. */
export function nCalculations(archive: Section): number | undefined {
  const run = indexedSections(archive.run)[0]?.[1];
  if (!run) return undefined;
  return Array.isArray(run.calculation) ? run.calculation.length : 0;
}

/** NOMAD writes references with and without '#'; results use the plain '/run/...' form. */
function plainReference(ref: unknown): string | undefined {
  if (typeof ref !== 'string') return undefined;
  const plain = ref.startsWith('#') ? ref.slice(1) : ref;
  return plain.startsWith('/') ? plain : undefined;
}

/** results.properties.geometry_optimization of a GeometryOptimization workflow2, if there is one. */
export function geometryOptimizationProperties(archive: Section): ResultsGeometryOptimization | undefined {
  const workflow = archive.workflow2;
  if (!isSection(workflow) || workflowClassName(workflow) !== 'GeometryOptimization') return undefined;
  const geometry: ResultsGeometryOptimization = {};
  const method = sectionAt(workflow, 'method');
  if (typeof method?.type === 'string') geometry.type = method.type;
  for (const key of [
    'convergence_tolerance_energy_difference',
    'convergence_tolerance_force_maximum',
  ] as const) {
    const value = finiteNumber(method?.[key]);
    if (value !== undefined) geometry[key] = value;
  }
  const results = sectionAt(workflow, 'results');
  for (const key of [
    'final_energy_difference',
    'final_force_maximum',
    'final_displacement_maximum',
  ] as const) {
    const value = finiteNumber(results?.[key]);
    if (value !== undefined) geometry[key] = value;
  }
  if (Array.isArray(results?.energies) && results.energies.length > 0) {
    geometry.energies = '/workflow2/results/energies';
  }
  if (Array.isArray(results?.calculations_ref)) {
    const refs = results.calculations_ref.map(plainReference);
    if (refs.every((r) => r !== undefined)) geometry.trajectory = refs;
  }
  const resultRef = plainReference(results?.calculation_result_ref);
  const calculation = resultRef ? resolveArchivePath(archive, resultRef) : undefined;
  const systemRef = isSection(calculation) ? plainReference(calculation.system_ref) : undefined;
  if (systemRef) geometry.system_optimized = systemRef;
  return geometry;
}
