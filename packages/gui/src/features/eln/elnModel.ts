import type {
  EntryDefinitionsResponse,
  ResolvedQuantityDefinition,
  ResolvedSectionDefinition,
  ResolvedSubSectionDefinition,
} from '@oasis/schema';

/**
 * What an entry's editor shows of its schema (spec 3 §5, §9): the quantities a section's ELN annotation
 * makes visible and editable, in its order, each with the edit component its own annotation names.
 */

export type Definitions = EntryDefinitionsResponse['data'];
export type SectionDefinition = ResolvedSectionDefinition;
export type QuantityDefinition = ResolvedQuantityDefinition;
export type SubSectionDefinition = ResolvedSubSectionDefinition;

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names a section's `properties` include or exclude. */
interface NameFilter {
  include?: string[];
  exclude?: string[];
}

/** NOMAD's `eln` annotation of a quantity or section (the keys this editor reads). */
export interface ElnAnnotation {
  component?: string;
  label?: string;
  defaultDisplayUnit?: string;
  minValue?: number;
  maxValue?: number;
  props?: Json;
  hide?: string[];
  overview?: boolean;
  properties?: { visible?: NameFilter; editable?: NameFilter; order?: string[] };
}

/** The first `eln` annotation of a definition (NOMAD keeps each annotation as a list). */
export const elnAnnotation = (definition: { m_annotations?: Json }): ElnAnnotation | undefined => {
  const eln = definition.m_annotations?.eln;
  const first: unknown = Array.isArray(eln) ? eln[0] : eln;
  return isObject(first) ? (first as ElnAnnotation) : undefined;
};

/** Built-in base sections annotate their quantities for notebooks; this is their component by type. */
const BUILTIN_ELN = /^nomad\.datamodel\.metainfo\./;

const typeKind = (quantity: QuantityDefinition) => quantity.type?.type_kind;
/** NOMAD writes an enum's kind 'Enum' in schemas, 'enum' for its built-in definitions. */
const isEnum = (quantity: QuantityDefinition) => /^enum$/i.test(String(typeKind(quantity)));
export const typeData = (quantity: QuantityDefinition) => quantity.type?.type_data;

const isDatetime = (quantity: QuantityDefinition) =>
  typeKind(quantity) === 'custom' && String(typeData(quantity)).endsWith('Datetime');

/** The edit component of a quantity: its annotation's, or the default of a built-in base section's. */
export const componentOf = (quantity: QuantityDefinition): string | undefined => {
  const annotated = elnAnnotation(quantity)?.component;
  if (annotated) return annotated;
  if (!BUILTIN_ELN.test(quantity.defined_by)) return undefined;
  if (quantity.name === 'description') return 'RichTextEditQuantity';
  if (isDatetime(quantity)) return 'DateTimeEditQuantity';
  if (isEnum(quantity)) return 'EnumEditQuantity';
  const data = String(typeData(quantity));
  if (data === 'bool') return 'BoolEditQuantity';
  if (/int|float/.test(data)) return 'NumberEditQuantity';
  if (typeKind(quantity) === 'reference') return 'ReferenceEditQuantity';
  return 'StringEditQuantity';
};

/** A quantity's label: its annotation's, else its name with spaces. */
export const labelOf = (definition: QuantityDefinition | SubSectionDefinition): string =>
  elnAnnotation(definition)?.label ?? definition.name.replace(/_/g, ' ');

export interface Field {
  quantity: QuantityDefinition;
  component: string;
  editable: boolean;
}

const passes = (filter: NameFilter | undefined, name: string) =>
  !filter || ((!filter.include || filter.include.includes(name)) && !filter.exclude?.includes(name));

/**
 * The fields of a section's editor: quantities with an edit component, less those the section's
 * annotation hides or leaves out of `properties.visible`, ordered by `properties.order` first.
 */
export const sectionFields = (section: SectionDefinition): Field[] => {
  const annotation = elnAnnotation(section);
  const hidden = new Set(annotation?.hide ?? []);
  const { visible, editable, order = [] } = annotation?.properties ?? {};
  const fields = section.quantities.flatMap((quantity): Field[] => {
    const component = componentOf(quantity);
    if (!component || hidden.has(quantity.name) || !passes(visible, quantity.name)) return [];
    return [{ quantity, component, editable: passes(editable, quantity.name) }];
  });
  const rank = (field: Field) => {
    const at = order.indexOf(field.quantity.name);
    return at < 0 ? order.length : at;
  };
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index)
    .map(({ field }) => field);
};

/** Sub-sections the editor shows: not hidden by the section's annotation. */
export const sectionSubSections = (section: SectionDefinition): SubSectionDefinition[] => {
  const hidden = new Set(elnAnnotation(section)?.hide ?? []);
  return section.sub_sections.filter((sub) => !hidden.has(sub.name));
};

/** A section's value with one field set, or left out when `item` is undefined. */
export const withField = (value: Json, name: string, item: unknown): Json => {
  const next = { ...value };
  if (item === undefined) delete next[name];
  else next[name] = item;
  return next;
};

/**
 * Sub-sections shown as cards of their own on the entry's overview (spec 3 §2): those whose section, or
 * the sub-section itself, has an ELN annotation with `overview: true`.
 */
export const overviewSubSections = (
  definitions: Definitions,
  section: SectionDefinition,
): SubSectionDefinition[] =>
  sectionSubSections(section).filter((sub) => {
    const target = definitions.sections[sub.section];
    return elnAnnotation(sub)?.overview === true || (target && elnAnnotation(target)?.overview === true);
  });

/** The section an item of a sub-section is: the one its m_def chose (when listed), else the declared one. */
export const itemSection = (
  definitions: Definitions,
  declared: string,
  item: Json,
  mainfile: string,
): SectionDefinition | undefined => {
  const chosen = typeof item.m_def === 'string' ? chosenKey(definitions, item.m_def, mainfile) : undefined;
  return definitions.sections[chosen ?? declared];
};

/**
 * The key of the section an m_def names, as the server keys them: normalized m_defs are
 * '#/definitions/...' (the mainfile's), '../upload/raw/{file}#/definitions/...' or a qualified name.
 */
const chosenKey = (definitions: Definitions, mDef: string, mainfile: string): string | undefined => {
  if (definitions.sections[mDef]) return mDef;
  const match = /^(?:\.\.\/upload\/raw\/)?([^#]*)#(.*)$/.exec(mDef);
  if (!match) return undefined;
  const key = `${match[1] || mainfile}#${match[2]}`;
  return definitions.sections[key] ? key : undefined;
};
