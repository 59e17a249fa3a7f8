import { NOMAD_PREFIX, OPTIMADE_PROPERTIES, type OptimadePropertyDefinition } from '@oasis/schema';
import { entrySearchQuantities, type SearchQuantity } from '../search/quantities.ts';

/**
 * The structures properties this server serves, as OPTIMADE v1.2 property definitions (facts from the
 * spec's structures definitions: type, unit, list dimensions), and NOMAD's `_nmd_` provider fields.
 */

type OptimadeType = 'string' | 'integer' | 'float' | 'boolean' | 'timestamp' | 'list' | 'dictionary';

const JSON_TYPES: Record<OptimadeType, string> = {
  string: 'string',
  integer: 'integer',
  float: 'number',
  boolean: 'boolean',
  timestamp: 'string',
  list: 'array',
  dictionary: 'object',
};

interface Item {
  type: OptimadeType;
  unit?: string;
  dimensions?: { names: string[]; sizes: (number | null)[] };
  items?: Item;
}

interface StandardProperty extends Item {
  title: string;
  description: string;
  /** The search quantity results are sorted by, for sortable properties. */
  sortBy?: string;
  /** Whether `null` is allowed (every property but id, type and structure_features). */
  required?: boolean;
}

const ANGSTROM = 'angstrom';
const float = (unit?: string): Item => ({ type: 'float', ...(unit ? { unit } : {}) });
const vectors = (outer: string, size: number | null, unit?: string): Item => ({
  type: 'list',
  dimensions: { names: [outer], sizes: [size] },
  items: { type: 'list', dimensions: { names: ['dim_spatial'], sizes: [3] }, items: float(unit) },
});

/** The standard properties of a served structure, in the order info/structures lists them. */
export const STRUCTURE_PROPERTIES: Readonly<Record<string, StandardProperty>> = {
  id: {
    type: 'string',
    title: 'id',
    description: 'The NOMAD entry id of the structure.',
    sortBy: 'entry_id',
    required: true,
  },
  type: { type: 'string', title: 'type', description: 'Always "structures".', required: true },
  immutable_id: {
    type: 'string',
    title: 'immutable id',
    description: 'The NOMAD entry id, which never changes.',
  },
  last_modified: {
    type: 'timestamp',
    title: 'last modified',
    description: 'When the entry was last processed.',
    sortBy: 'last_processing_time',
  },
  elements: {
    type: 'list',
    title: 'elements',
    description: 'Chemical symbols of the elements in the structure, in alphabetical order.',
    dimensions: { names: ['dim_elements'], sizes: [null] },
    items: { type: 'string' },
  },
  nelements: {
    type: 'integer',
    title: 'number of elements',
    description: 'Number of different elements in the structure.',
    sortBy: 'optimade.nelements',
  },
  elements_ratios: {
    type: 'list',
    title: 'elements ratios',
    description: 'Share of the sites of each element, in the order of elements.',
    dimensions: { names: ['dim_elements'], sizes: [null] },
    items: float(),
  },
  chemical_formula_descriptive: {
    type: 'string',
    title: 'descriptive chemical formula',
    description: 'The chemical formula as NOMAD describes the structure.',
    sortBy: 'optimade.chemical_formula_descriptive',
  },
  chemical_formula_reduced: {
    type: 'string',
    title: 'reduced chemical formula',
    description: 'Elements in alphabetical order with their proportions reduced to whole numbers.',
    sortBy: 'optimade.chemical_formula_reduced',
  },
  chemical_formula_hill: {
    type: 'string',
    title: 'Hill chemical formula',
    description: 'The chemical formula in Hill order (C, H, then alphabetical) for the cell.',
    sortBy: 'optimade.chemical_formula_hill',
  },
  chemical_formula_anonymous: {
    type: 'string',
    title: 'anonymous chemical formula',
    description: 'The reduced formula with the elements replaced by A, B, C, ... by decreasing proportion.',
    sortBy: 'optimade.chemical_formula_anonymous',
  },
  dimension_types: {
    type: 'list',
    title: 'dimension types',
    description: 'For each lattice vector, 1 when the cell is periodic along it, 0 when not.',
    dimensions: { names: ['dim_lattice'], sizes: [3] },
    items: { type: 'integer' },
  },
  nperiodic_dimensions: {
    type: 'integer',
    title: 'number of periodic dimensions',
    description: 'How many lattice directions are periodic (the sum of dimension_types).',
    sortBy: 'optimade.nperiodic_dimensions',
  },
  lattice_vectors: {
    title: 'lattice vectors',
    description: 'The three lattice vectors in Cartesian coordinates, in ångström.',
    ...vectors('dim_lattice', 3, ANGSTROM),
  },
  cartesian_site_positions: {
    title: 'Cartesian site positions',
    description: 'Cartesian positions of the sites, in ångström.',
    ...vectors('dim_sites', null, ANGSTROM),
  },
  nsites: {
    type: 'integer',
    title: 'number of sites',
    description: 'Number of sites.',
    sortBy: 'optimade.nsites',
  },
  species_at_sites: {
    type: 'list',
    title: 'species at sites',
    description: 'The name of the species at each site.',
    dimensions: { names: ['dim_sites'], sizes: [null] },
    items: { type: 'string' },
  },
  species: {
    type: 'list',
    title: 'species',
    description: 'The species of the sites: name, chemical symbols and their concentrations.',
    dimensions: { names: ['dim_species'], sizes: [null] },
    items: { type: 'dictionary' },
  },
  structure_features: {
    type: 'list',
    title: 'structure features',
    description: 'Flags for disorder, implicit atoms, site attachments or assemblies; none apply here.',
    dimensions: { names: ['dim_structure_features'], sizes: [null] },
    items: { type: 'string' },
    required: true,
  },
};

/** Links NOMAD serves as provider fields beside the search quantities (on request only). */
export const NOMAD_LINK_FIELDS = ['archive_url', 'entry_page_url', 'raw_file_download_url'] as const;

/**
 * NOMAD's provider fields: the entry metadata at the top level and the `results` quantities, each as
 * `_nmd_` + its path with underscores; NOMAD leaves out other sections and its own OPTIMADE copy.
 */
export const PROVIDER_QUANTITIES: ReadonlyMap<string, SearchQuantity> = new Map(
  entrySearchQuantities
    .filter((quantity) => !quantity.name.includes('.') || quantity.name.startsWith('results.'))
    .map((quantity) => [`${NOMAD_PREFIX}${quantity.name.replaceAll('.', '_')}`, quantity]),
);

/** OPTIMADE Physical Unit Definitions of the units the properties use (v1.2, 'Physical Unit Definitions'). */
const UNIT_DEFINITIONS: Record<string, Record<string, unknown>> = {
  [ANGSTROM]: {
    $schema: 'https://schemas.optimade.org/meta/v1.2/optimade/physical_unit_definition.json',
    $id: 'urn:nomad-oasis:optimade:units:v1:angstrom',
    'x-optimade-definition': { format: '1.2', kind: 'unit', name: ANGSTROM, label: `${ANGSTROM}_unit` },
    symbol: ANGSTROM,
    title: 'ångström',
    description: 'The ångström unit of length, 1e-10 metre.',
    standard: { name: 'gnu units', version: '3.15', symbol: ANGSTROM },
  },
};

const unitsOf = (item: Item): string[] => [
  ...(item.unit ? [item.unit] : []),
  ...(item.items ? unitsOf(item.items) : []),
];

const itemDefinition = (item: Item, nullable: boolean): Record<string, unknown> => ({
  type: nullable ? [JSON_TYPES[item.type], 'null'] : [JSON_TYPES[item.type]],
  'x-optimade-type': item.type,
  'x-optimade-unit':
    item.unit ?? (item.type === 'integer' || item.type === 'float' ? 'dimensionless' : 'inapplicable'),
  ...(item.dimensions ? { 'x-optimade-dimensions': item.dimensions } : {}),
  ...(item.items ? { items: itemDefinition(item.items, false) } : {}),
});

const SCHEMA = 'https://schemas.optimade.org/meta/v1.2/optimade/property_definition';
const STANDARD_IDS = 'https://schemas.optimade.org/defs/v1.2/properties/optimade/structures/';

const definition = (
  name: string,
  id: string,
  property: StandardProperty,
  options: { sortable: boolean; querySupport: 'all mandatory' | 'none'; responseDefault: boolean },
): OptimadePropertyDefinition => {
  const units = [...new Set(unitsOf(property))];
  return {
    $id: id,
    $schema: SCHEMA,
    title: property.title,
    description: property.description,
    'x-optimade-definition': { format: '1.2', kind: 'property', name, label: `${name}_structures` },
    ...(itemDefinition(property, !property.required) as Pick<
      OptimadePropertyDefinition,
      'type' | 'x-optimade-type' | 'x-optimade-unit'
    >),
    ...(units.length > 0
      ? { 'x-optimade-unit-definitions': units.map((symbol) => UNIT_DEFINITIONS[symbol]!) }
      : {}),
    'x-optimade-implementation': {
      sortable: options.sortable,
      'query-support': options.querySupport,
      'response-default': options.responseDefault,
    },
    sortable: options.sortable,
    ...(units.length === 1 ? { unit: units[0] } : {}),
  };
};

const searchable = (name: string) => {
  const kind = OPTIMADE_PROPERTIES[name]?.kind;
  return kind !== undefined && kind !== 'unsearchable';
};

const PROVIDER_TYPES: Record<SearchQuantity['type'], OptimadeType> = {
  string: 'string',
  number: 'float',
  boolean: 'boolean',
  timestamp: 'timestamp',
};

/** info/structures' `properties`: the standard ones, then the provider fields. */
export const structurePropertyDefinitions = (): Record<string, OptimadePropertyDefinition> => {
  const standard = Object.entries(STRUCTURE_PROPERTIES).map(([name, property]) => [
    name,
    definition(name, `${STANDARD_IDS}${name}`, property, {
      sortable: property.sortBy !== undefined,
      querySupport: searchable(name) ? 'all mandatory' : 'none',
      responseDefault: true,
    }),
  ]);
  const provider = [...PROVIDER_QUANTITIES].map(([name, quantity]) => {
    const scalar: Item = { type: quantity.integer ? 'integer' : PROVIDER_TYPES[quantity.type] };
    const property: StandardProperty = {
      ...(quantity.list
        ? { type: 'list', items: scalar, dimensions: { names: ['_nmd_dim_values'], sizes: [null] } }
        : scalar),
      title: quantity.name,
      description: quantity.description ?? `NOMAD's ${quantity.name}.`,
    };
    return [
      name,
      definition(name, `urn:nomad:optimade:structures:${name}`, property, {
        sortable: false,
        querySupport: 'all mandatory',
        responseDefault: false,
      }),
    ];
  });
  const links = NOMAD_LINK_FIELDS.map((field) => {
    const name = `${NOMAD_PREFIX}${field}`;
    const property: StandardProperty = {
      type: 'string',
      title: field,
      description: `NOMAD's ${field.replaceAll('_', ' ')}.`,
    };
    return [
      name,
      definition(name, `urn:nomad:optimade:structures:${name}`, property, {
        sortable: false,
        querySupport: 'none',
        responseDefault: false,
      }),
    ];
  });
  return Object.fromEntries([...standard, ...provider, ...links]) as Record<
    string,
    OptimadePropertyDefinition
  >;
};
