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
export const fromDefinition = ({ name, quantity, repeats }: SearchQuantityDefinition): SearchQuantity => ({
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
  ...resultsSearchQuantities,
];

export interface QuantityRegistry {
  get(name: string): SearchQuantity | undefined;
  isQuantity(name: string): boolean;
  isSection(name: string): boolean;
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
    unitOf: (name) => byName.get(name)?.unit,
  };
};
