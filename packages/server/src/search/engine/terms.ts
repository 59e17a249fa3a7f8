import type { TermsAggregation } from '@oasis/schema';
import { CHECK_EVERY, type SearchBudget } from './budget.ts';
import { countCodes, countCodesTogether, inChunks, type CodeCount } from './column-scan.ts';
import type { Scalar } from './column.ts';
import type { Dictionary } from './dictionary.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';
import { firstInOrder } from './top-k.ts';

interface TermsBucket {
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

/** A counted value before it becomes a bucket: its stored number and how many rows hold it. */
interface Counted {
  stored: number;
  value: Scalar;
  count: number;
}

/**
 * Entries per value of a quantity among the given rows; an entry counts once per distinct value. Without
 * pagination the `size` most frequent values come first (ties by value); with pagination the values are
 * paged in value order, as NOMAD's composite aggregation does. `accept` narrows the values further
 * (suggestions). The scans take turns with other requests under the budget.
 */
export const termsBuckets = async (
  index: SearchIndex,
  indexed: IndexedQuantity,
  rows: Int32Array,
  config: TermsAggregation,
  budget: SearchBudget,
  accept?: (value: Scalar) => boolean,
  precounted?: Int32Array,
): Promise<TermsResult> => {
  const { column } = indexed;
  const entriesPerBucket = config.entries ? (config.entries.size ?? 10) : 0;
  const firstRows = new Map<number, number[]>();
  // Dictionary codes are small integers: count them in arrays. Numbers (terms of a numeric quantity) in maps.
  const codes = column.dictionary?.size;
  const dense =
    codes === undefined
      ? undefined
      : {
          counts: (entriesPerBucket === 0 ? precounted : undefined) ?? new Int32Array(codes),
          last: new Int32Array(codes).fill(-1),
        };
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
        // Codes added while the scan paused are newer than the search.
        if (stored >= dense.counts.length || dense.last[stored] === current) return;
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
  if (dense && entriesPerBucket === 0) {
    // `precounted`: counted already, with other aggregations' columns (countTogether).
    const slots = indexed.scope === 'upload' ? index.uploadOf : undefined;
    if (!precounted)
      await inChunks(rows.length, budget, (from, to) =>
        countCodes(column.arrays(), rows, from, to, slots, dense.counts, dense.last),
      );
  } else {
    for (let i = 0; i < rows.length; i++) {
      if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
      current = rows[i]!;
      column.forEach(index.slotOf(indexed, current), count);
    }
  }
  const bucket = ({ stored, value, count: n }: Counted): TermsBucket => ({
    value,
    count: n,
    nested_count: n,
    ...(entriesPerBucket > 0 ? { rows: firstRows.get(stored) ?? [] } : {}),
  });
  if (dense && !config.pagination && config.include === undefined && accept === undefined) {
    const top = await topCodes(column.dictionary!, dense.counts, config.size ?? 10, budget);
    return {
      buckets: top.codes.map((code) =>
        bucket({ stored: code, value: column.decode(code), count: dense.counts[code]! }),
      ),
      total: top.total,
    };
  }
  const include = includeTest(config.include);
  const counted: Counted[] = [];
  const take = (stored: number, n: number) => {
    const value = column.decode(stored);
    if (include(value) && (accept?.(value) ?? true)) counted.push({ stored, value, count: n });
  };
  // Read straight from the dense counts: a dictionary of a million values (entry ids) is walked in
  // turns, not first copied into a map.
  if (dense) {
    for (let code = 0; code < dense.counts.length; code++) {
      if ((code & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
      const n = dense.counts[code]!;
      if (n > 0) take(code, n);
    }
  } else {
    let visited = 0;
    for (const [stored, n] of counts) {
      if ((visited++ & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
      take(stored, n);
    }
  }
  const total = counted.length;
  if (config.pagination) {
    const size = config.pagination.page_size ?? config.size ?? 10;
    const after = config.pagination.page_after_value;
    const sign = config.pagination.order === 'desc' ? -1 : 1;
    const inOrder = (a: Counted, b: Counted) => sign * byValue(a.value, b.value);
    // An unknown cursor starts from the first value again.
    const cursor =
      after === undefined || after === null
        ? undefined
        : counted.find((item) => String(item.value) === after);
    const rest = cursor ? counted.filter((item) => inOrder(item, cursor) > 0) : counted;
    const page = await firstInOrder(rest, size, inOrder, budget);
    const more = rest.length > size;
    return {
      buckets: page.map(bucket),
      total,
      ...(more && page.length > 0 ? { nextPageAfterValue: String(page[page.length - 1]!.value) } : {}),
    };
  }
  const byCount = (a: Counted, b: Counted) => b.count - a.count || byValue(a.value, b.value);
  return { buckets: (await firstInOrder(counted, config.size ?? 10, byCount, budget)).map(bucket), total };
};

/**
 * The dictionary codes of several entry-level columns without lists counted over the same rows, four
 * columns a pass (countCodesTogether), for terms aggregations asked for together; by the columns' place
 * in `columns`. Columns with lists, upload-level or numeric ones are left out (undefined).
 */
export const countTogether = async (
  columns: readonly IndexedQuantity[],
  rows: Int32Array,
  budget: SearchBudget,
): Promise<(Int32Array | undefined)[]> => {
  const fits = (indexed: IndexedQuantity) =>
    indexed.scope === 'entry' && indexed.column.dictionary !== undefined && !indexed.column.arrays().counts;
  // A column asked for twice is counted once.
  const chosen = [...new Set(columns)].filter(fits);
  const counts = new Map(chosen.map((indexed) => [indexed, new Int32Array(indexed.column.dictionary!.size)]));
  const none: CodeCount = { single: new Float32Array(0), counts: new Int32Array(0) };
  for (let first = 0; first < chosen.length; first += 4) {
    const group = chosen.slice(first, first + 4);
    await inChunks(rows.length, budget, (from, to) => {
      const [a = none, b = none, c = none, d = none] = group.map((indexed) => ({
        single: indexed.column.arrays().single,
        counts: counts.get(indexed)!,
      }));
      countCodesTogether(rows, from, to, a, b, c, d);
    });
  }
  return columns.map((indexed) => counts.get(indexed));
};

/**
 * The `size` codes counted most often (ties by value), and how many were counted at all: chosen among the
 * codes, comparing values in the dictionary's texts, so that only the chosen ones become strings (terms of
 * a million distinct entry ids would otherwise make a string and an object for each).
 */
const topCodes = async (
  dictionary: Dictionary,
  counts: Int32Array,
  size: number,
  budget: SearchBudget,
): Promise<{ codes: number[]; total: number }> => {
  let total = 0;
  await inChunks(counts.length, budget, (from, to) => {
    for (let code = from; code < to; code++) if (counts[code]! > 0) total++;
  });
  // The counted codes and a prefix of their values as numbers: ties in count (every entry id is counted
  // once) are mostly decided by comparing two numbers, and the texts are compared only for equal prefixes.
  const present = new Int32Array(total);
  const prefixes = new Float64Array(total);
  let n = 0;
  await inChunks(counts.length, budget, (from, to) => {
    for (let code = from; code < to; code++)
      if (counts[code]! > 0) {
        present[n] = code;
        prefixes[n++] = dictionary.prefixKey(code);
      }
  });
  const byCount = (i: number, j: number) =>
    counts[present[j]!]! - counts[present[i]!]! ||
    prefixes[i]! - prefixes[j]! ||
    dictionary.compare(present[i]!, present[j]!);
  const items = new Int32Array(total);
  for (let i = 0; i < total; i++) items[i] = i;
  const chosen = await firstInOrder(items, size, byCount, budget);
  return { codes: chosen.map((i) => present[i]!), total };
};

/**
 * Terms of `quantities` (the search quantities an entry has values in): not stored, since it follows
 * from the other columns; counted by testing each quantity's presence per row.
 */
export const presenceBuckets = async (
  index: SearchIndex,
  rows: Int32Array,
  config: TermsAggregation,
  budget: SearchBudget,
): Promise<TermsResult> => {
  const include = includeTest(config.include);
  const buckets: TermsBucket[] = [];
  const present = () => true;
  for (const indexed of index.quantities.values()) {
    const name = indexed.quantity.name;
    if (name === 'quantities' || !include(name)) continue;
    let count = 0;
    for (let i = 0; i < rows.length; i++) {
      if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
      if (indexed.column.some(index.slotOf(indexed, rows[i]!), present)) count++;
    }
    if (count > 0) buckets.push({ value: name, count, nested_count: count });
  }
  // As many buckets as search quantities (hundreds): a plain sort.
  buckets.sort((a, b) => b.count - a.count || byValue(a.value, b.value));
  return { buckets: buckets.slice(0, config.size ?? 10), total: buckets.length };
};
