import {
  optimadeToQuery,
  parseQuery,
  queryQuantities,
  QueryError,
  type EntriesQueryRequest,
  type EntriesQueryResponse,
  type Owner,
  type QueryNode,
} from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Queryable } from '../db/database.ts';
import { validationError } from '../errors.ts';
import { documentSql, ownerSql } from './documents.ts';
import { createRegistry, entrySearchQuantities, type QuantityRegistry } from './quantities.ts';
import { applyRequired } from './required.ts';
import { queryToSql, SqlParams } from './sql.ts';

export const entryRegistry: QuantityRegistry = createRegistry(entrySearchQuantities);

const quantityPath = (name: string) => `'{${name.split('.').join(',')}}'`;

/** The sort key of a quantity: numeric quantities compare as numbers, everything else as text. */
const sortKeySql = (registry: QuantityRegistry, name: string) =>
  registry.get(name)?.type === 'number'
    ? `(doc #>> ${quantityPath(name)})::numeric`
    : `(doc #>> ${quantityPath(name)})`;

const asValidationError = (error: unknown, loc?: string[]): unknown =>
  error instanceof QueryError
    ? validationError([{ loc: ['body', ...(loc ?? error.loc)], msg: error.message, type: 'value_error' }])
    : error;

const optimade = (filter: string, loc?: string[]): QueryNode => {
  try {
    return optimadeToQuery(filter, { quantities: entrySearchQuantities });
  } catch (error) {
    throw asValidationError(error, loc);
  }
};

/** The request's query AND its OPTIMADE filters (top-level `optimade_filter`, or NOMAD's `query.optimade_filter`). */
const parse = (query: unknown, optimadeFilter?: string): QueryNode => {
  const { optimade_filter: inQuery, ...rest } =
    typeof query === 'object' && query !== null && !Array.isArray(query)
      ? (query as Record<string, unknown>)
      : { optimade_filter: undefined };
  let node: QueryNode;
  try {
    node = parseQuery(typeof inQuery === 'string' ? rest : query, entryRegistry);
  } catch (error) {
    throw asValidationError(error);
  }
  const filters = [
    ...(typeof inQuery === 'string' ? [optimade(inQuery)] : []),
    ...(optimadeFilter !== undefined ? [optimade(optimadeFilter, ['optimade_filter'])] : []),
  ];
  if (filters.length === 0) return node;
  // One flat AND, so aggregations that leave out their own quantity still see the query's criteria.
  return { kind: 'and', items: [...(node.kind === 'and' ? node.items : [node]), ...filters] };
};

/** Drops the top-level criteria on `quantity`, for aggregations that must not filter themselves. */
const withoutQuantity = (node: QueryNode, quantity: string): QueryNode => {
  if (node.kind === 'and')
    return {
      kind: 'and',
      items: node.items.filter((item) => !queryQuantities(item).every((q) => q === quantity)),
    };
  return queryQuantities(node).every((q) => q === quantity) ? { kind: 'and', items: [] } : node;
};

type TermsConfig = NonNullable<NonNullable<EntriesQueryRequest['aggregations']>[string]['terms']>;

const termsAggregation = async (
  db: Queryable,
  base: { owner: string; params: SqlParams },
  node: QueryNode,
  config: TermsConfig,
) => {
  const registry = entryRegistry;
  // '[*]' yields one row per list item (elements, author names); on a single value it yields the value.
  if (!registry.isQuantity(config.quantity)) {
    throw validationError([
      { loc: ['body', 'aggregations'], msg: `${config.quantity} is not a doc quantity`, type: 'value_error' },
    ]);
  }
  const params = new SqlParams();
  params.values.push(...base.params.values);
  const filter = queryToSql(
    config.exclude_from_search ? withoutQuantity(node, config.quantity) : node,
    registry,
    params,
  );
  const size = config.size ?? 10;
  const include = Array.isArray(config.include) ? config.include : undefined;
  const includeSql = include ? `AND value #>> '{}' = ANY(${params.add(include)})` : '';
  const { rows } = await db.query<{ value: unknown; count: number }>(
    `SELECT value, count(DISTINCT entry_id)::int AS count
     FROM (SELECT e.entry_id, ${documentSql} AS doc FROM entries e JOIN uploads u USING (upload_id)
           WHERE ${base.owner} AND e.process_status IN ('SUCCESS', 'FAILURE')) docs,
          LATERAL jsonb_path_query(doc, '$.${config.quantity}[*]') AS value
     WHERE ${filter} ${includeSql}
     GROUP BY value ORDER BY count DESC, value LIMIT ${Math.trunc(size)}`,
    params.values,
  );
  return {
    ...config,
    data: rows.map((row) => ({ value: row.value as string, count: row.count, nested_count: row.count })),
  };
};

/** POST entries/query: NOMAD's search over the entries the caller may see. */
export const searchEntries = async (
  db: Queryable,
  user: CurrentUser | undefined,
  request: EntriesQueryRequest,
): Promise<EntriesQueryResponse> => {
  const owner = (request.owner ?? 'visible') as Owner;
  const node = parse(request.query, request.optimade_filter);
  const pagination = request.pagination ?? {};
  const pageSize = pagination.page_size ?? 10;
  const orderBy = pagination.order_by ?? 'entry_id';
  const order = pagination.order ?? 'asc';
  if (!entryRegistry.isQuantity(orderBy)) {
    throw validationError([
      {
        loc: ['body', 'pagination', 'order_by'],
        msg: `${orderBy} is not a doc quantity`,
        type: 'value_error',
      },
    ]);
  }
  const baseParams = new SqlParams();
  const ownerClause = ownerSql(owner, user, baseParams);
  if (request.verify_only) {
    return {
      owner,
      query: request.query ?? null,
      pagination: { page_size: pageSize, order_by: orderBy, order, total: 0 },
      data: [],
    };
  }
  const params = new SqlParams();
  params.values.push(...baseParams.values);
  const where = queryToSql(node, entryRegistry, params);
  const source = `(SELECT e.entry_id, ${documentSql} AS doc FROM entries e JOIN uploads u USING (upload_id)
                   WHERE ${ownerClause} AND e.process_status IN ('SUCCESS', 'FAILURE')) docs`;
  const { rows: countRows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${source} WHERE ${where}`,
    params.values,
  );
  const total = countRows[0]?.n ?? 0;

  const key = sortKeySql(entryRegistry, orderBy);
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const pageParams = new SqlParams();
  pageParams.values.push(...params.values);
  let after = '';
  let offset = 0;
  if (pagination.page_after_value) {
    const raw = pagination.page_after_value;
    const cut = raw.lastIndexOf(':');
    const [value, entryId] = cut >= 0 ? [raw.slice(0, cut), raw.slice(cut + 1)] : [raw, ''];
    const cast = entryRegistry.get(orderBy)?.type === 'number' ? '::numeric' : '';
    after = `AND (${key}, entry_id) ${order === 'desc' ? '<' : '>'} (${pageParams.add(value)}${cast}, ${pageParams.add(entryId)})`;
  } else if (pagination.page) {
    offset = (pagination.page - 1) * pageSize;
  }
  const { rows } = await db.query<{
    doc: Record<string, unknown>;
    sort_value: string | null;
    entry_id: string;
  }>(
    `SELECT doc, ${key}::text AS sort_value, entry_id FROM ${source} WHERE ${where} ${after}
     ORDER BY ${key} ${direction} NULLS LAST, entry_id ${direction}
     LIMIT ${Math.trunc(pageSize)} OFFSET ${Math.trunc(offset)}`,
    pageParams.values,
  );
  const last = rows[rows.length - 1];
  const hasMore = pageSize > 0 && rows.length === pageSize && offset + rows.length < total;

  const aggregations: NonNullable<EntriesQueryResponse['aggregations']> = {};
  for (const [name, aggregation] of Object.entries(request.aggregations ?? {})) {
    if (aggregation.terms) {
      aggregations[name] = {
        terms: await termsAggregation(
          db,
          { owner: ownerClause, params: baseParams },
          node,
          aggregation.terms,
        ),
      };
    } else {
      const type =
        Object.keys(aggregation).filter((k) => !['update', 'changed', 'type'].includes(k))[0] ?? 'unknown';
      throw validationError([
        {
          loc: ['body', 'aggregations', name],
          msg: `The ${type} aggregation is not supported by this server yet.`,
          type: 'value_error',
        },
      ]);
    }
  }
  return {
    owner,
    query: request.query ?? null,
    pagination: {
      page_size: pageSize,
      order_by: orderBy,
      order,
      total,
      ...(pagination.page ? { page: pagination.page } : {}),
      ...(pagination.page_after_value ? { page_after_value: pagination.page_after_value } : {}),
      ...(hasMore && last ? { next_page_after_value: `${last.sort_value ?? ''}:${last.entry_id}` } : {}),
    },
    ...(request.required ? { required: request.required } : {}),
    ...(request.aggregations ? { aggregations } : {}),
    data: rows.map((row) => applyRequired(row.doc, request.required)),
  };
};
