/**
 * How OPTIMADE structure properties map to NOMAD search quantities. NOMAD's OPTIMADE API serves its
 * entries as `structures`; the same correspondence lets a filter search this server's entries.
 */
import { ELEMENT_SYMBOLS } from '@oasis/chem';
export type ScalarType = 'string' | 'number' | 'timestamp' | 'boolean';

export type ResolvedProperty =
  | { kind: 'scalar'; quantity: string; type: ScalarType }
  /** `universe`: every value the list can hold (HAS ONLY excludes the rest); `length`: its count quantity. */
  | { kind: 'list'; quantity: string; type: ScalarType; universe?: readonly string[]; length?: string }
  /** Periodicity flags per lattice vector, known here only through their sum. */
  | { kind: 'dimension_types'; quantity: string }
  /** This server never stores disorder, implicit atoms or assemblies, so the list is always empty. */
  | { kind: 'structure_features' }
  | { kind: 'unsearchable' };

const MATERIAL = 'results.material';
const ORIGINAL = 'results.properties.structures.structure_original';

/** The OPTIMADE fields with a NOMAD search quantity, and the ones without (they give a clear error). */
export const OPTIMADE_PROPERTIES: Readonly<Record<string, ResolvedProperty>> = {
  id: { kind: 'scalar', quantity: 'entry_id', type: 'string' },
  immutable_id: { kind: 'scalar', quantity: 'entry_id', type: 'string' },
  last_modified: { kind: 'scalar', quantity: 'last_processing_time', type: 'timestamp' },
  elements: {
    kind: 'list',
    quantity: `${MATERIAL}.elements`,
    type: 'string',
    universe: ELEMENT_SYMBOLS,
    length: `${MATERIAL}.n_elements`,
  },
  nelements: { kind: 'scalar', quantity: `${MATERIAL}.n_elements`, type: 'number' },
  chemical_formula_reduced: {
    kind: 'scalar',
    quantity: `${MATERIAL}.chemical_formula_reduced`,
    type: 'string',
  },
  chemical_formula_hill: { kind: 'scalar', quantity: `${MATERIAL}.chemical_formula_hill`, type: 'string' },
  chemical_formula_anonymous: {
    kind: 'scalar',
    quantity: `${MATERIAL}.chemical_formula_anonymous`,
    type: 'string',
  },
  chemical_formula_descriptive: {
    kind: 'scalar',
    quantity: `${MATERIAL}.chemical_formula_descriptive`,
    type: 'string',
  },
  nsites: { kind: 'scalar', quantity: `${ORIGINAL}.n_sites`, type: 'number' },
  nperiodic_dimensions: { kind: 'scalar', quantity: `${ORIGINAL}.nperiodic_dimensions`, type: 'number' },
  dimension_types: { kind: 'dimension_types', quantity: `${ORIGINAL}.nperiodic_dimensions` },
  structure_features: { kind: 'structure_features' },
  type: { kind: 'unsearchable' },
  elements_ratios: { kind: 'unsearchable' },
  nsites_per_species: { kind: 'unsearchable' },
  lattice_vectors: { kind: 'unsearchable' },
  cartesian_site_positions: { kind: 'unsearchable' },
  species_at_sites: { kind: 'unsearchable' },
  species: { kind: 'unsearchable' },
  assemblies: { kind: 'unsearchable' },
  space_group_symmetry_operations_xyz: { kind: 'unsearchable' },
};

/** A search quantity as the caller's registry describes it (for `_nmd_` properties). */
export interface OptimadeQuantity {
  name: string;
  type: ScalarType;
  list?: boolean;
}

/** NOMAD's provider prefix: `_nmd_` plus the quantity name with dots written as underscores. */
export const NOMAD_PREFIX = '_nmd_';

export const resolveProperty = (
  name: string,
  quantities: readonly OptimadeQuantity[],
): ResolvedProperty | undefined => {
  if (Object.hasOwn(OPTIMADE_PROPERTIES, name)) return OPTIMADE_PROPERTIES[name];
  if (!name.startsWith(NOMAD_PREFIX)) return undefined;
  const wanted = name.slice(NOMAD_PREFIX.length);
  const quantity = quantities.find((q) => q.name.replaceAll('.', '_') === wanted);
  if (!quantity) return undefined;
  return quantity.list
    ? { kind: 'list', quantity: quantity.name, type: quantity.type }
    : { kind: 'scalar', quantity: quantity.name, type: quantity.type };
};
