import { Kind, type TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';

// Operations on configuration values by their schema, apart from the declarations so that only code that
// reads values (the server's start, the GUI's dashboard) loads TypeBox's value checks.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kinds of schema that a value of this JavaScript type may satisfy. */
function kindsFor(value: unknown): string[] {
  if (Array.isArray(value)) return ['Array'];
  if (isRecord(value)) return ['Object', 'Record'];
  if (typeof value === 'string') return ['String', 'Literal'];
  if (typeof value === 'number') return ['Number', 'Integer', 'Literal'];
  if (typeof value === 'boolean') return ['Boolean', 'Literal'];
  return [];
}

/** The `type` schemas of a union's members if every member is an object with a `type` (widgets, menu items). */
export function discriminators(members: readonly TSchema[]): TSchema[] | undefined {
  const types = members.map((member) =>
    member[Kind] === 'Object'
      ? ((member.properties as Record<string, TSchema>).type ?? undefined)
      : undefined,
  );
  return types.every((type) => type !== undefined) ? (types as TSchema[]) : undefined;
}

/**
 * The member of a union a value means: the one its `type` names, or the only one of the value's kind;
 * -1 if none or several (a list of literals: the union itself says what is allowed).
 */
export function memberFor(members: readonly TSchema[], value: unknown): number {
  const types = discriminators(members);
  if (types && isRecord(value)) return types.findIndex((type) => Check(type, value.type));
  const kinds = kindsFor(value);
  const candidates = members.flatMap((member, index) =>
    kinds.includes(member[Kind] as string) ? [index] : [],
  );
  return candidates.length === 1 ? candidates[0]! : -1;
}

/**
 * The value with the defaults of its schema filled in where keys are left out (a copy; the value is not
 * changed). Unlike TypeBox's Default it follows a union only into the member the value means, so a
 * recursive menu costs one pass.
 */
export function withDefaults<T>(schema: TSchema, value: T, references: Record<string, TSchema> = {}): T {
  const known = typeof schema.$id === 'string' ? { ...references, [schema.$id]: schema } : references;
  const own = value === undefined && 'default' in schema ? (structuredClone(schema.default) as T) : value;
  switch (schema[Kind]) {
    case 'Object': {
      if (!isRecord(own)) return own;
      const result: Record<string, unknown> = { ...own };
      for (const [key, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
        const filled = withDefaults(property, result[key], known);
        if (filled !== undefined) result[key] = filled;
      }
      return result as T;
    }
    case 'Record': {
      if (!isRecord(own)) return own;
      const [values] = Object.values(schema.patternProperties as Record<string, TSchema>);
      return Object.fromEntries(
        Object.entries(own).map(([key, item]) => [key, values ? withDefaults(values, item, known) : item]),
      ) as T;
    }
    case 'Array':
      return (
        Array.isArray(own) ? own.map((item) => withDefaults(schema.items as TSchema, item, known)) : own
      ) as T;
    case 'Union': {
      const members = schema.anyOf as TSchema[];
      const member = members[memberFor(members, own)];
      return member ? withDefaults(member, own, known) : own;
    }
    case 'This':
    case 'Ref': {
      const target = known[schema.$ref as string];
      return target ? withDefaults(target, own, known) : own;
    }
    default:
      return own;
  }
}
