import type { IndexedQuantity, SearchIndex } from './search-index.ts';

export interface HistogramBucket {
  value: number;
  count: number;
  nested_count: number;
}

/** Visits each numeric value of the rows with the row it belongs to. */
type ValueVisitor = (visit: (value: number, row: number) => void) => void;

/** The range of a quantity's values among the rows, and a visitor over them (no per-row arrays). */
export const rowValues = (index: SearchIndex, indexed: IndexedQuantity, rows: Int32Array) => {
  let min = Infinity;
  let max = -Infinity;
  const track = (value: number) => {
    if (value < min) min = value;
    if (value > max) max = value;
  };
  for (const row of rows) indexed.column.forEach(index.slotOf(indexed, row), track);
  const values: ValueVisitor = (visit) => {
    let current = -1;
    const forward = (value: number) => visit(value, current);
    for (const row of rows) {
      current = row;
      indexed.column.forEach(index.slotOf(indexed, row), forward);
    }
  };
  return { values, min, max };
};

/** Counts rows per bucket key (a row with several values in one bucket counts once). */
const countBuckets = (values: ValueVisitor, keyOf: (value: number) => number, keys: number[]) => {
  const counts = new Map<number, number>(keys.map((key) => [key, 0]));
  const lastRow = new Map<number, number>();
  values((value, row) => {
    const key = keyOf(value);
    if (lastRow.get(key) === row) return;
    lastRow.set(key, row);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return keys.map((key) => ({ value: key, count: counts.get(key)!, nested_count: counts.get(key)! }));
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

const boundValue = (bound: number | string, timestamp: boolean) =>
  typeof bound === 'number' ? bound : timestamp ? Date.parse(bound) : Number(bound);

/**
 * NOMAD's histogram: with `interval`, buckets at multiples of it (shifted by `offset`) from the smallest to
 * the largest value, empty ones included; with `buckets`, the interval is the value range divided by the
 * count (rounded up for whole-number quantities, widened by 1e-12 for others so the largest value falls
 * in the last bucket) and the offset is the smallest value. A single distinct value gives one bucket.
 */
export const histogram = (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  request: HistogramRequest,
): HistogramResult => {
  const timestamp = indexed.quantity.type === 'timestamp';
  const whole = timestamp || indexed.quantity.integer === true;
  const { values, ...range } = rowValues(index, indexed, rows);
  let { min, max } = range;
  if (request.extended_bounds) {
    min = Math.min(min, boundValue(request.extended_bounds.min, timestamp));
    max = Math.max(max, boundValue(request.extended_bounds.max, timestamp));
  }
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { data: [] };
  let interval = request.interval;
  let offset = request.offset ?? 0;
  const echoOffset = request.interval === undefined || request.offset !== undefined;
  if (interval === undefined) {
    offset = min;
    if (max === min) {
      return { offset, data: countBuckets(values, () => min, [min]) };
    }
    const exact = (max - min) / (request.buckets ?? 10);
    interval = whole ? Math.ceil(exact) : exact * (1 + 1e-12);
  }
  const step = interval;
  const keyOf = (value: number) => Math.floor((value - offset) / step) * step + offset;
  const first = keyOf(min);
  const count = Math.round((keyOf(max) - first) / step) + 1;
  const keys = Array.from({ length: count }, (_, i) => first + i * step);
  return {
    interval: step,
    ...(echoOffset ? { offset } : {}),
    data: countBuckets(
      values,
      (value) => keys[Math.min(count - 1, Math.round((keyOf(value) - first) / step))]!,
      keys,
    ),
  };
};

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const MONTHS = { M: 1, q: 3, y: 12 } as const;

interface Calendar {
  /** Start of the bucket holding `ms`. */
  keyOf(ms: number): number;
  /** Start of the bucket after the one starting at `key`. */
  next(key: number): number;
  /** Rough bucket length, to estimate bucket counts. */
  approxMs: number;
}

/** Calendar buckets for intervals like '1y', '3M', '1q', '1w', '12h' (UTC). */
const calendar = (interval: string): Calendar => {
  const match = /^(\d*)([smhdwMqy])$/.exec(interval);
  if (!match) throw new Error(`Invalid calendar interval ${interval}`);
  const n = Math.max(1, Number(match[1] || 1));
  const unit = match[2]!;
  if (unit in MONTHS) {
    const months = n * MONTHS[unit as keyof typeof MONTHS];
    return {
      keyOf: (ms) => {
        const date = new Date(ms);
        const start = Math.floor((date.getUTCFullYear() * 12 + date.getUTCMonth()) / months) * months;
        return Date.UTC(Math.floor(start / 12), start % 12, 1);
      },
      next: (key) => {
        const date = new Date(key);
        return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
      },
      approxMs: months * 30.44 * UNIT_MS.d,
    };
  }
  // Weeks start on Monday as in Elasticsearch; 1970-01-05 was a Monday.
  const size = n * UNIT_MS[unit as keyof typeof UNIT_MS];
  const origin = unit === 'w' ? 4 * UNIT_MS.d : 0;
  return {
    keyOf: (ms) => Math.floor((ms - origin) / size) * size + origin,
    next: (key) => key + size,
    approxMs: size,
  };
};

const calendarKeys = (cal: Calendar, min: number, max: number): number[] => {
  const keys = [cal.keyOf(min)];
  const last = cal.keyOf(max);
  while (keys[keys.length - 1]! < last) keys.push(cal.next(keys[keys.length - 1]!));
  return keys;
};

/** date_histogram: buckets per calendar interval between the first and last date, empty ones included. */
export const dateHistogram = (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  interval: string,
  bounds?: { min: number | string; max: number | string },
): HistogramBucket[] => {
  const { values, ...range } = rowValues(index, indexed, rows);
  const min = bounds ? Math.min(range.min, boundValue(bounds.min, true)) : range.min;
  const max = bounds ? Math.max(range.max, boundValue(bounds.max, true)) : range.max;
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  const cal = calendar(interval);
  return countBuckets(values, cal.keyOf, calendarKeys(cal, min, max));
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
export const autoDateHistogram = (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  buckets: number,
): { interval: string; data: HistogramBucket[] } => {
  const { min, max } = rowValues(index, indexed, rows);
  if (!Number.isFinite(min)) return { interval: '1s', data: [] };
  // Estimated counts first: listing one-second buckets over years would take millions of steps.
  const interval =
    AUTO_INTERVALS.find(
      (candidate) =>
        (max - min) / calendar(candidate).approxMs < buckets + 1 &&
        calendarKeys(calendar(candidate), min, max).length <= buckets,
    ) ?? '100y';
  return { interval, data: dateHistogram(index, indexed, rows, interval) };
};

/** [min, max] of the values among the rows, [null, null] when none has one. */
export const minMax = (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
): [number | null, number | null] => {
  const { min, max } = rowValues(index, indexed, rows);
  return Number.isFinite(min) ? [min, max] : [null, null];
};
