import { CHEMICAL_SYMBOLS } from '../processing/elements.ts';

/**
 * The searchable quantities of entries in this release and how they are compared. Later releases derive
 * this list from the metainfo definitions; the path is the dotted name inside the search document.
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
}

const q = (
  name: string,
  type: QuantityType = 'string',
  list = false,
  extra: Partial<SearchQuantity> = {},
): SearchQuantity => ({ name, type, list, aggregatable: type === 'string' || type === 'boolean', ...extra });

export const entrySearchQuantities: readonly SearchQuantity[] = [
  q('entry_id', 'string', false, { description: 'The unique, persistent identifier of the entry' }),
  q('upload_id', 'string', false, {
    description: 'The persistent and globally unique identifier for the upload of the entry',
  }),
  q('mainfile', 'string', false, {
    description: 'The path to the mainfile from the root directory of the uploaded files',
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
  q('results.material.material_id'),
  q('results.material.elements', 'string', true, {
    description: 'Names of the different elements present in the structure.',
    // 'X' marks unknown species, as in NOMAD.
    enumValues: CHEMICAL_SYMBOLS,
  }),
  q('results.material.elements_exclusive'),
  q('results.material.n_elements', 'number', false, {
    description: 'Number of different elements in the structure as an integer.',
    integer: true,
  }),
  q('results.material.chemical_formula_hill', 'string', false, { suggestion: true }),
  q('results.material.chemical_formula_reduced', 'string', false, { suggestion: true }),
  q('results.material.chemical_formula_iupac', 'string', false, { suggestion: true }),
  q('results.material.chemical_formula_anonymous', 'string', false, { suggestion: true }),
  q('results.material.chemical_formula_descriptive', 'string', false, { suggestion: true }),
  q('results.material.structural_type', 'string', false, {
    description: 'Structural class determined from the atomic structure.',
    enumValues: ['bulk', 'surface', '2D', '1D', 'molecule / cluster', 'atom', 'not processed', 'unavailable'],
  }),
  q('results.material.symmetry.space_group_symbol'),
  q('results.material.symmetry.space_group_number', 'number', false, { integer: true }),
  q('results.material.symmetry.crystal_system', 'string', false, {
    enumValues: ['cubic', 'hexagonal', 'monoclinic', 'orthorhombic', 'tetragonal', 'triclinic', 'trigonal'],
  }),
  q('results.material.symmetry.bravais_lattice', 'string', false, {
    enumValues: ['aP', 'cF', 'cI', 'cP', 'hP', 'hR', 'mP', 'mS', 'oF', 'oI', 'oP', 'oS', 'tI', 'tP'],
  }),
  q('results.material.symmetry.structure_name', 'string', false, {
    enumValues: [
      '4-member ring',
      'Heusler',
      'bcc',
      'bct',
      'bct5',
      'clathrate',
      'cuprite',
      'diamond',
      'fcc',
      'fct',
      'half-Heusler',
      'hcp',
      'perovskite',
      'rock salt',
      'rutile',
      'simple cubic',
      'wurtzite',
      'zincblende',
    ],
  }),
  q('results.method.method_name', 'string', false, {
    enumValues: [
      'BSE',
      'CoreHole',
      'DFT',
      'DMFT',
      'EELS',
      'GW',
      'NMR',
      'TB',
      'XPS',
      'XRD',
      'kMC',
      'quantum cms',
      'unavailable',
    ],
  }),
  q('results.method.simulation.program_name', 'string', false, { suggestion: true }),
  q('results.method.simulation.program_version'),
  q('results.properties.available_properties', 'string', true),
];

export interface QuantityRegistry {
  get(name: string): SearchQuantity | undefined;
  isQuantity(name: string): boolean;
  isSection(name: string): boolean;
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
  };
};
