import type { AggregationResponse } from '@oasis/schema';
import { TERMS_ROW_HEIGHT } from './constants.ts';
import { scaler } from './scale.ts';

export type TermValue = string | number | boolean;

/** How many values a terms widget lists: one per 34 px row, at least one (spec 2 §9). */
export function termsItems(heightPx: number): number {
  return Math.max(1, Math.floor(heightPx / TERMS_ROW_HEIGHT));
}

export interface TermRow {
  value: TermValue;
  count: number;
  selected: boolean;
  /** Bar length in [0, 1] on the widget's scale. */
  fraction: number;
}

/**
 * The rows of a terms widget: the buckets by count, at most `items`; chosen values that fell out of
 * the buckets stay listed first (with no count) so they can be unchosen.
 */
export function termRows(
  response: AggregationResponse | undefined,
  selected: readonly TermValue[],
  items: number,
  scale: string,
): TermRow[] {
  const toFraction = scaler(scale);
  const buckets = response?.terms?.data ?? [];
  const max = buckets.reduce((largest, bucket) => Math.max(largest, bucket.count), 0);
  const listed = new Set(buckets.map((bucket) => String(bucket.value)));
  const missing = selected.filter((value) => !listed.has(String(value)));
  const chosen = new Set(selected.map(String));
  const rows: TermRow[] = [
    ...missing.map((value) => ({ value, count: 0, selected: true, fraction: 0 })),
    ...buckets.map((bucket) => ({
      value: bucket.value,
      count: bucket.count,
      selected: chosen.has(String(bucket.value)),
      fraction: toFraction(bucket.count, max),
    })),
  ];
  return rows.slice(0, Math.max(items, missing.length));
}

/** The filter after clicking a value: added if new, removed if chosen; empty means no filter. */
export function toggleTerm(selected: readonly TermValue[], value: TermValue): TermValue[] | undefined {
  const key = String(value);
  const next = selected.some((item) => String(item) === key)
    ? selected.filter((item) => String(item) !== key)
    : [...selected, value];
  return next.length > 0 ? next : undefined;
}
