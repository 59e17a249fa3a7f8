import type { Aggregation, MaterialsQueryRequest, MaterialsQueryResponse, Owner } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Queryable } from '../db/database.ts';
import { validationError } from '../errors.ts';
import { checkAggregations, checkPagination, checkRequired } from './check-request.ts';
import { MAX_RESULT_WINDOW } from './limits.ts';
import { aggregate } from './engine/aggregate.ts';
import { CHECK_EVERY, type SearchBudget } from './engine/budget.ts';
import type { SearchEngine } from './engine/engine.ts';
import { cursorValue, selectPage } from './engine/order.ts';
import { rowDocuments } from './engine/entry-rows.ts';
import { requiredProjection } from './required.ts';
import { checkQueryDepth, entryRegistry, parseRequestQuery, searchScope } from './search.ts';

const MATERIAL_SECTION = 'results.material';
const MATERIAL = `${MATERIAL_SECTION}.`;
const ENTRIES = 'entries.';
const LOGIC = new Set(['and', 'or', 'not']);

/**
 * The entries-index name of a materials-index quantity: `elements` -> `results.material.elements`,
 * `entries.upload_id` -> `upload_id`. A name given as the entries index spells it
 * (`results.material.elements`) means the same quantity: the material document has no `results`.
 */
const entryQuantityOf = (name: string): string =>
  name.startsWith(ENTRIES)
    ? name.slice(ENTRIES.length)
    : name.startsWith(MATERIAL) || name === MATERIAL_SECTION
      ? name
      : `${MATERIAL}${name}`;

/** Renames the quantities of a materials query (keys, including `quantity:op` suffixes) to entry names. */
const translateQuery = (query: unknown): unknown => {
  if (Array.isArray(query)) return query.map(translateQuery);
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => {
      if (LOGIC.has(key)) return [key, translateQuery(value)];
      if (key === 'optimade_filter') return [key, value];
      const [name, ...op] = key.split(':');
      const target = entryQuantityOf(name!);
      // A section in nested form ({symmetry: {crystal_system: ..}}) keeps its relative keys.
      return [[target, ...op].join(':'), value];
    }),
  );
};

const translateAggregation = (aggregation: Aggregation): Aggregation =>
  Object.fromEntries(
    Object.entries(aggregation).map(([type, config]) => [
      type,
      typeof config === 'object' &&
      config !== null &&
      typeof (config as { quantity?: unknown }).quantity === 'string'
        ? { ...config, quantity: entryQuantityOf((config as { quantity: string }).quantity) }
        : config,
    ]),
  ) as Aggregation;

/** One row per material among the rows (the first of each), so that counts are materials. */
const oneRowPerMaterial = async (
  rows: Int32Array,
  materialOf: (row: number) => number | undefined,
  budget: SearchBudget,
) => {
  const seen = new Set<number>();
  const out = new Int32Array(rows.length);
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    const code = materialOf(rows[i]!);
    if (code === undefined || seen.has(code)) continue;
    seen.add(code);
    out[n++] = rows[i]!;
  }
  return out.subarray(0, n);
};

/** `required` of a materials query: material paths, `entries.*` paths for the listed entries. */
const splitRequired = (required: MaterialsQueryRequest['required']) => {
  const pick = (list: readonly string[] | null | undefined, entries: boolean) =>
    list
      ?.filter((path) => path.startsWith(ENTRIES) === entries)
      .map((path) =>
        entries ? path.slice(ENTRIES.length) : path.startsWith(MATERIAL) ? path.slice(MATERIAL.length) : path,
      );
  if (!required) return { material: undefined, entries: undefined };
  return {
    material: { include: pick(required.include, false), exclude: pick(required.exclude, false) },
    entries: { include: pick(required.include, true), exclude: pick(required.exclude, true) },
  };
};

/**
 * POST materials/query: the entries the caller may see, grouped by material_id. A material's fields are
 * its entries' results.material (the same in all of them); `entries` lists the matching entries.
 * Aggregations on material quantities count materials; on `entries.*` quantities they count entries.
 */
export const searchMaterials = async (
  db: Queryable,
  engine: SearchEngine,
  user: CurrentUser | undefined,
  request: MaterialsQueryRequest,
  /** Stops the search when it aborts (the client left); see searchScope. */
  signal?: AbortSignal,
): Promise<MaterialsQueryResponse> => {
  const owner = (request.owner ?? 'visible') as Owner;
  checkPagination(request.pagination);
  checkAggregations(request.aggregations);
  checkRequired(request.required);
  // translateQuery recurses: the depth is checked first.
  checkQueryDepth(request.query);
  const node = parseRequestQuery(translateQuery(request.query), request.optimade_filter);
  const pagination = request.pagination ?? {};
  const pageSize = pagination.page_size ?? 10;
  const orderBy = pagination.order_by ?? 'material_id';
  const order = pagination.order ?? 'asc';
  if (!entryRegistry.isQuantity(entryQuantityOf(orderBy)))
    throw validationError([
      {
        loc: ['body', 'pagination', 'order_by'],
        msg: `${orderBy} is not a doc quantity`,
        type: 'value_error',
      },
    ]);
  const scope = await searchScope(engine, user, owner, node, signal);
  const { index } = engine;
  const material = index.quantities.get(`${MATERIAL}material_id`)!;
  // material_id holds one value per entry: read it without building the row's value array.
  const materialOf = (row: number): number | undefined => {
    const code = material.column.extreme(row, false);
    return Number.isNaN(code) ? undefined : code;
  };
  const { budget } = scope;
  const groups = new Map<number, number[]>();
  for (let i = 0; i < scope.matching.length; i++) {
    if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    const row = scope.matching[i]!;
    const code = materialOf(row);
    if (code === undefined) continue;
    const rows = groups.get(code);
    if (rows) rows.push(row);
    else groups.set(code, [row]);
  }
  const representatives = Int32Array.from(groups.values(), (rows) => rows[0]!);
  const representativeOf = new Map(Array.from(groups.values(), (rows) => [rows[0]!, rows]));
  const page = await selectPage(
    index,
    representatives,
    {
      orderBy: index.quantities.get(entryQuantityOf(orderBy)),
      descending: order === 'desc',
      size: pageSize,
      offset: pagination.page && !pagination.page_after_value ? (pagination.page - 1) * pageSize : 0,
      ...(pagination.page_after_value ? { after: pagination.page_after_value } : {}),
    },
    budget,
  );
  // A material may have tens of thousands of entries: a page lists at most MAX_RESULT_WINDOW of them.
  const entriesEach = Math.max(1, Math.floor(MAX_RESULT_WINDOW / Math.max(1, page.rows.length)));
  const listed = (row: number) => (representativeOf.get(row) ?? []).slice(0, entriesEach);
  const pageRows = page.rows.flatMap(listed);
  const docs = new Map(
    (await rowDocuments(db, index, pageRows, budget)).map((doc) => [String(doc.entry_id), doc]),
  );
  const required = splitRequired(request.required);
  const projectEntry = requiredProjection(required.entries);
  const projectMaterial = requiredProjection(required.material);
  const data: Record<string, unknown>[] = [];
  for (const row of page.rows) {
    if (budget.due()) await budget.pause();
    const first = docs.get(index.entryIds.at(row)) as
      { results?: { material?: Record<string, unknown> } } | undefined;
    const fields = { ...(first?.results?.material ?? {}) };
    const entries = listed(row).flatMap((r) => {
      const doc = docs.get(index.entryIds.at(r));
      return doc ? [projectEntry(doc)] : [];
    });
    data.push({ ...projectMaterial(fields), material_id: String(fields.material_id), entries });
  }

  const aggregations: NonNullable<MaterialsQueryResponse['aggregations']> = {};
  for (const [name, aggregation] of Object.entries(request.aggregations ?? {})) {
    const translated = translateAggregation(aggregation);
    const quantityName = Object.values(translated).find(
      (config): config is { quantity: string } =>
        typeof (config as { quantity?: unknown })?.quantity === 'string',
    )?.quantity;
    const countsMaterials = quantityName === undefined || quantityName.startsWith(MATERIAL);
    const { type, response } = await aggregate(
      {
        ...scope,
        rowsFor: async (quantity, exclude) => {
          const rows = await scope.rowsFor(quantity, exclude);
          if (!countsMaterials) return rows;
          // Without exclude_from_search these are the matching rows, already grouped above.
          return rows === scope.matching ? representatives : oneRowPerMaterial(rows, materialOf, budget);
        },
      },
      name,
      translated,
    );
    const original = Object.values(aggregation).find(
      (config): config is { quantity: string } =>
        typeof (config as { quantity?: unknown })?.quantity === 'string',
    );
    aggregations[name] = { [type]: { ...response, ...(original ? { quantity: original.quantity } : {}) } };
  }
  const last = page.rows.length - 1;
  const consumed = (pagination.page ? (pagination.page - 1) * pageSize : 0) + page.rows.length;
  return {
    owner,
    query: request.query ?? null,
    pagination: {
      page_size: pageSize,
      order_by: orderBy,
      order,
      total: groups.size,
      ...(pagination.page ? { page: pagination.page } : {}),
      ...(pageSize > 0 && page.rows.length === pageSize && consumed < groups.size && last >= 0
        ? { next_page_after_value: `${cursorValue(page.keys[last])}:${index.entryIds.at(page.rows[last]!)}` }
        : {}),
    },
    ...(request.required ? { required: request.required } : {}),
    ...(request.aggregations ? { aggregations } : {}),
    data,
  } as MaterialsQueryResponse;
};
