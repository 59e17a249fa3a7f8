import {
  assertQueryDepth,
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
import { checkAggregations, checkCriteria, checkPagination, checkRequired } from './check-request.ts';
import { aggregate, countTermsTogether } from './engine/aggregate.ts';
import { SearchBudget } from './engine/budget.ts';
import type { SearchEngine } from './engine/engine.ts';
import { compileFilter, freeTextScore, type FilterAids } from './engine/filter.ts';
import { rowDocuments } from './engine/entry-rows.ts';
import { cursorValue, selectPage } from './engine/order.ts';
import { ownerTest } from './engine/owner.ts';
import type { IndexedQuantity, SearchIndex } from './engine/search-index.ts';
import { takePrefixCriteria } from './prefix-fields.ts';
import { createRegistry, entrySearchQuantities, type QuantityRegistry } from './quantities.ts';
import { requiredProjection } from './required.ts';

export const entryRegistry: QuantityRegistry = createRegistry(entrySearchQuantities);

const notADocQuantity = (name: string, loc: string[]) =>
  validationError([{ loc, msg: `${name} is not a doc quantity`, type: 'value_error' }]);

const asValidationError = (error: unknown, loc?: string[]): unknown =>
  error instanceof QueryError
    ? validationError([{ loc: ['body', ...(loc ?? error.loc)], msg: error.message, type: 'value_error' }])
    : error;

/** The query's nesting within MAX_QUERY_DEPTH, for callers that walk it before parsing (materials). */
export const checkQueryDepth = (query: unknown): void => {
  try {
    assertQueryDepth(query);
  } catch (error) {
    throw asValidationError(error);
  }
};

const optimade = (filter: string, loc?: string[]): QueryNode => {
  try {
    return optimadeToQuery(filter, { quantities: entrySearchQuantities });
  } catch (error) {
    throw asValidationError(error, loc);
  }
};

/**
 * The request's query AND its OPTIMADE filters (top-level `optimade_filter`, or NOMAD's `query.optimade_filter`)
 * AND its criteria on prefix fields (`entry_name.prefix`).
 */
export const parseRequestQuery = (query: unknown, optimadeFilter?: string): QueryNode => {
  const { optimade_filter: inQuery, ...rest } =
    typeof query === 'object' && query !== null && !Array.isArray(query)
      ? (query as Record<string, unknown>)
      : { optimade_filter: undefined };
  const prefixes = takePrefixCriteria(typeof inQuery === 'string' ? rest : query);
  let node: QueryNode;
  try {
    node = parseQuery(prefixes.rest, entryRegistry);
  } catch (error) {
    throw asValidationError(error);
  }
  const filters = [
    ...prefixes.criteria,
    ...(typeof inQuery === 'string' ? [optimade(inQuery)] : []),
    ...(optimadeFilter !== undefined ? [optimade(optimadeFilter, ['optimade_filter'])] : []),
  ];
  // One flat AND, so aggregations that leave out their own quantity still see the query's criteria.
  const combined: QueryNode =
    filters.length === 0
      ? node
      : { kind: 'and', items: [...(node.kind === 'and' ? node.items : [node]), ...filters] };
  checkCriteria(combined);
  return combined;
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

/** What a search over the index found: the visible rows, the matching ones, and how to re-filter. */
export interface SearchScope {
  engine: SearchEngine;
  index: SearchIndex;
  node: QueryNode;
  visible: Int32Array;
  matching: Int32Array;
  /** Matching rows, or (exclude_from_search) rows matching the query without criteria on `quantity`. */
  rowsFor(quantity: string | undefined, excludeFromSearch: boolean): Promise<Int32Array>;
  quantity(name: string, loc: string[]): IndexedQuantity;
  /** The time this search may still take; every scan of it checks this. */
  budget: SearchBudget;
  /** What its filters share: code bitmaps, free-text word codes. */
  aids: FilterAids;
}

/**
 * Brings the index up to date and applies owner and query; per-quantity re-filtering is memoised. The
 * time budget starts after the sync, which after a restart waits for the index to load. When `signal`
 * aborts (the client left), the search stops at its next budget check.
 */
export const searchScope = async (
  engine: SearchEngine,
  user: CurrentUser | undefined,
  owner: Owner,
  node: QueryNode,
  signal?: AbortSignal,
): Promise<SearchScope> => {
  // Refuses an owner the user may not ask for before anything waits for the index.
  ownerTest(owner, user);
  await engine.sync();
  const budget = new SearchBudget(engine.timeBudgetMs, signal);
  // A client that left while the index loaded: not even the first scan starts.
  budget.throwIfAborted();
  const { index } = engine;
  const visible = engine.visible.of(index, owner, user);
  const aids: FilterAids = {
    bitmaps: engine.bitmaps,
    words: new Map(),
    rowBits: (rows) => engine.visible.bitsOf(index, rows),
  };
  const matching = await (await compileFilter(index, node, budget, aids))(visible, budget);
  const excluded = new Map<string, Int32Array>();
  return {
    engine,
    index,
    node,
    visible,
    matching,
    budget,
    aids,
    async rowsFor(quantity, excludeFromSearch) {
      if (!excludeFromSearch || quantity === undefined) return matching;
      let rows = excluded.get(quantity);
      if (!rows) {
        const reduced = withoutQuantity(node, quantity);
        rows =
          reduced === node
            ? matching
            : await (
                await compileFilter(index, reduced, budget, aids)
              )(visible, budget);
        excluded.set(quantity, rows);
      }
      return rows;
    },
    quantity(name, loc) {
      const indexed = index.quantities.get(name);
      if (!indexed) throw notADocQuantity(name, loc);
      return indexed;
    },
  };
};

/** Documents of the given rows, in that order, with `required` applied in turns with other requests. */
const documentsOf = async (
  db: Queryable,
  scope: SearchScope,
  rows: readonly number[],
  required: EntriesQueryRequest['required'],
) => {
  const docs = await rowDocuments(db, scope.index, rows, scope.budget);
  const project = requiredProjection(required);
  const out: Record<string, unknown>[] = [];
  for (const doc of docs) {
    if (scope.budget.due()) await scope.budget.pause();
    out.push(project(doc));
  }
  return out;
};

/** Replaces the `rows` of terms buckets with their entries' documents, read in one query. */
const bucketEntries = async (
  db: Queryable,
  scope: SearchScope,
  buckets: { rows?: number[] }[],
  required: EntriesQueryRequest['required'],
) => {
  const rows = [...new Set(buckets.flatMap((bucket) => bucket.rows ?? []))];
  // By entry id before `required` is applied: it may leave the id out.
  const docs = new Map(
    (await rowDocuments(db, scope.index, rows, scope.budget)).map((doc) => [String(doc.entry_id), doc]),
  );
  const project = requiredProjection(required);
  for (const bucket of buckets) {
    if (!bucket.rows) continue;
    const entries: Record<string, unknown>[] = [];
    for (const row of bucket.rows) {
      const doc = docs.get(scope.index.entryIds.at(row));
      if (doc) entries.push(project(doc));
    }
    if (scope.budget.due()) await scope.budget.pause();
    delete bucket.rows;
    Object.assign(bucket, { entries });
  }
};

/** POST entries/query: NOMAD's search over the entries the caller may see; `signal` stops it (see searchScope). */
export const searchEntries = async (
  db: Queryable,
  engine: SearchEngine,
  user: CurrentUser | undefined,
  request: EntriesQueryRequest,
  signal?: AbortSignal,
): Promise<EntriesQueryResponse> => {
  const owner = (request.owner ?? 'visible') as Owner;
  checkPagination(request.pagination);
  checkAggregations(request.aggregations);
  checkRequired(request.required);
  const node = parseRequestQuery(request.query, request.optimade_filter);
  const pagination = request.pagination ?? {};
  const pageSize = pagination.page_size ?? 10;
  const orderBy = pagination.order_by ?? 'entry_id';
  const order = pagination.order ?? 'asc';
  const orderLoc = ['body', 'pagination', 'order_by'];
  if (orderBy !== '_score' && !entryRegistry.isQuantity(orderBy)) throw notADocQuantity(orderBy, orderLoc);
  for (const [name, aggregation] of Object.entries(request.aggregations ?? {})) {
    const config = Object.values(aggregation).find(
      (value): value is { quantity: string } =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { quantity?: unknown }).quantity === 'string',
    );
    if (config && !entryRegistry.isQuantity(config.quantity))
      throw notADocQuantity(config.quantity, ['body', 'aggregations', name]);
  }
  const echoPagination = {
    page_size: pageSize,
    order_by: orderBy,
    order,
    ...(pagination.page ? { page: pagination.page } : {}),
    ...(pagination.page_after_value ? { page_after_value: pagination.page_after_value } : {}),
  };
  if (request.verify_only) {
    ownerTest(owner, user);
    return { owner, query: request.query ?? null, pagination: { ...echoPagination, total: 0 }, data: [] };
  }
  const scope = await searchScope(engine, user, owner, node, signal);
  const { index } = engine;
  const offset = pagination.page && !pagination.page_after_value ? (pagination.page - 1) * pageSize : 0;
  const page = await selectPage(
    index,
    scope.matching,
    {
      orderBy: orderBy === '_score' ? undefined : index.quantities.get(orderBy),
      descending: order === 'desc',
      size: pageSize,
      offset,
      ...(pagination.page_after_value ? { after: pagination.page_after_value } : {}),
      ...(orderBy === '_score' ? { score: await freeTextScore(index, node, scope.budget, scope.aids) } : {}),
    },
    scope.budget,
  );
  const total = scope.matching.length;
  // The page's documents are read while the aggregations are counted: the database works meanwhile.
  const reading = documentsOf(db, scope, page.rows, request.required);
  const aggregations: NonNullable<EntriesQueryResponse['aggregations']> = {};
  try {
    const counted = await countTermsTogether(scope, request.aggregations);
    for (const [name, aggregation] of Object.entries(request.aggregations ?? {})) {
      const { type, response } = await aggregate({ ...scope, counted }, name, aggregation);
      if (type === 'terms') {
        const required = (response.entries as { required?: EntriesQueryRequest['required'] } | undefined)
          ?.required;
        await bucketEntries(db, scope, response.data as { rows?: number[] }[], required);
      }
      aggregations[name] = { [type]: response };
    }
  } catch (error) {
    // Settled before the error goes on: a rejection nobody awaits would end the process.
    await reading.catch(() => undefined);
    throw error;
  }
  const data = await reading;
  const last = page.rows.length - 1;
  const consumed = offset + page.rows.length;
  const hasMore = pageSize > 0 && page.rows.length === pageSize && consumed < total;
  return {
    owner,
    query: request.query ?? null,
    pagination: {
      ...echoPagination,
      total,
      ...(hasMore && last >= 0
        ? { next_page_after_value: `${cursorValue(page.keys[last])}:${index.entryIds.at(page.rows[last]!)}` }
        : {}),
    },
    ...(request.required ? { required: request.required } : {}),
    ...(request.aggregations ? { aggregations } : {}),
    data,
  } as EntriesQueryResponse;
};
