import { Type, type TSchema } from '@sinclair/typebox';

/**
 * The definition model of the metainfo: plain data describing what an archive may contain. Names, types,
 * shapes and units follow NOMAD's metainfo so archives written here read like NOMAD's.
 */

/**
 * Scalar value types. Integers and floats are JSON numbers; datetimes are ISO 8601 strings. `complex` is
 * NOMAD's complex128 (mesh points), whose values are written here as real JSON numbers; `any` is NOMAD's
 * Any, a free JSON value (e.g. the parameters of a functional or a force-field term).
 */
export type PrimitiveType = 'str' | 'int' | 'float' | 'bool' | 'datetime' | 'complex' | 'any';

/**
 * One dimension of a shape: a fixed length (3), any length ('*', '0..*', '1..*'), or the name of the
 * quantity that holds the length ('n_atoms'), as NOMAD writes it.
 */
export type Dimension = number | string;

/** `[]` is a scalar, `['*']` a list, `[3, 3]` a 3×3 matrix, `['n_atoms', 3]` one vector per atom. */
export type Shape = readonly Dimension[];

/*
 * The definition interfaces take the literal types of what the builders in define.ts are given (names,
 * types, enum values, shapes, quantities, sub-sections) so that archive types can be derived from the
 * built-in definitions (archive-types.ts). The defaults (and SectionDefinition) are the wide types:
 * definitions that arrive as JSON, and code that walks definitions, use those.
 */

interface QuantityCommon<N extends string, S extends Shape> {
  readonly name: N;
  readonly description: string;
  readonly shape: S;
  /** NOMAD unit expression of the stored (SI) value: 'joule', 'kilogram / meter ** 3', '1 / meter'. */
  readonly unit?: string;
  /** Stored in the search index (NOMAD's searchQuantities). */
  readonly searchable?: boolean;
  /** Terms aggregations over the values make sense (NOMAD's `aggregatable`). */
  readonly aggregatable?: boolean;
  /** Offered as search-bar suggestions. */
  readonly suggestion?: boolean;
}

export interface PrimitiveQuantity<
  N extends string = string,
  T extends PrimitiveType = PrimitiveType,
  S extends Shape = Shape,
> extends QuantityCommon<N, S> {
  readonly type: T;
}

export interface EnumQuantity<
  N extends string = string,
  V extends readonly string[] = readonly string[],
  S extends Shape = Shape,
> extends QuantityCommon<N, S> {
  readonly type: 'enum';
  readonly values: V;
}

/**
 * A reference to another section or quantity, stored as a path string such as
 * '/run/0/calculation/0/dos_electronic/0/energies'. `target` is the dotted definition path of what is
 * referenced ('run.calculation.dos_electronic.energies'); without it any section may be referenced.
 */
export interface ReferenceQuantity<N extends string = string, S extends Shape = Shape> extends QuantityCommon<
  N,
  S
> {
  readonly type: 'reference';
  readonly target?: string;
}

export type QuantityDefinition = PrimitiveQuantity | EnumQuantity | ReferenceQuantity;

/** The variants of a sub-section by the `m_def` that declares them. */
export type SectionVariants = Readonly<Record<string, SectionDefinition>>;

export interface SubSectionDefinition<
  N extends string = string,
  R extends boolean = boolean,
  D extends SectionDefinition = SectionDefinition,
  V extends SectionVariants = SectionVariants,
> {
  readonly name: N;
  /** A repeating sub-section holds a list of sections. */
  readonly repeats: R;
  readonly section: D;
  /**
   * More specific definitions an instance may declare with `m_def` (workflow2 is a geometry optimisation
   * or a single point), keyed by that `m_def`.
   */
  readonly variants?: V;
}

export interface SectionDefinition {
  /** The section class name, as NOMAD names it ('Symmetry', 'EnergyEntry'). */
  readonly name: string;
  readonly description: string;
  /** Qualified names of the sections this one inherits from (user schemas name them as base sections). */
  readonly base_sections?: readonly string[];
  readonly quantities: readonly QuantityDefinition[];
  readonly sub_sections: readonly SubSectionDefinition[];
}

/** A section definition with the literal types of its name, quantities and sub-sections (define.section). */
export interface SectionDefinitionOf<
  N extends string,
  Q extends readonly QuantityDefinition[],
  S extends readonly SubSectionDefinition[],
> extends SectionDefinition {
  readonly name: N;
  readonly quantities: Q;
  readonly sub_sections: S;
}

export interface PackageDefinition {
  /** NOMAD's package name ('nomad.datamodel.results', 'runschema.calculation'). */
  readonly name: string;
  readonly description: string;
  readonly section_definitions: readonly SectionDefinition[];
}

const quantityCommon = {
  name: Type.String({ minLength: 1 }),
  description: Type.String(),
  shape: Type.Array(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1 })])),
  unit: Type.Optional(Type.String({ minLength: 1 })),
  searchable: Type.Optional(Type.Boolean()),
  aggregatable: Type.Optional(Type.Boolean()),
  suggestion: Type.Optional(Type.Boolean()),
};

/** Validates quantity definitions that arrive as JSON (for example user-defined schemas). */
export const QuantityDefinitionSchema = Type.Union([
  Type.Object({
    ...quantityCommon,
    type: Type.Union([
      Type.Literal('str'),
      Type.Literal('int'),
      Type.Literal('float'),
      Type.Literal('bool'),
      Type.Literal('datetime'),
      Type.Literal('complex'),
      Type.Literal('any'),
    ]),
  }),
  Type.Object({ ...quantityCommon, type: Type.Literal('enum'), values: Type.Array(Type.String()) }),
  Type.Object({ ...quantityCommon, type: Type.Literal('reference'), target: Type.Optional(Type.String()) }),
]);

/** Validates section definitions (recursively, with their sub-sections) that arrive as JSON. */
export const SectionDefinitionSchema = Type.Recursive((This: TSchema) =>
  Type.Object({
    name: Type.String({ minLength: 1 }),
    description: Type.String(),
    base_sections: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    quantities: Type.Array(QuantityDefinitionSchema),
    sub_sections: Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1 }),
        repeats: Type.Boolean(),
        section: This,
        variants: Type.Optional(Type.Record(Type.String(), This)),
      }),
    ),
  }),
);

export const PackageDefinitionSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.String(),
  section_definitions: Type.Array(SectionDefinitionSchema),
});
