import type {
  EnumQuantity,
  PrimitiveQuantity,
  PrimitiveType,
  QuantityDefinition,
  ReferenceQuantity,
  SectionDefinition,
  SectionDefinitionOf,
  SectionVariants,
  Shape,
  SubSectionDefinition,
} from './model.ts';

/**
 * Builders for writing definitions compactly. They return plain data; nothing is registered anywhere.
 * Their `const` type parameters keep names, types, enum values, shapes and sub-sections as literal types,
 * from which archive-types.ts derives the archive's TypeScript types.
 */

/** How a quantity is indexed: `true` for the defaults of its type, or explicit flags. */
export type SearchOption = true | { readonly aggregatable?: boolean; readonly suggestion?: boolean };

export interface QuantityOptions {
  readonly shape?: Shape;
  readonly unit?: string;
  readonly search?: SearchOption;
}

/** QuantityOptions whose shape keeps its literal type; a quantity without a shape is a scalar. */
interface ShapedOptions<S extends Shape> extends QuantityOptions {
  readonly shape?: S;
}

/** Options of a quantity searched by keyword and offered as search-bar suggestion. */
export const SUGGESTED = { search: { suggestion: true } } as const;

export const LIST = ['*'] as const satisfies Shape;
export const VECTOR3 = [3] as const satisfies Shape;
export const MATRIX3 = [3, 3] as const satisfies Shape;

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

/**
 * `T` itself, in a form the compiler does not infer `T` from. In the return types it makes a quantity
 * without a shape (a section without sub-sections, a sub-section without variants) get the default type,
 * not the wide one the array or call around it would suggest. (NoInfer does that too but stays a deferred
 * type for object types, which the derived archive types cannot look into.)
 */
type Exactly<T> = [T] extends [infer U extends T] ? U : never;

const primitive =
  <T extends PrimitiveType>(type: T) =>
  <const N extends string, const S extends Shape = readonly []>(
    name: N,
    description: string,
    options: ShapedOptions<S> = {},
  ): PrimitiveQuantity<N, T, Exactly<S>> =>
    // common() builds the same data with the wide types; the cast restores the literal ones.
    ({ ...common(name, description, type, options), type }) as PrimitiveQuantity<N, T, Exactly<S>>;

export const str = primitive('str');
export const int = primitive('int');
export const float = primitive('float');
export const bool = primitive('bool');
export const datetime = primitive('datetime');
export const complex = primitive('complex');
/** NOMAD's Any: a free JSON value. */
export const anyValue = primitive('any');

export const enumeration = <
  const N extends string,
  const V extends readonly string[],
  const S extends Shape = readonly [],
>(
  name: N,
  description: string,
  values: V,
  options: ShapedOptions<S> = {},
): EnumQuantity<N, V, Exactly<S>> => {
  if (new Set(values).size !== values.length || values.length === 0) {
    throw new Error(`enum quantity ${name} needs distinct values`);
  }
  return { ...common(name, description, 'enum', options), type: 'enum', values } as EnumQuantity<
    N,
    V,
    Exactly<S>
  >;
};

/** `target` is the dotted definition path of the referenced section or quantity; omit it for any section. */
export const reference = <const N extends string, const S extends Shape = readonly []>(
  name: N,
  description: string,
  target: string | undefined,
  options: ShapedOptions<S> = {},
): ReferenceQuantity<N, Exactly<S>> =>
  ({
    ...common(name, description, 'reference', options),
    type: 'reference',
    ...(target ? { target } : {}),
  }) as ReferenceQuantity<N, Exactly<S>>;

export const section = <
  const N extends string,
  const Q extends readonly QuantityDefinition[],
  const S extends readonly SubSectionDefinition[] = readonly [],
>(
  name: N,
  description: string,
  quantities: Q,
  // The default is typed as the empty tuple a section without sub-sections has.
  sub_sections: S = [] as readonly SubSectionDefinition[] as S,
): SectionDefinitionOf<N, Q, Exactly<S>> => {
  const names = [...quantities.map((q) => q.name), ...sub_sections.map((s) => s.name)];
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`section ${name} defines ${duplicate} twice`);
  return { name, description, quantities, sub_sections } as SectionDefinitionOf<N, Q, Exactly<S>>;
};

/** A sub-section holding one section; without variants their type is `never`. */
export const sub = <
  const N extends string,
  const D extends SectionDefinition,
  const V extends SectionVariants = never,
>(
  name: N,
  definition: D,
  variants?: V,
): SubSectionDefinition<N, false, D, Exactly<V>> =>
  ({
    name,
    repeats: false,
    section: definition,
    ...(variants ? { variants } : {}),
  }) as SubSectionDefinition<N, false, D, Exactly<V>>;

/** A sub-section holding a list of sections. */
export const repeating = <const N extends string, const D extends SectionDefinition>(
  name: N,
  definition: D,
): SubSectionDefinition<N, true, D, never> => ({
  name,
  repeats: true,
  section: definition,
});
