import type { QueryNode } from '@oasis/schema';
import { validationError } from '../errors.ts';

/**
 * NOMAD's prefix sub-fields: `entry_name.prefix` finds entries whose name starts with the value (NOMAD's
 * GUI registers a filter on it). They are no index columns of their own here but text criteria on the
 * quantity itself, so the index needs no second copy of the names.
 */
export const PREFIX_FIELDS: Readonly<Record<string, string>> = { 'entry_name.prefix': 'entry_name' };

const MODES = new Set(['any', 'all', 'none']);

const criterion = (key: string, field: string, mode: string, value: unknown): QueryNode => {
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0 || values.some((item) => typeof item !== 'string'))
    throw validationError([{ loc: ['body', 'query', key], msg: 'expected text', type: 'value_error' }]);
  const starts = (values as string[]).map((text): QueryNode => ({
    kind: 'text',
    quantity: field,
    op: 'starts',
    value: text,
  }));
  if (mode === 'all') return { kind: 'and', items: starts };
  const any: QueryNode = starts.length === 1 ? starts[0]! : { kind: 'or', items: starts };
  return mode === 'none' ? { kind: 'not', item: any } : any;
};

/**
 * The top-level criteria of a query on prefix fields (`entry_name.prefix`, `entry_name.prefix:all`, ...)
 * as text criteria, and the query without them for the query parser, which does not know these names.
 */
export const takePrefixCriteria = (query: unknown): { rest: unknown; criteria: QueryNode[] } => {
  if (typeof query !== 'object' || query === null || Array.isArray(query))
    return { rest: query, criteria: [] };
  const rest: Record<string, unknown> = {};
  const criteria: QueryNode[] = [];
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const [name = key, mode = 'any'] = key.split(':');
    // Own keys only: 'constructor' and the like are query keys, not prefix fields.
    const field = Object.hasOwn(PREFIX_FIELDS, name) ? PREFIX_FIELDS[name] : undefined;
    if (field && MODES.has(mode)) criteria.push(criterion(key, field, mode, value));
    else rest[key] = value;
  }
  return { rest, criteria };
};
