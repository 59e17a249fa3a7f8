import { Kind, type TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';
import { discriminators, memberFor } from './defaults.ts';
import { annotationOf } from './fields.ts';

/**
 * What is wrong with a configuration value, one problem per key path, saying what the schema expects
 * there. The schema is walked along the value: a union (a widget, a menu item, an axis given as object or
 * as name) is followed into the member the value means — the one its `type` names, or the only one of its
 * kind — so a wrong scale is reported as such rather than as "no member matches". Leaves are checked by
 * TypeBox. (TypeBox's own error iterator would weigh 6 kB gzip more in the GUI for lesser messages.)
 */

export interface ConfigProblem {
  /** Keys from the root; numbers are list positions. */
  path: readonly (string | number)[];
  /**
   * missing: a required key is absent; invalid: a value of the wrong type or not among the allowed ones;
   * limit: of the right type but past a limit (at least 1); unknown: a key the schema does not allow.
   */
  kind: 'missing' | 'invalid' | 'limit' | 'unknown';
  /** What the schema allows there, e.g. 'one of linear, log, 1/2, 1/4, 1/8'. */
  expected: string;
  value: unknown;
  /** The schema at the path; its `form` annotation holds the field's own error texts. */
  schema: TSchema;
}

/**
 * config: a key with a default may be left out (nomad.yaml). form: only if it declares no `required` text
 * (an edit form or an imported YAML).
 */
export type ProblemMode = 'config' | 'form';

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];
type Schemas = Readonly<Record<string, TSchema>>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown): string => (value === Infinity ? '.inf' : String(value));

/** What a schema allows, in words. */
function describe(schema: TSchema): string {
  switch (schema[Kind]) {
    case 'Literal':
      return show(schema.const);
    case 'Union': {
      const members = schema.anyOf as TSchema[];
      const names = members
        .filter((member) => member[Kind] === 'Literal')
        .map((member) => show(member.const));
      const others = members.filter((member) => member[Kind] !== 'Literal').map(describe);
      const listed = names.length > 1 ? [`one of ${names.join(', ')}`] : names;
      return [...new Set([...others, ...listed])].join(' or ');
    }
    case 'String':
      return schema.minLength === 1 ? 'a non-empty string' : 'a string';
    case 'Integer':
      return 'an integer';
    case 'Number':
      return 'a number';
    case 'Boolean':
      return 'true or false';
    case 'Array':
      return 'a list';
    case 'Object':
    case 'Record':
      return 'an object';
    default:
      return 'a valid value';
  }
}

/** The limit a value of the right type breaks ('at least 1'), or undefined if its type is wrong. */
function brokenLimit(schema: TSchema, value: unknown): string | undefined {
  switch (schema[Kind]) {
    case 'String':
      if (typeof value !== 'string') return undefined;
      return schema.minLength === 1 ? 'a non-empty string' : `at least ${schema.minLength} characters`;
    case 'Integer':
    case 'Number': {
      const number = schema[Kind] === 'Integer' ? Number.isInteger(value) : Number.isFinite(value);
      if (!number) return undefined;
      const n = value as number;
      if (schema.minimum !== undefined && n < schema.minimum) return `at least ${schema.minimum}`;
      if (schema.maximum !== undefined && n > schema.maximum) return `at most ${schema.maximum}`;
      return `more than ${schema.exclusiveMinimum}`;
    }
    default:
      return undefined;
  }
}

function walk(
  schema: TSchema,
  value: unknown,
  path: Path,
  mode: ProblemMode,
  references: Schemas,
  problems: ConfigProblem[],
): void {
  const known = typeof schema.$id === 'string' ? { ...references, [schema.$id]: schema } : references;
  const problem = (kind: ConfigProblem['kind'], expected: string) =>
    problems.push({ path, kind, expected, value, schema });
  const valid = () => Check(schema, Object.values(known), value);
  if (value === undefined) {
    const defaulted = 'default' in schema && (mode === 'config' || !annotationOf(schema)?.required);
    if (!defaulted) problem('missing', describe(schema));
    return;
  }
  switch (schema[Kind]) {
    case 'This':
    case 'Ref': {
      const target = known[schema.$ref as string];
      if (target) walk(target, value, path, mode, known, problems);
      return;
    }
    case 'Union': {
      const members = schema.anyOf as TSchema[];
      const member = members[memberFor(members, value)];
      if (member) return walk(member, value, path, mode, known, problems);
      const types = discriminators(members);
      if (types && isRecord(value)) {
        // A widget or menu item of an unknown type: the type is the problem, not every field of every type.
        const names = types.map((type) => describe(type).replace(/^one of /, ''));
        const kind = value.type === undefined ? 'missing' : 'invalid';
        problems.push({
          path: [...path, 'type'],
          kind,
          expected: `one of ${names.join(', ')}`,
          value: value.type,
          schema,
        });
      } else if (!valid()) problem('invalid', describe(schema));
      return;
    }
    case 'Object': {
      if (!isRecord(value)) return void problem('invalid', describe(schema));
      const properties = schema.properties as Schemas;
      const required = (schema.required ?? []) as string[];
      for (const [key, property] of Object.entries(properties)) {
        if (value[key] !== undefined || required.includes(key))
          walk(property, value[key], [...path, key], mode, known, problems);
      }
      if (schema.additionalProperties === false) {
        const expected = `one of ${Object.keys(properties).join(', ')}`;
        for (const key of Object.keys(value).filter((key) => !(key in properties)))
          problems.push({ path: [...path, key], kind: 'unknown', expected, value: value[key], schema });
      }
      return;
    }
    case 'Record': {
      if (!isRecord(value)) return void problem('invalid', describe(schema));
      const [values] = Object.values(schema.patternProperties as Schemas);
      for (const [key, item] of Object.entries(value))
        if (values) walk(values, item, [...path, key], mode, known, problems);
      return;
    }
    case 'Array':
      if (!Array.isArray(value)) return void problem('invalid', describe(schema));
      value.forEach((item, index) =>
        walk(schema.items as TSchema, item, [...path, index], mode, known, problems),
      );
      return;
    default: {
      if (valid()) return;
      const limit = brokenLimit(schema, value);
      problem(limit ? 'limit' : 'invalid', limit ?? describe(schema));
    }
  }
}

/** The problems of a value, in the order of the schema's keys. */
export function configProblems(schema: TSchema, value: unknown, mode: ProblemMode): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  walk(schema, value, [], mode, {}, problems);
  return problems;
}

/** 'ui.apps.options.entries.dashboard.widgets[2].scale'; keys with dots are quoted. */
export function formatConfigPath(path: readonly (string | number)[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number'
        ? `[${key}]`
        : /^[\w-]+$/.test(key)
          ? `${index === 0 ? '' : '.'}${key}`
          : `[${JSON.stringify(key)}]`,
    )
    .join('');
}

/** A value as a problem line shows it: short JSON, or what it is. */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'an object';
  if (value === undefined) return 'nothing';
  const text = typeof value === 'number' ? show(value) : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A problem as one line, e.g. 'ui.apps.options.x.dashboard.widgets[2].scale: expected one of ..., got 2'. */
export function problemLine(problem: ConfigProblem): string {
  const where = formatConfigPath(problem.path) || '(top level)';
  switch (problem.kind) {
    case 'missing':
      return `${where}: missing, expected ${problem.expected}`;
    case 'unknown':
      return `${where}: unknown key, expected ${problem.expected}`;
    case 'invalid':
    case 'limit':
      return `${where}: expected ${problem.expected}, got ${describeValue(problem.value)}`;
  }
}
