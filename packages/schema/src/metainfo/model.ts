import { Type, type TSchema } from '@sinclair/typebox';

/**
 * The definition model of the metainfo: plain data describing what an archive may contain. Names, types,
 * shapes and units follow NOMAD's metainfo so archives written here read like NOMAD's.
 */

/** Scalar value types. Integers and floats are JSON numbers; datetimes are ISO 8601 strings. */
export type PrimitiveType = 'str' | 'int' | 'float' | 'bool' | 'datetime';

/**
 * One dimension of a shape: a fixed length (3), any length ('*', '0..*', '1..*'), or the name of the
 * quantity that holds the length ('n_atoms'), as NOMAD writes it.
 */
export type Dimension = number | string;

/** `[]` is a scalar, `['*']` a list, `[3, 3]` a 3×3 matrix, `['n_atoms', 3]` one vector per atom. */
export type Shape = readonly Dimension[];

interface QuantityCommon {
  readonly name: string;
  readonly description: string;
  readonly shape: Shape;
  /** NOMAD unit expression of the stored (SI) value: 'joule', 'kilogram / meter ** 3', '1 / meter'. */
  readonly unit?: string;
  /** Stored in the search index (NOMAD's searchQuantities). */
  readonly searchable?: boolean;
  /** Terms aggregations over the values make sense (NOMAD's `aggregatable`). */
  readonly aggregatable?: boolean;
  /** Offered as search-bar suggestions. */
  readonly suggestion?: boolean;
}

export interface PrimitiveQuantity extends QuantityCommon {
  readonly type: PrimitiveType;
}

export interface EnumQuantity extends QuantityCommon {
  readonly type: 'enum';
  readonly values: readonly string[];
}

/**
 * A reference to another section or quantity, stored as a path string such as
 * '/run/0/calculation/0/dos_electronic/0/energies'. `target` is the dotted definition path of what is
 * referenced ('run.calculation.dos_electronic.energies'); without it any section may be referenced.
 */
export interface ReferenceQuantity extends QuantityCommon {
  readonly type: 'reference';
  readonly target?: string;
}

export type QuantityDefinition = PrimitiveQuantity | EnumQuantity | ReferenceQuantity;

export interface SubSectionDefinition {
  readonly name: string;
  /** A repeating sub-section holds a list of sections. */
  readonly repeats: boolean;
  readonly section: SectionDefinition;
  /**
   * More specific definitions an instance may declare with `m_def` (workflow2 is a geometry optimisation
   * or a single point), keyed by that `m_def`.
   */
  readonly variants?: Readonly<Record<string, SectionDefinition>>;
}

export interface SectionDefinition {
  /** The section class name, as NOMAD names it ('Symmetry', 'EnergyEntry'). */
  readonly name: string;
  readonly description: string;
  readonly quantities: readonly QuantityDefinition[];
  readonly sub_sections: readonly SubSectionDefinition[];
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
