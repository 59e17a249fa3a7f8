import { CHECK_EVERY, type SearchBudget } from './budget.ts';
import { extremeKeys, inChunks } from './column-scan.ts';
import type { Scalar } from './column.ts';
import type { RowScores } from './filter.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';

export interface PageRequest {
  orderBy: IndexedQuantity | undefined;
  descending: boolean;
  size: number;
  /** Rows to skip (page-number paging). */
  offset: number;
  /** `value:entry_id` of the last row of the previous page (cursor paging). */
  after?: string;
  /** Scores of the rows for `_score` ordering (free text); rows without one score 0. */
  score?: RowScores;
}

type Key = Scalar | undefined;

const compareKeys = (a: Key, b: Key): number => {
  if (a === b) return 0;
  // Rows without a value come last in both directions, as NULLS LAST.
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The value each row is sorted by: the smallest of its values for ascending, the largest for descending
 * order. Upload-level keys are computed once per upload.
 */
const sortKeys = (index: SearchIndex, request: PageRequest): ((row: number) => Key) => {
  const indexed = request.orderBy;
  if (!indexed) return (row) => index.entryIds.at(row);
  const keyOf = (slot: number): Key => {
    const stored = indexed.column.extreme(slot, request.descending);
    return Number.isNaN(stored) ? undefined : indexed.column.decode(stored);
  };
  if (indexed.scope === 'entry') return keyOf;
  const perUpload = new Map<number, Key>();
  return (row) => {
    const slot = index.uploadOf[row]!;
    if (!perUpload.has(slot)) perUpload.set(slot, keyOf(slot));
    return perUpload.get(slot);
  };
};

/** The cursor text of a sort value: numbers and dates (epoch ms) as numbers, the rest as they are. */
export const cursorValue = (key: Key): string => (key === undefined ? '' : String(key));

const parseCursor = (request: PageRequest, cursor: string): { key: Key; entryId: string } => {
  const cut = cursor.lastIndexOf(':');
  const [text, entryId] = cut >= 0 ? [cursor.slice(0, cut), cursor.slice(cut + 1)] : [cursor, ''];
  const type = request.score ? 'number' : request.orderBy?.quantity.type;
  if (text === '') return { key: undefined, entryId };
  if (type === 'number' || type === 'timestamp')
    return {
      key: type === 'timestamp' && Number.isNaN(Number(text)) ? Date.parse(text) : Number(text),
      entryId,
    };
  if (type === 'boolean') return { key: text === 'true', entryId };
  return { key: text, entryId };
};

export interface Page {
  rows: number[];
  keys: Key[];
}

/**
 * One page of rows in order (key, then entry id, both in the requested direction): a bounded selection
 * over the matching rows, so the cost grows with the rows scanned, not with sorting all of them.
 */
export const selectPage = async (
  index: SearchIndex,
  rows: Int32Array,
  request: PageRequest,
  budget: SearchBudget,
): Promise<Page> => {
  const type = request.orderBy?.quantity.type;
  const numeric = request.score !== undefined || type === 'number' || type === 'timestamp';
  if (numeric && request.orderBy?.scope === 'upload' && !request.after && !request.score)
    return uploadOrderedPage(index, rows, request, budget);
  if (numeric)
    return numericPage(index, rows, request, await numericKeys(index, rows, request, budget), budget);
  const sign = request.descending ? -1 : 1;
  const { entryIds } = index;
  const compare = (a: { key: Key; row: number }, b: { key: Key; row: number }) => {
    const byKey = compareKeys(a.key, b.key);
    if (byKey !== 0) return a.key === undefined || b.key === undefined ? byKey : sign * byKey;
    return sign * entryIds.compareAt(a.row, b.row);
  };
  const cursor = request.after ? parseCursor(request, request.after) : undefined;
  const afterCursor = (candidate: { key: Key; row: number }) => {
    if (!cursor) return true;
    const byKey = compareKeys(candidate.key, cursor.key);
    if (byKey !== 0)
      return (candidate.key === undefined || cursor.key === undefined ? byKey : sign * byKey) > 0;
    return sign * entryIds.compareTo(candidate.row, cursor.entryId) > 0;
  };
  const keyOf = sortKeys(index, request);
  const wanted = request.offset + request.size;
  if (wanted <= 0) return { rows: [], keys: [] };
  // The best `wanted` candidates, kept sorted; most rows lose against the worst kept one and cost one compare.
  const best: { key: Key; row: number }[] = [];
  const probe: { key: Key; row: number } = { key: undefined, row: -1 };
  for (let i = 0; i < rows.length; i++) {
    if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    const row = rows[i]!;
    // One probe object for the rows that lose (most of them); a new one only for rows that are kept.
    probe.key = keyOf(row);
    probe.row = row;
    if (!afterCursor(probe)) continue;
    if (best.length === wanted && compare(probe, best[wanted - 1]!) >= 0) continue;
    const candidate = { key: probe.key, row };
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(best[mid]!, candidate) <= 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, candidate);
    if (best.length > wanted) best.pop();
  }
  const page = best.slice(request.offset);
  return { rows: page.map((item) => item.row), keys: page.map((item) => item.key) };
};

/** Per row (in `rows` order) the number it is sorted by, NaN for none: its score, or extremeKeys. */
const numericKeys = async (
  index: SearchIndex,
  rows: Int32Array,
  request: PageRequest,
  budget: SearchBudget,
): Promise<Float64Array> => {
  const { score, orderBy } = request;
  if (score) return score(rows, budget);
  const keys = new Float64Array(rows.length);
  const slots = orderBy!.scope === 'upload' ? index.uploadOf : undefined;
  await inChunks(rows.length, budget, (from, to) =>
    extremeKeys(orderBy!.column.arrays(), rows, from, to, slots, request.descending, keys),
  );
  return keys;
};

/**
 * selectPage for numeric keys (numbers, dates, scores): the best `offset + size` rows kept in typed arrays,
 * most rows rejected by one comparison of numbers against the worst one kept.
 */
const numericPage = async (
  index: SearchIndex,
  rows: Int32Array,
  request: PageRequest,
  keys: Float64Array,
  budget: SearchBudget,
): Promise<Page> => {
  const wanted = request.offset + request.size;
  if (wanted <= 0) return { rows: [], keys: [] };
  const { descending } = request;
  const sign = descending ? -1 : 1;
  const { entryIds } = index;
  // Rows without a value come last in both directions, as NULLS LAST; ties go by entry id.
  const byKey = (a: number, b: number): number => {
    const aMissing = a !== a;
    const bMissing = b !== b;
    if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
    return a === b ? 0 : a < b ? -sign : sign;
  };
  const cursor = request.after ? parseCursor(request, request.after) : undefined;
  const cursorKey = cursor?.key === undefined ? NaN : Number(cursor.key);
  const bestKeys = new Float64Array(wanted);
  const bestRows = new Int32Array(wanted);
  let kept = 0;
  const before = (key: number, row: number, at: number) => {
    const order = byKey(key, bestKeys[at]!);
    return order !== 0 ? order < 0 : sign * entryIds.compareAt(row, bestRows[at]!) < 0;
  };
  await inChunks(rows.length, budget, (from, to) => {
    for (let i = from; i < to; i++) {
      const key = keys[i]!;
      const row = rows[i]!;
      if (kept === wanted) {
        // Most rows lose to the worst row kept on the key alone: no call, no entry ids compared.
        const worst = bestKeys[wanted - 1]!;
        if (worst === worst && (key !== key || (descending ? key < worst : key > worst))) continue;
        if (!before(key, row, wanted - 1)) continue;
      }
      if (cursor) {
        const order = byKey(key, cursorKey);
        if (order < 0 || (order === 0 && sign * entryIds.compareTo(row, cursor.entryId) <= 0)) continue;
      }
      let low = 0;
      let high = kept;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (before(key, row, mid)) high = mid;
        else low = mid + 1;
      }
      const end = Math.min(kept, wanted - 1);
      bestKeys.copyWithin(low + 1, low, end);
      bestRows.copyWithin(low + 1, low, end);
      bestKeys[low] = key;
      bestRows[low] = row;
      if (kept < wanted) kept++;
    }
  });
  const page = Array.from(bestRows.subarray(request.offset, kept));
  return {
    rows: page,
    keys: Array.from(bestKeys.subarray(request.offset, kept), (key) => (key === key ? key : undefined)),
  };
};

/**
 * selectPage by an upload-level number or date (upload_create_time, the search page's order) without a
 * cursor: every row of an upload has the upload's key, so the uploads are put in order (a few thousand),
 * the first ones that hold enough matching rows chosen (and every upload tied with the last of them), and
 * only their rows ordered, instead of a key and a comparison for every matching row.
 */
const uploadOrderedPage = async (
  index: SearchIndex,
  rows: Int32Array,
  request: PageRequest,
  budget: SearchBudget,
): Promise<Page> => {
  if (request.offset + request.size <= 0) return { rows: [], keys: [] };
  const { uploadOf } = index;
  const slots = index.uploads.length;
  const slotKeys = new Float64Array(slots);
  extremeKeys(
    request.orderBy!.column.arrays(),
    Int32Array.from({ length: slots }, (_, slot) => slot),
    0,
    slots,
    undefined,
    request.descending,
    slotKeys,
  );
  const matching = new Int32Array(slots);
  await inChunks(rows.length, budget, (from, to) => {
    for (let i = from; i < to; i++) matching[uploadOf[rows[i]!]!]!++;
  });
  const sign = request.descending ? -1 : 1;
  // Uploads without a key last, as NULLS LAST; the order among tied uploads does not matter.
  const byKey = (a: number, b: number) => {
    const [x, y] = [slotKeys[a]!, slotKeys[b]!];
    if (x !== x || y !== y) return x !== x ? (y !== y ? 0 : 1) : -1;
    return sign * (x - y);
  };
  const inOrder = Array.from({ length: slots }, (_, slot) => slot)
    .filter((slot) => matching[slot]! > 0)
    .sort(byKey);
  const wanted = request.offset + request.size;
  const chosen = new Uint8Array(slots);
  let taken = 0;
  let last = -1;
  for (const slot of inOrder) {
    if (taken >= wanted && byKey(slot, last) !== 0) break;
    chosen[slot] = 1;
    taken += matching[slot]!;
    last = slot;
  }
  const candidates = new Int32Array(taken);
  let n = 0;
  await inChunks(rows.length, budget, (from, to) => {
    for (let i = from; i < to; i++) if (chosen[uploadOf[rows[i]!]!] === 1) candidates[n++] = rows[i]!;
  });
  const keys = Float64Array.from(candidates, (row) => slotKeys[uploadOf[row]!]!);
  return numericPage(index, candidates, request, keys, budget);
};
