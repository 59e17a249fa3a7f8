import type { AggregationResponse } from '@oasis/schema';
import type { RangeValue } from '../context/index.ts';

/** One bar, in display units (timestamps in epoch milliseconds). */
export interface Bar {
  start: number;
  end: number;
  count: number;
}

/** Converts between the stored (SI) value and the value shown; identity for timestamps and unitless. */
export interface Conversion {
  toDisplay(value: number): number;
  fromDisplay(value: number): number;
}

/** A bucket value or bound as a number: epoch ms for dates, NaN when it cannot be read. */
function numeric(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const number = Number(value);
    return Number.isFinite(number) ? number : Date.parse(value);
  }
  return Number.NaN;
}

/**
 * The bars of a histogram answer. Each bucket's value is where it starts; it ends where the next one
 * starts (or one interval later). The interval is the server's, or derived from neighbouring buckets.
 */
export function histogramBars(response: AggregationResponse | undefined, convert: Conversion): Bar[] {
  const histogram = response?.histogram;
  if (!histogram) return [];
  const buckets = histogram.data
    .map((bucket) => ({ value: numeric(bucket.value), count: bucket.count }))
    .filter((bucket) => Number.isFinite(bucket.value))
    .sort((a, b) => a.value - b.value);
  const step =
    histogram.interval ??
    (buckets.length > 1 ? buckets[1]!.value - buckets[0]!.value : undefined) ??
    // A lone bucket without an interval: give it a visible width.
    1;
  return buckets.map((bucket, index) => {
    const next = buckets[index + 1]?.value ?? bucket.value + step;
    return { start: convert.toDisplay(bucket.value), end: convert.toDisplay(next), count: bucket.count };
  });
}

/** [min, max] of a min_max answer in display units; undefined while unknown or without values. */
export function minMaxRange(
  response: AggregationResponse | undefined,
  convert: Conversion,
): [number, number] | undefined {
  const data = response?.min_max?.data;
  if (!data) return undefined;
  const [min, max] = data;
  if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max))
    return undefined;
  return [convert.toDisplay(min), convert.toDisplay(max)];
}

/** The shown x range: the data limits (min_max) unless autorange follows the bars that have counts. */
export function xRange(bars: readonly Bar[], limits: [number, number] | undefined, autorange: boolean) {
  const filled = bars.filter((bar) => bar.count > 0);
  if (autorange && filled.length > 0) return [filled[0]!.start, filled.at(-1)!.end] as [number, number];
  if (limits) {
    // The last bucket starts at the maximum; it must be visible too.
    const last = bars.at(-1);
    return [limits[0], Math.max(limits[1], last ? last.end : limits[1])] as [number, number];
  }
  return bars.length > 0 ? ([bars[0]!.start, bars.at(-1)!.end] as [number, number]) : undefined;
}

/** A range filter for [start, end] in display units: SI numbers, or ISO strings for timestamps. */
export function rangeFilter(start: number, end: number, timestamp: boolean, convert: Conversion): RangeValue {
  if (timestamp) return { gte: new Date(start).toISOString(), lte: new Date(end).toISOString() };
  return { gte: convert.fromDisplay(start), lte: convert.fromDisplay(end) };
}

/** The chosen range of a filter in display units (open ends stay undefined). */
export function chosenRange(
  value: RangeValue | undefined,
  convert: Conversion,
): { min?: number; max?: number } | undefined {
  if (!value) return undefined;
  const min = value.gte ?? value.gt;
  const max = value.lte ?? value.lt;
  const read = (bound: number | string | undefined) => {
    if (bound === undefined) return undefined;
    const number = numeric(bound);
    return Number.isFinite(number) ? convert.toDisplay(number) : undefined;
  };
  return { min: read(min), max: read(max) };
}

/** Minimum width of a date range (spec 2 §9): one minute. */
export const MIN_DATE_RANGE_MS = 60000;

/** Slider step: the range in 20 steps (spec 2 §9); whole numbers for integer quantities. */
export function sliderStep(range: [number, number], integer: boolean): number {
  const step = (range[1] - range[0]) / 20;
  if (integer) return Math.max(1, Math.round(step));
  return step > 0 ? step : 1;
}
