import { MAX_BUCKETS } from '../limits.ts';
import type { SearchBudget } from './budget.ts';
import {
  countLinearBuckets,
  emptyGathered,
  gatherValues,
  inChunks,
  widenRange,
  type GatheredValues,
  type LinearBuckets,
} from './column-scan.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';

export interface HistogramBucket {
  value: number;
  count: number;
  nested_count: number;
}

/** A histogram the request cannot have (too many buckets, bounds that are no number or date). */
export class HistogramError extends Error {}

/**
 * Refuses a bucket count above MAX_BUCKETS. Every histogram computes its count from the range and the
 * interval and calls this before it allocates anything per bucket.
 */
const assertBucketCount = (count: number): void => {
  if (count <= MAX_BUCKETS) return;
  const many = Number.isFinite(count) ? String(count) : 'unboundedly many';
  throw new HistogramError(
    `The aggregation would create ${many} buckets; at most ${MAX_BUCKETS} are allowed.`,
  );
};

/** The values of a quantity among the rows, gathered once for the range and the buckets. */
const gather = async (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  budget: SearchBudget,
): Promise<GatheredValues> => {
  const gathered = emptyGathered();
  const slots = indexed.scope === 'upload' ? index.uploadOf : undefined;
  await inChunks(rows.length, budget, (from, to) =>
    gatherValues(indexed.column.arrays(), rows, from, to, slots, gathered),
  );
  return gathered;
};

/** The range of the gathered values (Infinity, -Infinity when there are none). */
const rangeOf = async (
  gathered: GatheredValues,
  budget: SearchBudget,
): Promise<{ min: number; max: number }> => {
  const range = Float64Array.of(Infinity, -Infinity);
  const { values, pooled } = gathered;
  await inChunks(gathered.length, budget, (from, to) => widenRange(values, from, to, range));
  await inChunks(gathered.pooledLength, budget, (from, to) => widenRange(pooled, from, to, range));
  return { min: range[0]!, max: range[1]! };
};

/** Where a value's bucket is: buckets of equal width, or a function (calendar months). */
type Position = LinearBuckets | ((value: number) => number);

/** Counts rows per bucket (a row with several values in one bucket counts once); `position` finds it. */
const countBuckets = async (
  gathered: GatheredValues,
  keys: readonly number[],
  position: Position,
  budget: SearchBudget,
): Promise<HistogramBucket[]> => {
  const n = keys.length;
  const counts = new Int32Array(n);
  const lastRow = new Int32Array(n).fill(-1);
  const { values, pooled, owners } = gathered;
  if (typeof position === 'function') {
    const count = (list: Float64Array, owner: Int32Array | undefined, from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const at = position(list[i]!);
        if (!(at >= 0 && at < n) || (owner !== undefined && lastRow[at] === owner[i])) continue;
        if (owner !== undefined) lastRow[at] = owner[i]!;
        counts[at]!++;
      }
    };
    await inChunks(gathered.length, budget, (from, to) => count(values, undefined, from, to));
    await inChunks(gathered.pooledLength, budget, (from, to) => count(pooled, owners, from, to));
  } else {
    await inChunks(gathered.length, budget, (from, to) =>
      countLinearBuckets(values, undefined, from, to, position, counts, lastRow),
    );
    await inChunks(gathered.pooledLength, budget, (from, to) =>
      countLinearBuckets(pooled, owners, from, to, position, counts, lastRow),
    );
  }
  return keys.map((value, i) => ({ value, count: counts[i]!, nested_count: counts[i]! }));
};

export interface HistogramRequest {
  interval?: number;
  buckets?: number;
  offset?: number;
  extended_bounds?: { min: number | string; max: number | string };
}

export interface HistogramResult {
  interval?: number;
  offset?: number;
  data: HistogramBucket[];
}

/** Dates JavaScript can represent: +-100,000,000 days around 1970. */
const MAX_DATE_MS = 8.64e15;

const boundValue = (bound: number | string, timestamp: boolean, name: 'min' | 'max'): number => {
  const value = typeof bound === 'number' ? bound : timestamp ? Date.parse(bound) : Number(bound);
  // JSON's 1e999 parses to Infinity (and Ajv turns the string '1e999' into it): no bound either.
  if (!Number.isFinite(value) || (timestamp && Math.abs(value) > MAX_DATE_MS))
    throw new HistogramError(
      `extended_bounds.${name} ${JSON.stringify(bound)} is not a ${timestamp ? 'date' : 'number'}.`,
    );
  return value;
};

/**
 * The rows' values gathered, and their range widened to the requested bounds; a bad bound is refused
 * before the rows are read.
 */
const extendedRange = async (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  bounds: HistogramRequest['extended_bounds'],
  budget: SearchBudget,
) => {
  const timestamp = indexed.quantity.type === 'timestamp';
  const low = bounds ? boundValue(bounds.min, timestamp, 'min') : Infinity;
  const high = bounds ? boundValue(bounds.max, timestamp, 'max') : -Infinity;
  const gathered = await gather(index, indexed, rows, budget);
  const range = await rangeOf(gathered, budget);
  return { gathered, min: Math.min(range.min, low), max: Math.max(range.max, high) };
};

/**
 * NOMAD's histogram: with `interval`, buckets at multiples of it (shifted by `offset`) from the smallest to
 * the largest value, empty ones included; with `buckets`, the interval is the value range divided by the
 * count (rounded up for whole-number quantities, widened by 1e-12 for others so the largest value falls
 * in the last bucket) and the offset is the smallest value. A single distinct value gives one bucket.
 */
export const histogram = async (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  request: HistogramRequest,
  budget: SearchBudget,
): Promise<HistogramResult> => {
  const whole = indexed.quantity.type === 'timestamp' || indexed.quantity.integer === true;
  if (request.buckets !== undefined) assertBucketCount(request.buckets);
  for (const key of ['interval', 'offset'] as const) {
    const number = request[key];
    if (number !== undefined && !Number.isFinite(number))
      throw new HistogramError(`${key} ${number} is not a finite number.`);
  }
  const { gathered, min, max } = await extendedRange(index, indexed, rows, request.extended_bounds, budget);
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { data: [] };
  let interval = request.interval;
  let offset = request.offset ?? 0;
  const echoOffset = request.interval === undefined || request.offset !== undefined;
  if (interval === undefined) {
    offset = min;
    if (max === min) {
      return { offset, data: await countBuckets(gathered, [min], () => 0, budget) };
    }
    const exact = (max - min) / (request.buckets ?? 10);
    interval = whole ? Math.ceil(exact) : exact * (1 + 1e-12);
  }
  const step = interval;
  if (!(step > 0) || !Number.isFinite(step))
    throw new HistogramError(`The values' range gives no usable interval (${step}).`);
  const bucketOf = (value: number) => Math.floor((value - offset) / step);
  const first = bucketOf(min);
  const count = bucketOf(max) - first + 1;
  assertBucketCount(count);
  const firstKey = first * step + offset;
  const keys = Array.from({ length: count }, (_, i) => firstKey + i * step);
  // Bounds near the largest numbers with a coarse interval: the outer buckets' keys overflow.
  if (!keys.every(Number.isFinite))
    throw new HistogramError(`The buckets of interval ${step} lie beyond the range of numbers.`);
  return {
    interval: step,
    ...(echoOffset ? { offset } : {}),
    data: await countBuckets(gathered, keys, { offset, step, first }, budget),
  };
};

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const MONTHS = { M: 1, q: 3, y: 12 } as const;

/** Calendar buckets numbered consecutively, so that counts and positions are arithmetic. */
interface Calendar {
  /** Number of the bucket holding `ms`. */
  bucketOf(ms: number): number;
  /** Buckets of a fixed length (not months): bucketOf(ms) is floor((ms - offset) / step). */
  linear?: { offset: number; step: number };
  /** Start (epoch ms) of bucket number `bucket`. */
  startOf(bucket: number): number;
}

const monthOf = (ms: number) => {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

/** Calendar buckets for intervals like '1y', '3M', '1q', '1w', '12h' (UTC). */
const calendar = (interval: string): Calendar => {
  const match = /^(\d*)([smhdwMqy])$/.exec(interval);
  if (!match) throw new HistogramError(`Invalid calendar interval ${interval}`);
  const n = Math.max(1, Number(match[1] || 1));
  const unit = match[2]!;
  if (unit in MONTHS) {
    const months = n * MONTHS[unit as keyof typeof MONTHS];
    // Longer than all representable dates: numbering such buckets would leave that range.
    if (months > (2 * MAX_DATE_MS) / UNIT_MS.d / 28)
      throw new HistogramError(`The calendar interval ${interval} is longer than the range of dates.`);
    return {
      bucketOf: (ms) => Math.floor(monthOf(ms) / months),
      startOf: (bucket) => {
        const month = bucket * months;
        const year = Math.floor(month / 12);
        // setUTCFullYear, not Date.UTC: that one reads the years 0 to 99 as 1900 to 1999.
        return new Date(0).setUTCFullYear(year, month - year * 12, 1);
      },
    };
  }
  // Weeks start on Monday as in Elasticsearch; 1970-01-05 was a Monday.
  const size = n * UNIT_MS[unit as keyof typeof UNIT_MS];
  if (size > 2 * MAX_DATE_MS)
    throw new HistogramError(`The calendar interval ${interval} is longer than the range of dates.`);
  const origin = unit === 'w' ? 4 * UNIT_MS.d : 0;
  return {
    bucketOf: (ms) => Math.floor((ms - origin) / size),
    startOf: (bucket) => bucket * size + origin,
    linear: { offset: origin, step: size },
  };
};

const calendarCount = (cal: Calendar, min: number, max: number) => cal.bucketOf(max) - cal.bucketOf(min) + 1;

/** Buckets of a calendar between two dates; the count is checked before anything is allocated. */
const calendarBuckets = (
  gathered: GatheredValues,
  cal: Calendar,
  range: { min: number; max: number },
  budget: SearchBudget,
): Promise<HistogramBucket[]> => {
  const first = cal.bucketOf(range.min);
  const count = calendarCount(cal, range.min, range.max);
  assertBucketCount(count);
  const keys = Array.from({ length: count }, (_, i) => cal.startOf(first + i));
  const position = cal.linear ? { ...cal.linear, first } : (ms: number) => cal.bucketOf(ms) - first;
  return countBuckets(gathered, keys, position, budget);
};

/** date_histogram: buckets per calendar interval between the first and last date, empty ones included. */
export const dateHistogram = async (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  interval: string,
  budget: SearchBudget,
  bounds?: { min: number | string; max: number | string },
): Promise<HistogramBucket[]> => {
  const cal = calendar(interval);
  const range = await extendedRange(index, indexed, rows, bounds, budget);
  if (!Number.isFinite(range.min) || !Number.isFinite(range.max)) return [];
  return calendarBuckets(range.gathered, cal, range, budget);
};

/** The intervals auto_date_histogram chooses from, finest first. */
const AUTO_INTERVALS = [
  '1s',
  '10s',
  '1m',
  '10m',
  '1h',
  '3h',
  '12h',
  '1d',
  '7d',
  '1M',
  '3M',
  '1y',
  '5y',
  '10y',
  '20y',
  '50y',
  '100y',
];

/** auto_date_histogram: the finest interval giving at most `buckets` buckets. */
export const autoDateHistogram = async (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  buckets: number,
  budget: SearchBudget,
): Promise<{ interval: string; data: HistogramBucket[] }> => {
  assertBucketCount(buckets);
  const range = await extendedRange(index, indexed, rows, undefined, budget);
  if (!Number.isFinite(range.min)) return { interval: '1s', data: [] };
  const interval =
    AUTO_INTERVALS.find((candidate) => calendarCount(calendar(candidate), range.min, range.max) <= buckets) ??
    '100y';
  return { interval, data: await calendarBuckets(range.gathered, calendar(interval), range, budget) };
};

/** [min, max] of the values among the rows, [null, null] when none has one. */
export const minMax = async (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  budget: SearchBudget,
): Promise<[number | null, number | null]> => {
  const { min, max } = await extendedRange(index, indexed, rows, undefined, budget);
  return Number.isFinite(min) ? [min, max] : [null, null];
};
