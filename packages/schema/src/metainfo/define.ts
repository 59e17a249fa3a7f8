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

/** Tuple of length L (the levels of a self-nesting section, as the type below counts them). */
type Levels<L extends number, T extends readonly unknown[] = readonly []> = T['length'] extends L
  ? T
  : Levels<L, readonly [...T, unknown]>;

/** The type of a section that holds itself under K, cut after as many levels as T has elements. */
type SelfNesting<
  N extends string,
  Q extends readonly QuantityDefinition[],
  K extends string,
  T extends readonly unknown[],
> = T extends readonly [unknown, unknown, ...infer Deeper]
  ? SectionDefinitionOf<
      N,
      Q,
      readonly [SubSectionDefinition<K, true, SelfNesting<N, Q, K, readonly [unknown, ...Deeper]>, never>]
    >
  : SectionDefinitionOf<N, Q, readonly []>;

/**
 * A section NOMAD nests in itself (under `subSection`), cut after `levels` levels: the definitions and the
 * archive types derived from them must stay finite. The levels, the outermost first; each holds the next
 * and the innermost none. The outermost comes first in a package too, so that lookups by name find the one
 * that nests deepest.
 */
export const selfNesting = <
  const N extends string,
  const Q extends readonly QuantityDefinition[],
  const K extends string,
  const L extends number,
>(
  name: N,
  description: string,
  quantities: Q,
  subSection: K,
  levels: L,
): readonly [SelfNesting<N, Q, K, Levels<L>>, ...SectionDefinition[]] => {
  const nested: SectionDefinition[] = [section(name, description, quantities)];
  while (nested.length < levels)
    nested.unshift(section(name, description, quantities, [repeating(subSection, nested[0]!)]));
  return nested as unknown as readonly [SelfNesting<N, Q, K, Levels<L>>, ...SectionDefinition[]];
};
