import { Kind, OptionalKind, Type, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * Field annotations: a schema may carry `form` in its options to say how an edit form shows the field and
 * what its errors say. The widget edit dialog, its defaults (the schema's `default`) and its validation are
 * generated from them (widgets.ts), so a field is declared once, where its type is.
 */

/** The input an edit form uses for a field; 'section' is a heading over the fields of an object. */
export type FieldEditor = 'quantity' | 'text' | 'unit' | 'select' | 'checkbox' | 'section';

/** The search quantity types a quantity field may offer. */
export type QuantityDtype = 'int' | 'float' | 'timestamp' | 'string' | 'enum' | 'boolean';

export interface FieldForm {
  label: string;
  editor: FieldEditor;
  /** select: the values offered; by default the literals the schema allows. */
  choices?: readonly (string | number)[];
  /** quantity: the types of the quantities offered. */
  dtypes?: readonly QuantityDtype[];
  /** quantity: only quantities the search can count values of (terms aggregations). */
  aggregatable?: boolean;
  /**
   * The error when the field is missing or empty in an edit form or an imported YAML. A field with a
   * `default` may be left out of nomad.yaml; with this message it must still be given there.
   */
  required?: string;
  /** The error when the value is of the wrong type or not among the allowed ones. */
  invalid?: string;
  /** The edit form's error when Accept is pressed with this quantity empty; else `required`. */
  accept?: string;
}

/** The options that annotate a field. */
export const form = (annotation: FieldForm) => ({ form: annotation });

/** Objects accept unknown keys, so that configurations of newer NOMAD versions still load. */
export const open = { additionalProperties: true } as const;

// A tuple of literal schemas: TypeBox decodes a union's type only from a tuple of members.
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** One of the given names. */
export const literals = <const T extends readonly string[]>(
  values: T,
  options: object = {},
): TUnion<Literals<T>> =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<Literals<T>>;

type Annotated = TSchema & { form?: FieldForm; default?: unknown };

export const annotationOf = (schema: TSchema): FieldForm | undefined => (schema as Annotated).form;

const isOptional = (schema: TSchema) => schema[OptionalKind] === 'Optional';

const isObjectSchema = (schema: TSchema): boolean => schema[Kind] === 'Object';

/** The object form of a field that may also be written otherwise (an axis as its bare quantity name). */
const objectOf = (schema: TSchema): TSchema | undefined =>
  isObjectSchema(schema)
    ? schema
    : schema[Kind] === 'Union'
      ? (schema.anyOf as TSchema[]).find(isObjectSchema)
      : undefined;

const literalValues = (schema: TSchema): (string | number)[] =>
  schema[Kind] === 'Literal'
    ? [schema.const as string | number]
    : schema[Kind] === 'Union'
      ? (schema.anyOf as TSchema[]).flatMap(literalValues)
      : [];

export interface FormHeading {
  kind: 'heading';
  path: string;
  label: string;
}

export interface FormField {
  kind: 'field';
  /** Dotted path in the config, e.g. 'x.search_quantity'. */
  path: string;
  form: FieldForm;
  /** Inside an optional object: the form may leave it empty. */
  optional: boolean;
  default: unknown;
  /** select: the values offered. */
  choices: readonly (string | number)[];
  /** unit: the path of the quantity whose dimension the unit must have. */
  quantityPath?: string;
}

export type FormEntry = FormHeading | FormField;

/** The annotated fields of an object schema in declaration order, with a heading before each section. */
export function formEntries(schema: TSchema, prefix = '', optional = false): FormEntry[] {
  const object = objectOf(schema);
  if (!object) return [];
  const properties = object.properties as Record<string, Annotated>;
  const quantityKey = Object.keys(properties).find((key) => properties[key]?.form?.editor === 'quantity');
  return Object.entries(properties).flatMap(([key, property]): FormEntry[] => {
    const path = `${prefix}${key}`;
    const inOptional = optional || isOptional(property);
    const annotation = property.form;
    if (!annotation || annotation.editor === 'section') {
      const nested = formEntries(property, `${path}.`, inOptional);
      return annotation && nested.length > 0
        ? [{ kind: 'heading', path, label: annotation.label }, ...nested]
        : nested;
    }
    return [
      {
        kind: 'field',
        path,
        form: annotation,
        optional: inOptional,
        default: property.default,
        choices: annotation.choices ?? literalValues(property),
        ...(annotation.editor === 'unit' && quantityKey ? { quantityPath: `${prefix}${quantityKey}` } : {}),
      },
    ];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value without the optional objects a form left incomplete: an optional object whose required text
 * (its quantity) is empty, or that is empty, is dropped — a colour title without a colour quantity means
 * no colour axis.
 */
export function withoutEmptySections<T>(schema: TSchema, value: T): T {
  const object = objectOf(schema);
  if (!object || !isRecord(value)) return value;
  const properties = object.properties as Record<string, TSchema>;
  const result: Record<string, unknown> = { ...value };
  for (const [key, property] of Object.entries(properties)) {
    const inner = objectOf(property);
    if (!inner || !isRecord(result[key])) continue;
    const child = withoutEmptySections(property, result[key]) as Record<string, unknown>;
    const innerProperties = inner.properties as Record<string, TSchema>;
    const incomplete =
      Object.keys(child).length === 0 ||
      (inner.required as string[] | undefined)?.some(
        (name) => innerProperties[name]?.[Kind] === 'String' && (child[name] ?? '') === '',
      );
    if (isOptional(property) && incomplete) delete result[key];
    else result[key] = child;
  }
  return result as T;
}
