// results.properties.mechanical of an elastic-constants workflow: its averaged bulk and shear moduli.
import type { Section } from './normalizer.ts';

/** The workflow results' averages ('bulk_modulus_voigt' ...) by the type results name them with. */
const AVERAGES: readonly [string, string][] = [
  ['voigt', 'voigt_average'],
  ['reuss', 'reuss_average'],
  ['hill', 'voigt_reuss_hill_average'],
];

export function elasticMechanical(workflow2: Section): Section | undefined {
  const results = workflow2.results as Section | undefined;
  if (!results) return undefined;
  const moduli = (kind: 'bulk' | 'shear') =>
    AVERAGES.flatMap(([average, type]) => {
      const value = results[`${kind}_modulus_${average}`];
      return typeof value === 'number' ? [{ type, value }] : [];
    });
  const bulk = moduli('bulk');
  const shear = moduli('shear');
  if (bulk.length === 0 && shear.length === 0) return undefined;
  return {
    ...(bulk.length > 0 ? { bulk_modulus: bulk } : {}),
    ...(shear.length > 0 ? { shear_modulus: shear } : {}),
  };
}
