import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OrderSchema } from './common.ts';

/**
 * NOMAD's search aggregations (POST {entries,materials}/query `aggregations`): one named aggregation holds
 * one config under its type key. NOMAD's GUI adds bookkeeping keys (`update`, `changed`, `type`) next to
 * the type key and inside the config, so every object here accepts unknown keys. The response echoes the
 * config and adds `data` (and `interval` for histograms).
 */

const open = { additionalProperties: true } as const;

/** The value of a bucket: a term (string, boolean, number) or a histogram position (number or date). */
export const BucketValueSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

export const AggregationPaginationSchema = Type.Object(
  {
    page_size: Type.Optional(Type.Integer({ minimum: 0 })),
    order_by: Type.Optional(Nullable(Type.String())),
    order: Type.Optional(OrderSchema),
    page_after_value: Type.Optional(Nullable(Type.String())),
  },
  open,
);

/** Entries returned with each terms bucket, e.g. one entry per custom search quantity definition. */
export const AggregatedEntriesSchema = Type.Object(
  {
    size: Type.Optional(Type.Integer({ minimum: 1 })),
    required: Type.Optional(
      Type.Object(
        {
          include: Type.Optional(Nullable(Type.Array(Type.String()))),
          exclude: Type.Optional(Nullable(Type.Array(Type.String()))),
        },
        open,
      ),
    ),
  },
  open,
);

const common = {
  quantity: Type.String({ minLength: 1 }),
  exclude_from_search: Type.Optional(Type.Boolean()),
  metrics: Type.Optional(Type.Array(Type.String())),
};

export const TermsAggregationSchema = Type.Object(
  {
    ...common,
    size: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The terms to count: a list of values or a regular expression. */
    include: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String()])),
    pagination: Type.Optional(AggregationPaginationSchema),
    entries: Type.Optional(AggregatedEntriesSchema),
  },
  open,
);
export type TermsAggregation = Static<typeof TermsAggregationSchema>;

export const BoundsSchema = Type.Object(
  { min: Type.Union([Type.Number(), Type.String()]), max: Type.Union([Type.Number(), Type.String()]) },
  open,
);

const histogramFields = {
  ...common,
  offset: Type.Optional(Type.Number()),
  extended_bounds: Type.Optional(BoundsSchema),
};
const interval = Type.Number({ exclusiveMinimum: 0 });
const buckets = Type.Integer({ minimum: 1 });

/** A numeric histogram needs a bin width (`interval`) or a bin count (`buckets`), as in NOMAD. */
export const HistogramAggregationSchema = Type.Union([
  Type.Object({ ...histogramFields, interval, buckets: Type.Optional(buckets) }, open),
  Type.Object({ ...histogramFields, interval: Type.Optional(interval), buckets }, open),
]);
export type HistogramAggregation = Static<typeof HistogramAggregationSchema>;

/** Calendar intervals: a count and a unit, e.g. '1y', '1M', '1w', '1d', '12h'. */
export const CalendarIntervalSchema = Type.String({ pattern: '^[0-9]*[smhdwMqy]$' });

export const DateHistogramAggregationSchema = Type.Object(
  {
    ...common,
    interval: Type.Optional(CalendarIntervalSchema),
    extended_bounds: Type.Optional(BoundsSchema),
  },
  open,
);

export const AutoDateHistogramAggregationSchema = Type.Object(
  { ...common, buckets: Type.Optional(buckets) },
  open,
);

export const MinMaxAggregationSchema = Type.Object(common, open);

export const StatisticsAggregationSchema = Type.Object(
  { metrics: Type.Optional(Type.Array(Type.String())) },
  open,
);

export const AggregationSchema = Type.Object(
  {
    terms: Type.Optional(TermsAggregationSchema),
    histogram: Type.Optional(HistogramAggregationSchema),
    date_histogram: Type.Optional(DateHistogramAggregationSchema),
    auto_date_histogram: Type.Optional(AutoDateHistogramAggregationSchema),
    min_max: Type.Optional(MinMaxAggregationSchema),
    statistics: Type.Optional(StatisticsAggregationSchema),
  },
  open,
);
export type Aggregation = Static<typeof AggregationSchema>;

/** The aggregation types this contract knows, in the order NOMAD documents them. */
export const aggregationTypes = [
  'terms',
  'histogram',
  'date_histogram',
  'auto_date_histogram',
  'min_max',
  'statistics',
] as const;
export type AggregationType = (typeof aggregationTypes)[number];

export const BucketSchema = Type.Object(
  {
    value: BucketValueSchema,
    count: Type.Integer({ minimum: 0 }),
    nested_count: Type.Optional(Type.Integer({ minimum: 0 })),
    entries: Type.Optional(Type.Array(Type.Object({}, open))),
    metrics: Type.Optional(Type.Record(Type.String(), Type.Number())),
  },
  open,
);
export type Bucket = Static<typeof BucketSchema>;

export const AggregationPaginationResponseSchema = Type.Object(
  {
    page_size: Type.Optional(Type.Integer({ minimum: 0 })),
    order_by: Type.Optional(Nullable(Type.String())),
    order: Type.Optional(OrderSchema),
    total: Type.Optional(Type.Integer({ minimum: 0 })),
    page_after_value: Type.Optional(Nullable(Type.String())),
    next_page_after_value: Type.Optional(Nullable(Type.String())),
  },
  open,
);

export const TermsAggregationResponseSchema = Type.Object(
  {
    ...TermsAggregationSchema.properties,
    pagination: Type.Optional(AggregationPaginationResponseSchema),
    data: Type.Array(BucketSchema),
  },
  open,
);

/** Histogram responses name the interval the server chose when the request gave a bucket count. */
export const HistogramAggregationResponseSchema = Type.Object(
  {
    ...histogramFields,
    interval: Type.Optional(interval),
    buckets: Type.Optional(buckets),
    data: Type.Array(BucketSchema),
  },
  open,
);

export const DateHistogramAggregationResponseSchema = Type.Object(
  { ...DateHistogramAggregationSchema.properties, data: Type.Array(BucketSchema) },
  open,
);

export const AutoDateHistogramAggregationResponseSchema = Type.Object(
  {
    ...AutoDateHistogramAggregationSchema.properties,
    interval: Type.Optional(CalendarIntervalSchema),
    data: Type.Array(BucketSchema),
  },
  open,
);

/** [min, max] of the quantity over the matching entries; null when no entry has a value. */
export const MinMaxAggregationResponseSchema = Type.Object(
  {
    ...common,
    // An array of two rather than a tuple: the response serialiser rejects null items in tuples.
    data: Type.Array(Nullable(Type.Number()), { minItems: 2, maxItems: 2 }),
  },
  open,
);

/** Counts per metric, e.g. {n_entries: 12, n_uploads: 3}. */
export const StatisticsAggregationResponseSchema = Type.Object(
  {
    ...StatisticsAggregationSchema.properties,
    data: Type.Record(Type.String(), Type.Number()),
  },
  open,
);

export const AggregationResponseSchema = Type.Object(
  {
    terms: Type.Optional(TermsAggregationResponseSchema),
    histogram: Type.Optional(HistogramAggregationResponseSchema),
    date_histogram: Type.Optional(DateHistogramAggregationResponseSchema),
    auto_date_histogram: Type.Optional(AutoDateHistogramAggregationResponseSchema),
    min_max: Type.Optional(MinMaxAggregationResponseSchema),
    statistics: Type.Optional(StatisticsAggregationResponseSchema),
  },
  open,
);
export type AggregationResponse = Static<typeof AggregationResponseSchema>;
