/**
 * NOMAD's search query language as an AST. The JSON forms accepted:
 *   {q: value}                     equality (a list means all of them)
 *   {q: {any|all|none: [..]}}      set operators;  {'q:any': [..]} is the suffix form of the same
 *   {q: {lt|lte|gt|gte: v}}        ranges;         {'q:gte': v} suffix form
 *   {and: [..]}, {or: [..]}, {not: {..}}
 *   {section: {q: ..}}             nested: keys inside are relative to the section path; for sections
 *                                  whose items are searched one by one (search_quantities), all criteria
 *                                  must hold in the same item
 * Values of quantities with a unit may carry one ('1.5 eV'); they are converted to the stored SI unit.
 */
import { UnitError, valueInUnit } from '../units/conversion.ts';
import { MAX_QUERY_DEPTH, MAX_QUERY_VALUES, MAX_UNIT_VALUE_LENGTH, nestedDeeperThan } from './limits.ts';

export type QueryValue = string | number | boolean;

export type QueryNode =
  | { kind: 'and'; items: QueryNode[] }
  | { kind: 'or'; items: QueryNode[] }
  | { kind: 'not'; item: QueryNode }
  | { kind: 'match'; quantity: string; op: 'eq' | 'any' | 'all' | 'none'; values: QueryValue[] }
  | { kind: 'range'; quantity: string; bounds: Partial<Record<RangeOp, QueryValue>> }
  // Criteria under a repeated section that one and the same item of it must meet.
  | { kind: 'nested'; section: string; item: QueryNode }
  // The two kinds below come from OPTIMADE filters only; NOMAD's JSON query has no syntax for them.
  | { kind: 'text'; quantity: string; op: TextOp; value: string }
  | { kind: 'exists'; quantity: string; known: boolean };

export type TextOp = 'contains' | 'starts' | 'ends';

export type RangeOp = 'lt' | 'lte' | 'gt' | 'gte';
const rangeOps: readonly string[] = ['lt', 'lte', 'gt', 'gte'];
const setOps: readonly string[] = ['any', 'all', 'none'];

/** A query that names an unknown quantity or has a malformed value; `loc` points into the request body. */
export class QueryError extends Error {
  constructor(
    message: string,
    readonly loc: string[] = ['query'],
    /** 'unsupported': a valid construct this implementation does not offer (OPTIMADE answers 501 for it). */
    readonly reason: 'invalid' | 'unsupported' = 'invalid',
  ) {
    super(message);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string value of a quantity with a unit is a number with an optional unit; numbers are taken as SI. */
const inStoredUnit = (value: string, quantity: string, unit: string): number => {
  if (value.length > MAX_UNIT_VALUE_LENGTH)
    throw new QueryError(
      `Invalid value for ${quantity}: a number with a unit has at most ${MAX_UNIT_VALUE_LENGTH} characters`,
    );
  try {
    return valueInUnit(value, unit);
  } catch (error) {
    if (error instanceof UnitError) throw new QueryError(`Invalid value for ${quantity}: ${error.message}`);
    throw error;
  }
};

const asValue = (value: unknown, quantity: string, options: QueryParseOptions): QueryValue => {
  if (typeof value === 'string') {
    const unit = options.unitOf?.(quantity);
    return unit ? inStoredUnit(value, quantity, unit) : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  throw new QueryError(`Invalid value for ${quantity}: ${JSON.stringify(value)}`);
};

const asValues = (value: unknown, quantity: string, options: QueryParseOptions): QueryValue[] => {
  if (!Array.isArray(value)) return [asValue(value, quantity, options)];
  if (value.length > MAX_QUERY_VALUES)
    throw new QueryError(
      `${quantity} is given ${value.length} values; at most ${MAX_QUERY_VALUES} are allowed per criterion.`,
    );
  return value.map((v) => asValue(v, quantity, options));
};

export interface QueryParseOptions {
  /** Whether a full dotted name is a searchable quantity. */
  isQuantity(name: string): boolean;
  /** Whether a dotted name is a section containing searchable quantities (for nested queries). */
  isSection?(name: string): boolean;
  /** Whether a section's items are searched one by one (NOMAD's nested sections). */
  isNested?(name: string): boolean;
  /** The SI unit expression a quantity is stored in ('joule'), if it has one. */
  unitOf?(name: string): string | undefined;
}

const parseCriterion = (
  quantity: string,
  op: string | undefined,
  value: unknown,
  options: QueryParseOptions,
): QueryNode => {
  if (op === undefined) {
    if (isPlainObject(value)) {
      const keys = Object.keys(value);
      if (keys.length > 0 && keys.every((k) => setOps.includes(k) || rangeOps.includes(k))) {
        const items = keys.map((k) => parseCriterion(quantity, k, value[k], options));
        return items.length === 1 ? items[0]! : { kind: 'and', items };
      }
      throw new QueryError(`Invalid operator for ${quantity}: ${keys.join(', ')}`);
    }
    if (Array.isArray(value))
      return { kind: 'match', quantity, op: 'all', values: asValues(value, quantity, options) };
    return { kind: 'match', quantity, op: 'eq', values: [asValue(value, quantity, options)] };
  }
  if (setOps.includes(op)) {
    return {
      kind: 'match',
      quantity,
      op: op as 'any' | 'all' | 'none',
      values: asValues(value, quantity, options),
    };
  }
  if (rangeOps.includes(op)) {
    return { kind: 'range', quantity, bounds: { [op]: asValue(value, quantity, options) } };
  }
  throw new QueryError(`Unknown operator ${op} for ${quantity}`);
};

const parseObject = (
  query: Record<string, unknown>,
  prefix: string,
  options: QueryParseOptions,
): QueryNode => {
  const items: QueryNode[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) throw new QueryError(`${key} requires a list of queries`);
      const subItems = value.map((sub) => parseSub(sub, prefix, options));
      items.push({ kind: key, items: subItems });
      continue;
    }
    if (key === 'not') {
      items.push({ kind: 'not', item: parseSub(value, prefix, options) });
      continue;
    }
    const [name, op, ...rest] = key.split(':');
    if (rest.length > 0 || name === undefined || name === '')
      throw new QueryError(`Invalid query key ${key}`);
    const quantity = prefix ? `${prefix}.${name}` : name;
    if (options.isQuantity(quantity)) {
      items.push(parseCriterion(quantity, op, value, options));
    } else if (op === undefined && isPlainObject(value) && options.isSection?.(quantity)) {
      const inner = parseObject(value, quantity, options);
      items.push(options.isNested?.(quantity) ? { kind: 'nested', section: quantity, item: inner } : inner);
    } else {
      throw new QueryError(`${quantity} is not a doc quantity`);
    }
  }
  return items.length === 1 ? items[0]! : { kind: 'and', items };
};

const parseSub = (query: unknown, prefix: string, options: QueryParseOptions): QueryNode => {
  if (!isPlainObject(query)) throw new QueryError('A query must be an object');
  return parseObject(query, prefix, options);
};

/** Refuses queries nested deeper than MAX_QUERY_DEPTH objects, before anything recurses into them. */
export const assertQueryDepth = (query: unknown): void => {
  if (nestedDeeperThan(query, MAX_QUERY_DEPTH, false))
    throw new QueryError(
      `The query is nested more than ${MAX_QUERY_DEPTH} levels deep (and, or, not, sections); ` +
        `at most ${MAX_QUERY_DEPTH} are allowed.`,
    );
};

/** Parses a NOMAD JSON query; an empty or missing query matches everything (an empty `and`). */
export const parseQuery = (query: unknown, options: QueryParseOptions): QueryNode => {
  if (query === undefined || query === null) return { kind: 'and', items: [] };
  assertQueryDepth(query);
  return parseSub(query, '', options);
};

/** The quantities a query node filters on (used by aggregations with exclude_from_search). */
export const queryQuantities = (node: QueryNode): string[] => {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.items.flatMap(queryQuantities);
    case 'not':
    case 'nested':
      return queryQuantities(node.item);
    default:
      return [node.quantity];
  }
};
