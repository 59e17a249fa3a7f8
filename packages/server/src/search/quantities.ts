/**
 * The searchable quantities of entries in this release and how they are compared. Later releases derive
 * this list from the metainfo definitions; the path is the dotted name inside the search document.
 */
export type QuantityType = 'string' | 'number' | 'boolean' | 'timestamp';

export interface SearchQuantity {
  name: string;
  type: QuantityType;
  /** Whether the value is a list (or lies below a repeated section). */
  repeats?: boolean;
}

const q = (name: string, type: QuantityType = 'string', repeats = false): SearchQuantity => ({
  name,
  type,
  repeats,
});

export const entrySearchQuantities: readonly SearchQuantity[] = [
  q('entry_id'),
  q('upload_id'),
  q('mainfile'),
  q('entry_name'),
  q('entry_type'),
  q('parser_name'),
  q('upload_name'),
  q('upload_create_time', 'timestamp'),
  q('entry_create_time', 'timestamp'),
  q('last_processing_time', 'timestamp'),
  q('published', 'boolean'),
  q('with_embargo', 'boolean'),
  q('processed', 'boolean'),
  q('process_status'),
  q('license'),
  q('comment'),
  q('references', 'string', true),
  q('external_db'),
  q('main_author.user_id'),
  q('main_author.name'),
  q('authors.name', 'string', true),
  q('authors.user_id', 'string', true),
  q('writers.user_id', 'string', true),
  q('viewers.user_id', 'string', true),
  q('datasets.dataset_id', 'string', true),
  q('datasets.dataset_name', 'string', true),
  q('results.material.material_id'),
  q('results.material.elements', 'string', true),
  q('results.material.elements_exclusive'),
  q('results.material.n_elements', 'number'),
  q('results.material.chemical_formula_hill'),
  q('results.material.chemical_formula_reduced'),
  q('results.material.chemical_formula_iupac'),
  q('results.material.chemical_formula_anonymous'),
  q('results.material.chemical_formula_descriptive'),
  q('results.material.structural_type'),
  q('results.material.symmetry.space_group_symbol'),
  q('results.material.symmetry.space_group_number', 'number'),
  q('results.material.symmetry.crystal_system'),
  q('results.material.symmetry.bravais_lattice'),
  q('results.material.symmetry.structure_name'),
  q('results.method.method_name'),
  q('results.method.simulation.program_name'),
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
