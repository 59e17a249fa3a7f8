import { Value } from '@sinclair/typebox/value';
import { OwnerSchema, type EntriesQueryRequest, type Owner } from '@oasis/schema';
import { validationError } from '../errors.ts';

/** Parameters of GET /entries that are not quantities. */
const RESERVED = new Set([
  'owner',
  'json_query',
  'page_size',
  'order_by',
  'order',
  'page_after_value',
  'page',
  'include',
  'exclude',
]);

const list = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

/**
 * GET /entries as NOMAD has it: `json_query` carries a JSON query; other parameters are quantities,
 * `quantity__op=value` for operators (`results.material.elements__any=Si&...__any=O`); a repeated
 * parameter is a list (all of them, as in the JSON form). Pagination and `include`/`exclude` as in POST.
 */
export const requestFromQueryString = (params: Record<string, unknown>): EntriesQueryRequest => {
  let query: Record<string, unknown> = {};
  if (typeof params.json_query === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(params.json_query);
    } catch {
      parsed = { json_query: params.json_query };
    }
    // The other parameters are added to it: it must be an object.
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw validationError([
        { loc: ['query', 'json_query'], msg: 'json_query must be a JSON object', type: 'value_error' },
      ]);
    query = parsed as Record<string, unknown>;
  }
  if (params.owner !== undefined && !Value.Check(OwnerSchema, params.owner))
    throw validationError([
      { loc: ['query', 'owner'], msg: `${String(params.owner)} is not an owner value`, type: 'value_error' },
    ]);
  for (const [key, value] of Object.entries(params)) {
    if (RESERVED.has(key)) continue;
    const [name, op] = key.split('__');
    const values = list(value);
    query[op ? `${name}:${op}` : name!] = values.length === 1 && !op ? values[0] : values;
  }
  const include = list(params.include);
  const exclude = list(params.exclude);
  const number = (value: unknown) => (value === undefined ? undefined : Number(value));
  return {
    owner: (params.owner as Owner | undefined) ?? 'visible',
    query,
    pagination: {
      ...(params.page_size !== undefined ? { page_size: number(params.page_size) } : {}),
      ...(params.order_by !== undefined ? { order_by: String(params.order_by) } : {}),
      ...(params.order !== undefined ? { order: params.order as 'asc' | 'desc' } : {}),
      ...(params.page_after_value !== undefined ? { page_after_value: String(params.page_after_value) } : {}),
      ...(params.page !== undefined ? { page: number(params.page) } : {}),
    },
    ...(include.length || exclude.length
      ? { required: { ...(include.length ? { include } : {}), ...(exclude.length ? { exclude } : {}) } }
      : {}),
  } as EntriesQueryRequest;
};
