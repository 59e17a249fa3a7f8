import type { TermsAggregation } from '@oasis/schema';
import type { Scalar } from './column.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';

export interface TermsBucket {
  value: Scalar;
  count: number;
  nested_count: number;
  /** Rows of the first entries in the bucket, when the request asks for entries per bucket. */
  rows?: number[];
}

export interface TermsResult {
  buckets: TermsBucket[];
  /** The cursor of the next page of values when `pagination` was asked for and more values exist. */
  nextPageAfterValue?: string;
  /** Number of distinct values (for paginated terms). */
  total: number;
}

/** `include` as NOMAD has it: a list of values to count, or a text the values must contain. */
const includeTest = (include: TermsAggregation['include']): ((value: Scalar) => boolean) => {
  if (include === undefined) return () => true;
  if (typeof include === 'string') return (value) => String(value).includes(include);
  const wanted = new Set(include);
  return (value) => wanted.has(String(value));
};

const byValue = (a: Scalar, b: Scalar) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a) < String(b)
      ? -1
      : String(a) > String(b)
        ? 1
        : 0;

/**
 * Entries per value of a quantity among the given rows; an entry counts once per distinct value. Without
 * pagination the `size` most frequent values come first (ties by value); with pagination the values are
 * paged in value order, as NOMAD's composite aggregation does.
 */
export const termsBuckets = (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  config: TermsAggregation,
): TermsResult => {
  const { column } = indexed;
  const entriesPerBucket = config.entries ? (config.entries.size ?? 10) : 0;
  const firstRows = new Map<number, number[]>();
  // Dictionary codes are small integers: count them in arrays. Numbers (terms of a numeric quantity) in maps.
  const codes = column.dictionary?.values.length;
  const dense =
    codes === undefined ? undefined : { counts: new Int32Array(codes), last: new Int32Array(codes).fill(-1) };
  const counts = new Map<number, number>();
  // The row that last counted a value: a value listed twice in one entry counts once.
  const lastRow = new Map<number, number>();
  let current = -1;
  const keep = (stored: number) => {
    const list = firstRows.get(stored) ?? [];
    if (list.length < entriesPerBucket) list.push(current);
    firstRows.set(stored, list);
  };
  const count = dense
    ? (stored: number) => {
        if (dense.last[stored] === current) return;
        dense.last[stored] = current;
        dense.counts[stored]!++;
        if (entriesPerBucket > 0) keep(stored);
      }
    : (stored: number) => {
        if (lastRow.get(stored) === current) return;
        lastRow.set(stored, current);
        counts.set(stored, (counts.get(stored) ?? 0) + 1);
        if (entriesPerBucket > 0) keep(stored);
      };
  for (const row of rows) {
    current = row;
    column.forEach(index.slotOf(indexed, row), count);
  }
  if (dense) dense.counts.forEach((n, code) => n > 0 && counts.set(code, n));
  const include = includeTest(config.include);
  let buckets: TermsBucket[] = [];
  for (const [stored, count] of counts) {
    const value = column.decode(stored);
    if (!include(value)) continue;
    buckets.push({
      value,
      count,
      nested_count: count,
      ...(entriesPerBucket > 0 ? { rows: firstRows.get(stored) ?? [] } : {}),
    });
  }
  const total = buckets.length;
  if (config.pagination) {
    const size = config.pagination.page_size ?? config.size ?? 10;
    const after = config.pagination.page_after_value;
    buckets.sort((a, b) => byValue(a.value, b.value));
    if (config.pagination.order === 'desc') buckets.reverse();
    if (after !== undefined && after !== null) {
      const start = buckets.findIndex((bucket) => String(bucket.value) === after);
      buckets = start >= 0 ? buckets.slice(start + 1) : buckets;
    }
    const page = buckets.slice(0, size);
    const more = buckets.length > size;
    return {
      buckets: page,
      total,
      ...(more && page.length > 0 ? { nextPageAfterValue: String(page[page.length - 1]!.value) } : {}),
    };
  }
  buckets.sort((a, b) => b.count - a.count || byValue(a.value, b.value));
  return { buckets: buckets.slice(0, config.size ?? 10), total };
};

/**
 * Terms of `quantities` (the search quantities an entry has values in): not stored, since it follows
 * from the other columns; counted by testing each quantity's presence per row.
 */
export const presenceBuckets = (
  index: SearchIndex,
  rows: Int32Array,
  config: TermsAggregation,
): TermsResult => {
  const include = includeTest(config.include);
  const buckets: TermsBucket[] = [];
  for (const indexed of index.quantities.values()) {
    const name = indexed.quantity.name;
    if (name === 'quantities' || !include(name)) continue;
    let count = 0;
    for (const row of rows) if (indexed.column.some(index.slotOf(indexed, row), () => true)) count++;
    if (count > 0) buckets.push({ value: name, count, nested_count: count });
  }
  buckets.sort((a, b) => b.count - a.count || byValue(a.value, b.value));
  return { buckets: buckets.slice(0, config.size ?? 10), total: buckets.length };
};
