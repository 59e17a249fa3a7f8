import { ELEMENT_SYMBOLS } from '@oasis/chem';
import { searchQuantitiesOf, type SearchQuantityDefinition } from '@oasis/schema';

/**
 * The searchable quantities of entries and how they are compared; the name is the dotted path inside the
 * search document. Entry metadata is listed here; `results.*` comes from the metainfo definitions, so a
 * searchable quantity is added by flagging its definition.
 */
export type QuantityType = 'string' | 'number' | 'boolean' | 'timestamp';

export interface SearchQuantity {
  name: string;
  type: QuantityType;
  /** Whether the value is a list (elements, author names); SQL/JSON paths handle both alike. */
  list?: boolean;
  /** Numbers that are whole (counts, space group numbers). */
  integer?: boolean;
  description?: string;
  /** Fixed set of values (the GUI offers them as options). */
  enumValues?: readonly string[];
  /** Whether terms aggregations make sense (strings and booleans by default, not numbers or times). */
  aggregatable?: boolean;
  /** Offered as search-bar suggestions. */
  suggestion?: boolean;
  /** NOMAD unit of the stored (SI) value, for display conversion. */
  unit?: string;
  /** Inside a repeating section (several values per entry, e.g. band gaps per spin channel). */
  repeats?: boolean;
  /** Where the values are in the document, when the name is an older alias of another path. */
  source?: string;
}

const q = (
  name: string,
  type: QuantityType = 'string',
  list = false,
  extra: Partial<SearchQuantity> = {},
): SearchQuantity => ({ name, type, list, aggregatable: type === 'string' || type === 'boolean', ...extra });

const typeOf = (definition: SearchQuantityDefinition['quantity']): QuantityType => {
  switch (definition.type) {
    case 'int':
    case 'float':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'datetime':
      return 'timestamp';
    default:
      return 'string';
  }
};

/** A searchable metainfo quantity as the search code compares it. */
const fromDefinition = ({ name, quantity, repeats }: SearchQuantityDefinition): SearchQuantity => ({
  name,
  type: typeOf(quantity),
  list: quantity.shape.length > 0,
  ...(quantity.type === 'int' ? { integer: true } : {}),
  description: quantity.description,
  ...(quantity.type === 'enum' ? { enumValues: quantity.values } : {}),
  aggregatable: quantity.aggregatable ?? false,
  ...(quantity.suggestion ? { suggestion: true } : {}),
  ...(quantity.unit ? { unit: quantity.unit } : {}),
  ...(repeats ? { repeats: true } : {}),
});

const resultsSearchQuantities = searchQuantitiesOf().map(fromDefinition);

/** Where an entry comes from and how it was processed. */
const processingQuantities: readonly SearchQuantity[] = [
  q('calc_id', 'string', false, { description: 'Legacy name of the entry id' }),
  q('mainfile_key', 'string', false, {
    description: 'Key of the entry within a mainfile with several entries',
  }),
  q('files', 'string', true, { description: 'Paths of the files that belong to the entry' }),
  q('pid', 'string', false, { description: 'Legacy numeric identifier of the entry' }),
  q('raw_id', 'string', false, { description: 'Identifier the code gave the calculation' }),
  q('external_id', 'string', false, { description: 'Identifier of the entry in an external database' }),
  q('publish_time', 'timestamp'),
  q('processing_errors', 'string', true, { description: 'Errors raised while processing the entry' }),
  q('nomad_version', 'string', false, { description: 'Version of the software that processed the entry' }),
  q('nomad_commit', 'string', false, {
    description: 'Source revision of the software that processed the entry',
  }),
  q('origin', 'string', false, { description: 'Name of the person or database the entry comes from' }),
  q('domain', 'string', false, { enumValues: ['dft', 'ems', 'nexus'] }),
  q('n_quantities', 'number', false, {
    integer: true,
    description: 'Number of quantities with values in the archive',
  }),
  q('sections', 'string', true, {
    description: 'Qualified names of the section definitions the archive uses',
  }),
];

/** Who may see and edit the entry, and the datasets it belongs to. */
const sharingQuantities: readonly SearchQuantity[] = [
  q('writers.name', 'string', true, { suggestion: true }),
  q('viewers.name', 'string', true, { suggestion: true }),
  q('writer_groups', 'string', true, { description: 'Ids of the groups that may edit the entry' }),
  q('viewer_groups', 'string', true, { description: 'Ids of the groups that may see the entry' }),
  q('datasets.doi', 'string', true),
  q('datasets.dataset_create_time', 'timestamp', true),
  q('datasets.dataset_modified_time', 'timestamp', true),
  q('datasets.dataset_type', 'string', true, { enumValues: ['owned', 'foreign'] }),
];

/**
 * What the archive's data is made of and refers to: the section definitions it instantiates, its
 * references into other entries, and its schema-defined (dynamic) search quantities, one per path.
 */
const definitionQuantities: readonly SearchQuantity[] = [
  ...['definition_qualified_name', 'definition_id'].map((name) =>
    q(`section_defs.${name}`, 'string', false, { repeats: true }),
  ),
  q('section_defs.used_directly', 'boolean', false, {
    repeats: true,
    description: 'Whether the section is instantiated itself, not only as a base of another',
  }),
  ...[
    'target_reference',
    'target_entry_id',
    'target_mainfile',
    'target_upload_id',
    'target_name',
    'target_path',
    'source_name',
    'source_path',
    'source_quantity',
  ].map((name) => q(`entry_references.${name}`, 'string', false, { repeats: true })),
  ...['id', 'definition', 'path_archive'].map((name) =>
    q(`search_quantities.${name}`, 'string', false, { repeats: true }),
  ),
  q('search_quantities.bool_value', 'boolean', false, { repeats: true }),
  q('search_quantities.str_value', 'string', false, { repeats: true, aggregatable: false }),
  q('search_quantities.int_value', 'number', false, { repeats: true, integer: true }),
  q('search_quantities.float_value', 'number', false, { repeats: true }),
  q('search_quantities.datetime_value', 'timestamp', false, { repeats: true }),
];

/** The entry's structure as its OPTIMADE record gives it. */
const optimadeQuantities: readonly SearchQuantity[] = [
  q('optimade.elements', 'string', true, { enumValues: ELEMENT_SYMBOLS }),
  q('optimade.nelements', 'number', false, { integer: true }),
  q('optimade.elements_ratios', 'number', true),
  q('optimade.chemical_formula_descriptive'),
  q('optimade.chemical_formula_reduced'),
  q('optimade.chemical_formula_hill'),
  q('optimade.chemical_formula_anonymous'),
  q('optimade.nperiodic_dimensions', 'number', false, { integer: true }),
  q('optimade.nsites', 'number', false, { integer: true }),
  q('optimade.structure_features', 'string', true, {
    enumValues: ['disorder', 'unknown_positions', 'assemblies'],
  }),
];

/**
 * Names an earlier NOMAD version indexed and its GUI still requests (recorded user-data page): accepted
 * so that such requests succeed; today's metainfo keeps these values under other paths, noted for each.
 */
const legacyResultsQuantities: readonly SearchQuantity[] = [
  q('results.method.simulation.dft.hubbard_model.u_effective', 'number', false, {
    unit: 'joule',
    repeats: true,
    source: 'results.method.simulation.dft.hubbard_kanamori_model.u_effective',
  }),
  q('results.properties.optoelectronic.band_gap_optical.type', 'string', false, {
    enumValues: ['direct', 'indirect'],
    repeats: true,
  }),
  q('results.properties.optoelectronic.band_gap_optical.value', 'number', false, {
    unit: 'joule',
    repeats: true,
  }),
  q('results.properties.spectroscopy.eels.detector_type', 'string', false, {
    suggestion: true,
    source: 'results.properties.spectroscopic.spectra.provenance.eels.detector_type',
  }),
  ...['resolution', 'max_energy', 'min_energy'].map((name) =>
    q(`results.properties.spectroscopy.eels.${name}`, 'number', false, {
      unit: 'joule',
      source: `results.properties.spectroscopic.spectra.provenance.eels.${name}`,
    }),
  ),
  q(
    'results.properties.thermodynamic.trajectory.methodology.molecular_dynamics.ensemble_type',
    'string',
    false,
    {
      enumValues: ['NVE', 'NVT', 'NPT', 'NPH'],
      repeats: true,
      source: 'results.properties.thermodynamic.trajectory.provenance.molecular_dynamics.ensemble_type',
    },
  ),
  q('results.properties.thermodynamic.trajectory.methodology.molecular_dynamics.time_step', 'number', false, {
    unit: 'second',
    repeats: true,
    source: 'results.properties.thermodynamic.trajectory.provenance.molecular_dynamics.time_step',
  }),
];

export const entrySearchQuantities: readonly SearchQuantity[] = [
  q('entry_id', 'string', false, { description: 'The unique, persistent identifier of the entry' }),
  q('upload_id', 'string', false, {
    description: 'The persistent and globally unique identifier for the upload of the entry',
  }),
  q('mainfile', 'string', false, {
    description: 'The path to the mainfile from the root directory of the uploaded files',
    suggestion: true,
  }),
  q('entry_name', 'string', false, {
    description: 'A brief human readable name for the entry',
    suggestion: true,
  }),
  q('entry_type'),
  q('parser_name'),
  q('upload_name', 'string', false, { description: 'The user provided upload name', suggestion: true }),
  q('upload_create_time', 'timestamp'),
  q('entry_create_time', 'timestamp'),
  q('last_processing_time', 'timestamp'),
  q('published', 'boolean'),
  q('with_embargo', 'boolean'),
  q('processed', 'boolean'),
  q('process_status'),
  q('license'),
  q('comment', 'string', false, { aggregatable: false }),
  q('references', 'string', true),
  q('external_db', 'string', false, {
    enumValues: [
      'AFLOW',
      'EELS Data Base',
      'Kyoto Phonopy Database',
      'Materials Project',
      'OQMD',
      'The Perovskite Database Project',
    ],
  }),
  q('main_author.user_id'),
  q('main_author.name'),
  q('authors.name', 'string', true, { description: 'The names of the authors', suggestion: true }),
  q('authors.user_id', 'string', true),
  q('writers.user_id', 'string', true),
  q('viewers.user_id', 'string', true),
  q('datasets.dataset_id', 'string', true),
  q('datasets.dataset_name', 'string', true),
  q('text_search_contents', 'string', true, {
    aggregatable: false,
    description: "Words of the entry's names, file, comment, formulas and program, for free-text queries",
  }),
  q('quantities', 'string', true, {
    aggregatable: true,
    description: 'Paths of the search quantities and sections an entry has values in (existence queries)',
  }),
  ...processingQuantities,
  ...sharingQuantities,
  ...definitionQuantities,
  ...optimadeQuantities,
  ...resultsSearchQuantities,
  ...legacyResultsQuantities,
];

/** Sections whose items queries test one by one (NOMAD's nested fields): one item must meet them all. */
export const NESTED_SECTIONS: ReadonlySet<string> = new Set(['search_quantities', 'entry_references']);

export interface QuantityRegistry {
  get(name: string): SearchQuantity | undefined;
  isQuantity(name: string): boolean;
  isSection(name: string): boolean;
  isNested(name: string): boolean;
  /** The SI unit a quantity is stored in, so that query values such as '1.5 eV' can be converted. */
  unitOf(name: string): string | undefined;
}

export const createRegistry = (quantities: readonly SearchQuantity[]): QuantityRegistry => {
  const byName = new Map(quantities.map((quantity) => [quantity.name, quantity]));
  const sections = new Set(
    quantities.flatMap((quantity) => {
      const parts = quantity.name.split('.');
      return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'));
    }),
  );
  return {
    get: (name) => byName.get(name),
    isQuantity: (name) => byName.has(name),
    isSection: (name) => sections.has(name),
    isNested: (name) => NESTED_SECTIONS.has(name),
    unitOf: (name) => byName.get(name)?.unit,
  };
};
