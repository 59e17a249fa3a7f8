import type { Aggregation } from '@oasis/schema';
import { validationError } from '../../errors.ts';
import { autoDateHistogram, dateHistogram, histogram, minMax } from './histogram.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';
import { presenceBuckets, termsBuckets } from './terms.ts';

/** Keys NOMAD's GUI adds for its own bookkeeping; NOMAD ignores them and does not echo them. */
const BOOKKEEPING = new Set(['update', 'changed', 'type']);

const echo = (config: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(config).filter(([key]) => !BOOKKEEPING.has(key)));

export type AggregationType =
  'terms' | 'histogram' | 'date_histogram' | 'auto_date_histogram' | 'min_max' | 'statistics';

/** The one aggregation type a named aggregation holds, and its config. */
export const aggregationOf = (
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

const STATISTICS: Record<string, (index: SearchIndex, rows: Int32Array) => number> = {
  n_entries: (_index, rows) => rows.length,
  n_calculations: (_index, rows) => rows.length,
  n_uploads: (index, rows) => new Set(Array.from(rows, (row) => index.uploadOf[row])).size,
  n_materials: (index, rows) => {
    const material = index.quantities.get('results.material.material_id');
    const ids = new Set<number>();
    if (material) for (const row of rows) material.column.forEach(row, (stored) => ids.add(stored));
    return ids.size;
  },
};

export interface AggregationContext {
  index: SearchIndex;
  /** Rows for an aggregation: all matching rows, or those matching without criteria on its quantity. */
  rowsFor(quantity: string | undefined, excludeFromSearch: boolean): Int32Array;
  quantity(name: string, loc: string[]): IndexedQuantity;
}

/**
 * One aggregation's response part. Terms buckets that ask for entries carry `rows`, which the caller
 * replaces with the entries' documents.
 */
export const aggregate = (
  ctx: AggregationContext,
  name: string,
  aggregation: Aggregation,
): { type: AggregationType; response: Record<string, unknown> } => {
  const { type, config } = aggregationOf(name, aggregation);
  const loc = ['body', 'aggregations', name, type, 'quantity'];
  const base = echo(config);
  if (type === 'statistics') {
    const metrics = (config.metrics as string[] | undefined) ?? ['n_entries'];
    const rows = ctx.rowsFor(undefined, false);
    const data: Record<string, number> = {};
    for (const metric of metrics) {
      const compute = STATISTICS[metric];
      if (!compute)
        throw validationError([
          {
            loc: ['body', 'aggregations', name, type, 'metrics'],
            msg: `Unknown metric ${metric}. Known: ${Object.keys(STATISTICS).join(', ')}.`,
            type: 'value_error',
          },
        ]);
      data[metric] = compute(ctx.index, rows);
    }
    return { type, response: { ...base, metrics, data } };
  }
  const quantityName = String(config.quantity);
  const indexed = ctx.quantity(quantityName, loc);
  const rows = ctx.rowsFor(quantityName, config.exclude_from_search === true);
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
          ? presenceBuckets(ctx.index, rows, config as never)
          : termsBuckets(ctx.index, indexed, rows, config as never);
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
      const result = histogram(ctx.index, indexed, rows, config as never);
      return { type, response: { ...base, metrics: [], ...result } };
    }
    case 'date_histogram': {
      const interval = (config.interval as string | undefined) ?? '1M';
      const data = dateHistogram(ctx.index, indexed, rows, interval, config.extended_bounds as never);
      return { type, response: { ...base, interval, metrics: [], data } };
    }
    case 'auto_date_histogram': {
      const result = autoDateHistogram(
        ctx.index,
        indexed,
        rows,
        (config.buckets as number | undefined) ?? 10,
      );
      return { type, response: { ...base, metrics: [], ...result } };
    }
    default:
      return { type, response: { ...base, data: minMax(ctx.index, indexed, rows) } };
  }
};
