import type { Aggregation, TermsAggregation } from '@oasis/schema';
import { validationError } from '../../errors.ts';
import { CHECK_EVERY, type SearchBudget } from './budget.ts';
import { autoDateHistogram, dateHistogram, histogram, HistogramError, minMax } from './histogram.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';
import { countTogether, presenceBuckets, termsBuckets } from './terms.ts';

/** Keys NOMAD's GUI adds for its own bookkeeping; NOMAD ignores them and does not echo them. */
const BOOKKEEPING = new Set(['update', 'changed', 'type']);

const echo = (config: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(config).filter(([key]) => !BOOKKEEPING.has(key)));

export type AggregationType =
  'terms' | 'histogram' | 'date_histogram' | 'auto_date_histogram' | 'min_max' | 'statistics';

/** The one aggregation type a named aggregation holds, and its config. */
const aggregationOf = (
  name: string,
  aggregation: Aggregation,
): { type: AggregationType; config: Record<string, unknown> } => {
  const types = Object.keys(aggregation).filter((key) => !BOOKKEEPING.has(key) && key !== 'exclude');
  const type = types[0];
  if (
    types.length !== 1 ||
    !type ||
    !['terms', 'histogram', 'date_histogram', 'auto_date_histogram', 'min_max', 'statistics'].includes(type)
  ) {
    throw validationError([
      {
        loc: ['body', 'aggregations', name],
        msg:
          types.length === 0
            ? 'An aggregation needs one of terms, histogram, date_histogram, auto_date_histogram, min_max, statistics.'
            : `Unknown or several aggregation types: ${types.join(', ')}`,
        type: 'value_error',
      },
    ]);
  }
  return {
    type: type as AggregationType,
    config: (aggregation as Record<string, Record<string, unknown>>)[type]!,
  };
};

/** Distinct values per row among the rows, counted in turns with other requests. */
const distinct = async (
  rows: Int32Array,
  visit: (row: number, add: (value: number) => void) => void,
  budget: SearchBudget,
): Promise<number> => {
  const seen = new Set<number>();
  const add = (value: number) => void seen.add(value);
  for (let i = 0; i < rows.length; i++) {
    if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    visit(rows[i]!, add);
  }
  return seen.size;
};

type Statistic = (index: SearchIndex, rows: Int32Array, budget: SearchBudget) => Promise<number>;

const STATISTICS: Record<string, Statistic> = {
  n_entries: async (_index, rows) => rows.length,
  n_calculations: async (_index, rows) => rows.length,
  n_uploads: (index, rows, budget) => distinct(rows, (row, add) => add(index.uploadOf[row]!), budget),
  n_materials: async (index, rows, budget) => {
    const material = index.quantities.get('results.material.material_id');
    if (!material) return 0;
    return distinct(rows, (row, add) => material.column.forEach(row, add), budget);
  },
};

export interface AggregationContext {
  index: SearchIndex;
  /** Rows for an aggregation: all matching rows, or those matching without criteria on its quantity. */
  rowsFor(quantity: string | undefined, excludeFromSearch: boolean): Promise<Int32Array>;
  quantity(name: string, loc: string[]): IndexedQuantity;
  budget: SearchBudget;
  /** Codes counted already for some terms aggregations, by name (see countTogether). */
  counted?: ReadonlyMap<string, Int32Array>;
}

/**
 * The codes of the terms aggregations over the matching rows that can be counted in one pass together
 * (countTogether), by aggregation name, for `counted`; empty when fewer than two can.
 */
export const countTermsTogether = async (
  ctx: AggregationContext,
  aggregations: Readonly<Record<string, Aggregation>> | undefined,
): Promise<Map<string, Int32Array>> => {
  const together: [string, IndexedQuantity][] = [];
  for (const [name, aggregation] of Object.entries(aggregations ?? {})) {
    const terms = (aggregation as { terms?: TermsAggregation }).terms;
    // Those with entries per bucket count as they pick them; excluded ones count other rows.
    if (!terms || terms.entries || terms.exclude_from_search === true) continue;
    const indexed = terms.quantity === 'quantities' ? undefined : ctx.index.quantities.get(terms.quantity);
    if (indexed) together.push([name, indexed]);
  }
  if (together.length < 2) return new Map();
  const counts = await countTogether(
    together.map(([, indexed]) => indexed),
    await ctx.rowsFor(undefined, false),
    ctx.budget,
  );
  return new Map(together.flatMap(([name], i) => (counts[i] ? [[name, counts[i]] as const] : [])));
};

/**
 * One aggregation's response part. Terms buckets that ask for entries carry `rows`, which the caller
 * replaces with the entries' documents.
 */
export const aggregate = async (
  ctx: AggregationContext,
  name: string,
  aggregation: Aggregation,
): Promise<{ type: AggregationType; response: Record<string, unknown> }> => {
  const { type, config } = aggregationOf(name, aggregation);
  try {
    return await compute(ctx, name, type, config);
  } catch (error) {
    if (error instanceof HistogramError)
      throw validationError([
        { loc: ['body', 'aggregations', name, type], msg: error.message, type: 'value_error' },
      ]);
    throw error;
  }
};

const compute = async (
  ctx: AggregationContext,
  name: string,
  type: AggregationType,
  config: Record<string, unknown>,
): Promise<{ type: AggregationType; response: Record<string, unknown> }> => {
  const { budget } = ctx;
  const loc = ['body', 'aggregations', name, type, 'quantity'];
  const base = echo(config);
  if (type === 'statistics') {
    const metrics = (config.metrics as string[] | undefined) ?? ['n_entries'];
    const rows = await ctx.rowsFor(undefined, false);
    const data: Record<string, number> = {};
    for (const metric of metrics) {
      // Own keys only: 'constructor' must not find Object.
      const statistic = Object.hasOwn(STATISTICS, metric) ? STATISTICS[metric] : undefined;
      if (!statistic)
        throw validationError([
          {
            loc: ['body', 'aggregations', name, type, 'metrics'],
            msg: `Unknown metric ${metric}. Known: ${Object.keys(STATISTICS).join(', ')}.`,
            type: 'value_error',
          },
        ]);
      data[metric] = await statistic(ctx.index, rows, budget);
    }
    return { type, response: { ...base, metrics, data } };
  }
  const quantityName = String(config.quantity);
  const indexed = ctx.quantity(quantityName, loc);
  const rows = await ctx.rowsFor(quantityName, config.exclude_from_search === true);
  const numeric = indexed.quantity.type === 'number' || indexed.quantity.type === 'timestamp';
  if (type !== 'terms' && !numeric) {
    throw validationError([
      {
        loc,
        msg: `The ${type} aggregation needs a number or date quantity; ${quantityName} is not one.`,
        type: 'value_error',
      },
    ]);
  }
  switch (type) {
    case 'terms': {
      const result =
        quantityName === 'quantities'
          ? await presenceBuckets(ctx.index, rows, config as never, budget)
          : await termsBuckets(
              ctx.index,
              indexed,
              rows,
              config as never,
              budget,
              undefined,
              ctx.counted?.get(name),
            );
      const paginated = config.pagination as Record<string, unknown> | undefined;
      return {
        type,
        response: {
          ...base,
          metrics: [],
          ...(paginated
            ? {
                pagination: {
                  ...echo(paginated),
                  total: result.total,
                  ...(result.nextPageAfterValue !== undefined
                    ? { next_page_after_value: result.nextPageAfterValue }
                    : {}),
                },
              }
            : {}),
          data: result.buckets,
        },
      };
    }
    case 'histogram': {
      const result = await histogram(ctx.index, indexed, rows, config as never, budget);
      return { type, response: { ...base, metrics: [], ...result } };
    }
    case 'date_histogram': {
      const interval = (config.interval as string | undefined) ?? '1M';
      const data = await dateHistogram(
        ctx.index,
        indexed,
        rows,
        interval,
        budget,
        config.extended_bounds as never,
      );
      return { type, response: { ...base, interval, metrics: [], data } };
    }
    case 'auto_date_histogram': {
      const result = await autoDateHistogram(
        ctx.index,
        indexed,
        rows,
        (config.buckets as number | undefined) ?? 10,
        budget,
      );
      return { type, response: { ...base, metrics: [], ...result } };
    }
    default:
      return { type, response: { ...base, data: await minMax(ctx.index, indexed, rows, budget) } };
  }
};
