import { ANGSTROM } from '@oasis/chem';
import {
  OPTIMADE_API_VERSION,
  OPTIMADE_PROVIDER_PREFIX,
  type OptimadeErrorDocument,
  type OptimadeMeta,
  type OptimadeStructureAttributes,
  type OptimadeStructureResource,
  type OptimadeWarning,
} from '@oasis/schema';

/** Shaping of OPTIMADE answers: meta, error documents and structures resources from search documents. */

export const JSONAPI = {
  version: '1.1',
  meta: { api: 'OPTIMADE' as const, 'api-version': OPTIMADE_API_VERSION },
};

const PROVIDER = {
  name: 'NOMAD',
  description: 'A NOMAD oasis: a self-hosted research-data platform for materials science',
  prefix: OPTIMADE_PROVIDER_PREFIX,
  homepage: 'https://nomad-lab.eu',
};

/** Where an answer came from and what it said about itself. */
export interface OptimadeCall {
  /** The versioned or unversioned OPTIMADE base URL the request came to (absolute). */
  baseUrl: string;
  /** The request's path and query below the base URL. */
  representation: string;
  /** Query parameters the endpoint does not define. */
  unknownParams: readonly string[];
  now: Date;
  implementationVersion: string;
}

export const warning = (detail: string, code?: string): OptimadeWarning => ({
  type: 'warning',
  detail,
  ...(code ? { code } : {}),
});

export const optimadeMeta = (
  call: OptimadeCall,
  counts: { moreDataAvailable: boolean; returned?: number; available?: number; lastId?: string },
  warnings: readonly OptimadeWarning[] = [],
): OptimadeMeta => ({
  api_version: OPTIMADE_API_VERSION,
  query: { representation: call.representation },
  more_data_available: counts.moreDataAvailable,
  time_stamp: call.now.toISOString(),
  ...(counts.returned !== undefined ? { data_returned: counts.returned } : {}),
  ...(counts.available !== undefined ? { data_available: counts.available } : {}),
  ...(counts.lastId !== undefined ? { last_id: counts.lastId } : {}),
  provider: PROVIDER,
  implementation: { name: 'NOMAD oasis', version: call.implementationVersion },
  ...(warnings.length > 0 ? { warnings: [...warnings] } : {}),
});

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  553: 'Version Not Supported',
};

/** The OPTIMADE error document: one error object with the status as a string, and the meta. */
export const optimadeErrorDocument = (
  status: number,
  detail: string,
  call: Omit<OptimadeCall, 'unknownParams'>,
): OptimadeErrorDocument => ({
  errors: [{ status: String(status), title: TITLES[status] ?? 'Error', detail }],
  meta: optimadeMeta({ ...call, unknownParams: [] }, { moreDataAvailable: false }),
  jsonapi: JSONAPI,
});

/** The stored structure of an entry (results.properties.structures.structure_original, SI units). */
export interface StoredStructure {
  dimension_types?: number[];
  lattice_vectors?: number[][];
  cartesian_site_positions?: number[][];
  species?: {
    name?: string;
    chemical_symbols?: string[];
    concentration?: number[];
    original_name?: string;
  }[];
}

/** Metres to ångström, without the float noise of the division (5.640200000000001). */
const angstrom = (metres: number) => Number((metres / ANGSTROM).toPrecision(12));
const toAngstrom = (vectors: number[][]) => vectors.map((vector) => vector.map(angstrom));

/** OPTIMADE writes the unknown element as 'X'; the metainfo as 'x'. */
const speciesSymbol = (symbol: string) => (symbol === 'x' ? 'X' : symbol);

const speciesOf = (species: NonNullable<StoredStructure['species']>) =>
  species.flatMap((item) =>
    item.name && item.chemical_symbols?.length
      ? [
          {
            name: item.name,
            chemical_symbols: item.chemical_symbols.map(speciesSymbol),
            concentration:
              item.concentration ?? item.chemical_symbols.map(() => 1 / item.chemical_symbols!.length),
            ...(item.original_name ? { original_name: item.original_name } : {}),
          },
        ]
      : [],
  );

/** The value at a dotted path of a search document; lists of sections give their first item's value. */
const valueAt = (doc: Record<string, unknown>, path: string): unknown => {
  let value: unknown = doc;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) value = value[0];
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
};

/** Links to the entry in this installation, as NOMAD's `_nmd_*_url` fields. */
export interface EntryLinks {
  archive_url: string;
  entry_page_url: string;
  raw_file_download_url: string;
}

/**
 * A structures resource from an entry's search document (OPTIMADE fields, metadata) and, when cell or
 * sites are asked for, its stored structure; `fields` are the attribute names to include.
 */
export const structureResource = (
  doc: Record<string, unknown>,
  structure: StoredStructure | undefined,
  fields: ReadonlySet<string>,
  provider: { quantityOf: (field: string) => string | undefined; links: EntryLinks },
): OptimadeStructureResource => {
  const optimade = (doc.optimade ?? {}) as Record<string, unknown>;
  const entryId = String(doc.entry_id);
  const nperiodic = optimade.nperiodic_dimensions as number | undefined;
  const values: Record<string, unknown> = {
    immutable_id: entryId,
    last_modified: doc.last_processing_time ?? null,
    elements: optimade.elements ?? null,
    nelements: optimade.nelements ?? null,
    elements_ratios: optimade.elements_ratios ?? null,
    chemical_formula_descriptive: optimade.chemical_formula_descriptive ?? null,
    chemical_formula_reduced: optimade.chemical_formula_reduced ?? null,
    chemical_formula_hill: optimade.chemical_formula_hill ?? null,
    chemical_formula_anonymous: optimade.chemical_formula_anonymous ?? null,
    nperiodic_dimensions: nperiodic ?? null,
    dimension_types: structure?.dimension_types ?? null,
    lattice_vectors: structure?.lattice_vectors ? toAngstrom(structure.lattice_vectors) : null,
    cartesian_site_positions: structure?.cartesian_site_positions
      ? toAngstrom(structure.cartesian_site_positions)
      : null,
    nsites: optimade.nsites ?? null,
    species_at_sites: optimade.species_at_sites ?? null,
    species: structure?.species ? speciesOf(structure.species) : null,
    structure_features: optimade.structure_features ?? [],
  };
  const attributes: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(values, field)) {
      attributes[field] = values[field];
      continue;
    }
    const link = field.slice(`_${OPTIMADE_PROVIDER_PREFIX}_`.length) as keyof EntryLinks;
    if (Object.hasOwn(provider.links, link)) {
      attributes[field] = provider.links[link];
      continue;
    }
    // A requested field without a value is there as null (OPTIMADE: requested fields are always returned).
    const quantity = provider.quantityOf(field);
    const value = quantity === undefined ? undefined : valueAt(doc, quantity);
    attributes[field] = value ?? null;
  }
  return { type: 'structures', id: entryId, attributes: attributes as OptimadeStructureAttributes };
};
