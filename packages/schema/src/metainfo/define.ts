import type {
  EnumQuantity,
  PrimitiveQuantity,
  PrimitiveType,
  QuantityDefinition,
  ReferenceQuantity,
  SectionDefinition,
  Shape,
  SubSectionDefinition,
} from './model.ts';

/**
 * Builders for writing definitions compactly. They return plain data; nothing is registered anywhere.
 */

/** How a quantity is indexed: `true` for the defaults of its type, or explicit flags. */
export type SearchOption = true | { readonly aggregatable?: boolean; readonly suggestion?: boolean };

export interface QuantityOptions {
  readonly shape?: Shape;
  readonly unit?: string;
  readonly search?: SearchOption;
}

/** Options of a quantity searched by keyword and offered as search-bar suggestion. */
export const SUGGESTED = { search: { suggestion: true } } as const;

export const LIST: Shape = ['*'];
export const VECTOR3: Shape = [3];
export const MATRIX3: Shape = [3, 3];

/**
 * Keyword-like values (strings, enums, booleans) can be aggregated by default, numbers and times not;
 * this is NOMAD's default, and definitions override it where NOMAD does.
 */
const aggregatableByDefault = (type: QuantityDefinition['type']) =>
  type === 'str' || type === 'enum' || type === 'bool';

const common = (name: string, description: string, type: QuantityDefinition['type'], o: QuantityOptions) => {
  const search =
    o.search === undefined
      ? {}
      : {
          searchable: true,
          aggregatable:
            (o.search === true ? undefined : o.search.aggregatable) ?? aggregatableByDefault(type),
          ...(o.search !== true && o.search.suggestion ? { suggestion: true } : {}),
        };
  return {
    name,
    description,
    shape: o.shape ?? [],
    ...(o.unit ? { unit: o.unit } : {}),
    ...search,
  };
};

const primitive =
  (type: PrimitiveType) =>
  (name: string, description: string, options: QuantityOptions = {}): PrimitiveQuantity => ({
    ...common(name, description, type, options),
    type,
  });

export const str = primitive('str');
export const int = primitive('int');
export const float = primitive('float');
export const bool = primitive('bool');
export const datetime = primitive('datetime');

export const enumeration = (
  name: string,
  description: string,
  values: readonly string[],
  options: QuantityOptions = {},
): EnumQuantity => {
  if (new Set(values).size !== values.length || values.length === 0) {
    throw new Error(`enum quantity ${name} needs distinct values`);
  }
  return { ...common(name, description, 'enum', options), type: 'enum', values };
};

/** `target` is the dotted definition path of the referenced section or quantity; omit it for any section. */
export const reference = (
  name: string,
  description: string,
  target: string | undefined,
  options: QuantityOptions = {},
): ReferenceQuantity => ({
  ...common(name, description, 'reference', options),
  type: 'reference',
  ...(target ? { target } : {}),
});

export const section = (
  name: string,
  description: string,
  quantities: readonly QuantityDefinition[],
  sub_sections: readonly SubSectionDefinition[] = [],
): SectionDefinition => {
  const names = [...quantities.map((q) => q.name), ...sub_sections.map((s) => s.name)];
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`section ${name} defines ${duplicate} twice`);
  return { name, description, quantities, sub_sections };
};

/** A sub-section holding one section. */
export const sub = (
  name: string,
  definition: SectionDefinition,
  variants?: Readonly<Record<string, SectionDefinition>>,
): SubSectionDefinition => ({ name, repeats: false, section: definition, ...(variants ? { variants } : {}) });

/** A sub-section holding a list of sections. */
export const repeating = (name: string, definition: SectionDefinition): SubSectionDefinition => ({
  name,
  repeats: true,
  section: definition,
});
