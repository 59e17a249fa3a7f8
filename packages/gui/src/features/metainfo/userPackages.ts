import type {
  EntryDefinitionsResponse,
  PackageDefinition,
  QuantityDefinition,
  ResolvedQuantityDefinition,
  SectionDefinition,
  SubSectionDefinition,
} from '@oasis/schema';

/**
 * A schema file's definitions (GET entries/{id}/definitions of a schema entry) in the model of the
 * built-in definitions, so that the metainfo browser shows users' packages as it shows its own. Sections
 * refer to each other as objects, circles included; base sections keep their names.
 */

type Definitions = EntryDefinitionsResponse['data'];

/** The model's type of a quantity typed as NOMAD writes it. */
const quantityOf = (quantity: ResolvedQuantityDefinition): QuantityDefinition => {
  const common = {
    name: quantity.name,
    description: quantity.description ?? '',
    shape: quantity.shape ?? [],
    ...(quantity.unit ? { unit: quantity.unit } : {}),
  };
  const kind = quantity.type?.type_kind;
  const data = quantity.type?.type_data;
  if (/^enum$/i.test(String(kind)) && Array.isArray(data))
    return { ...common, type: 'enum', values: data.map(String) };
  if (kind === 'reference' || kind === 'quantity_reference') return { ...common, type: 'reference' };
  const name = String(data ?? '');
  if (kind === 'custom') return { ...common, type: name.endsWith('Datetime') ? 'datetime' : 'str' };
  if (/^bool/.test(name)) return { ...common, type: 'bool' };
  if (/int/.test(name)) return { ...common, type: 'int' };
  if (/float/.test(name)) return { ...common, type: 'float' };
  return { ...common, type: 'str' };
};

/** The name a base section is shown by: a section of the same answer by its name, a built-in by its own. */
export const baseName = (definitions: Definitions, key: string) =>
  key.includes('#') ? (definitions.sections[key]?.name ?? key) : key;

interface Building {
  name: string;
  description: string;
  base_sections: string[];
  quantities: QuantityDefinition[];
  sub_sections: SubSectionDefinition[];
}

export const userPackage = (definitions: Definitions, name: string): PackageDefinition => {
  const built = new Map<string, Building>();
  const sectionOf = (key: string): SectionDefinition => {
    const known = built.get(key);
    if (known) return known;
    const resolved = definitions.sections[key];
    const section: Building = {
      name: resolved?.name ?? key,
      description: resolved?.description ?? '',
      base_sections: (resolved?.base_sections ?? []).map((base) => baseName(definitions, base)),
      quantities: [],
      sub_sections: [],
    };
    built.set(key, section);
    // Filled after it is known, so that sub-sections that lead back to it find it.
    section.quantities = (resolved?.quantities ?? []).map(quantityOf);
    section.sub_sections = (resolved?.sub_sections ?? []).map((sub) => ({
      name: sub.name,
      repeats: sub.repeats,
      section: sectionOf(sub.section),
    }));
    return section;
  };
  const keys = definitions.package?.sections ?? [definitions.root];
  return {
    name,
    description: "Defined in an upload's schema file.",
    section_definitions: keys.map(sectionOf),
  };
};
