import type { QueryNode, QueryValue } from '@oasis/schema';
import type { QuantityRegistry } from './quantities.ts';

/** Collects positional parameters while SQL text is built, so values never enter the SQL string. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Dotted quantity names come from the registry; this guard keeps anything else out of a JSON path. */
const jsonPath = (quantity: string): string => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(quantity)) {
    throw new Error(`unsafe quantity name ${quantity}`);
  }
  return `$.${quantity}`;
};

const coerce = (value: QueryValue, type: string | undefined): QueryValue => {
  if (type === 'number' && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return Number(value);
  }
  if (type === 'boolean' && typeof value === 'string') return value.toLowerCase() === 'true';
  if (type === 'timestamp' && typeof value === 'number') return new Date(value).toISOString();
  return value;
};

const jsonOps = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/**
 * Translates a query AST to a boolean SQL expression over the JSONB search document `doc`. SQL/JSON path
 * in lax mode unwraps arrays, so one form serves single values and lists (elements, authors.name, ...).
 */
export const queryToSql = (
  node: QueryNode,
  registry: QuantityRegistry,
  params: SqlParams,
  doc = 'doc',
): string => {
  switch (node.kind) {
    case 'and':
      return node.items.length
        ? `(${node.items.map((i) => queryToSql(i, registry, params, doc)).join(' AND ')})`
        : 'TRUE';
    case 'or':
      return node.items.length
        ? `(${node.items.map((i) => queryToSql(i, registry, params, doc)).join(' OR ')})`
        : 'FALSE';
    case 'not':
      return `(NOT ${queryToSql(node.item, registry, params, doc)})`;
    case 'match': {
      const type = registry.get(node.quantity)?.type;
      const path = jsonPath(node.quantity);
      const one = (value: QueryValue) =>
        `jsonb_path_exists(${doc}, '${path} ? (@ == $v)', jsonb_build_object('v', ${params.add(JSON.stringify(coerce(value, type)))}::jsonb))`;
      if (node.values.length === 0) return node.op === 'any' ? 'FALSE' : 'TRUE';
      const parts = node.values.map(one);
      if (node.op === 'eq' || node.op === 'all') return `(${parts.join(' AND ')})`;
      if (node.op === 'any') return `(${parts.join(' OR ')})`;
      return `(NOT (${parts.join(' OR ')}))`;
    }
    case 'range': {
      const type = registry.get(node.quantity)?.type;
      const path = jsonPath(node.quantity);
      const parts = Object.entries(node.bounds).map(([op, value]) => {
        const sqlOp = jsonOps[op as keyof typeof jsonOps];
        return `jsonb_path_exists(${doc}, '${path} ? (@ ${sqlOp} $v)', jsonb_build_object('v', ${params.add(JSON.stringify(coerce(value, type)))}::jsonb))`;
      });
      return `(${parts.join(' AND ')})`;
    }
    case 'text': {
      // Each string value (lists unwrap) is compared with the parameter as plain text, no patterns.
      const value = `${params.add(node.value)}::text`;
      const test = {
        contains: `strpos(v #>> '{}', ${value}) > 0`,
        starts: `left(v #>> '{}', char_length(${value})) = ${value}`,
        ends: `right(v #>> '{}', char_length(${value})) = ${value}`,
      }[node.op];
      return `EXISTS (SELECT 1 FROM jsonb_path_query(${doc}, '${jsonPath(node.quantity)}') AS v WHERE jsonb_typeof(v) = 'string' AND ${test})`;
    }
    case 'exists': {
      const known = `jsonb_path_exists(${doc}, '${jsonPath(node.quantity)} ? (@ != null)')`;
      return node.known ? known : `(NOT ${known})`;
    }
  }
};
