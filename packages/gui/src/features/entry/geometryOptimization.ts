import type { ResultsGeometryOptimization } from '@oasis/schema';
import { numberArray, resolveValue } from './archiveRefs.ts';

export interface GeometryOptimizationPlotData {
  /** Step numbers 0 … n-1. */
  steps: number[];
  /** E_i - E_final in J: how far each step is above the optimised energy. */
  energyChanges: number[];
  /** |E_i - E_(i-1)| in J for steps 1 … n-1. */
  stepChanges: number[];
}

/**
 * The energies of each optimisation step (results.properties.geometry_optimization.energies, J, usually a
 * reference into the workflow section); undefined when the entry has fewer than two steps to plot.
 */
export function prepareGeometryOptimization(
  archive: unknown,
  optimization: ResultsGeometryOptimization,
): GeometryOptimizationPlotData | undefined {
  if (optimization.energies === undefined || optimization.energies === null) return undefined;
  const energies = numberArray(
    resolveValue(archive, optimization.energies),
    'The geometry optimisation energies',
  );
  const final = energies[energies.length - 1];
  if (final === undefined || energies.length < 2) return undefined;
  return {
    steps: energies.map((_, index) => index),
    energyChanges: energies.map((energy) => energy - final),
    stepChanges: energies.slice(1).map((energy, index) => Math.abs(energy - energies[index]!)),
  };
}
