import { queryQuantities, type QueryNode, type QueryValue, type RangeOp } from '@oasis/schema';
import { CHECK_EVERY, type SearchBudget } from './budget.ts';
import { andInto, rowsOf, selectSet, unionOf, type CodeBitmaps } from './code-bitmaps.ts';
import { codesWhere, type CodeSet } from './code-set.ts';
import type { Column } from './column.ts';
import {
  addMatchedBits,
  inChunks,
  selectBySlot,
  selectPassing,
  slotPasses,
  type ValueTest,
} from './column-scan.ts';
import { FREE_TEXT, freeTextCodes } from './free-text.ts';
import { itemMatches, type NestedItem } from './nested.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';
import { compareRanges, startsWith, type RangeTest } from './value-list.ts';

export type RowTest = (row: number) => boolean;

const never: RowTest = () => false;

/** Query values as the column compares them (strings of numbers for number quantities, ISO dates, ...). */
const coerce = (value: QueryValue, column: Column): QueryValue => {
  if (column.type === 'number' && typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isNaN(number) ? value : number;
  }
  if (column.type === 'boolean' && typeof value === 'string') return value.toLowerCase() === 'true';
  return value;
};

const compare: Record<RangeOp, (a: number, b: number) => boolean> = {
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
};

/** The bounds of a range criterion as one test of stored values; undefined when no value can pass. */
const rangeTest = async (
  column: Column,
  bounds: Partial<Record<RangeOp, QueryValue>>,
  budget: SearchBudget,
): Promise<ValueTest | undefined> => {
  const entries = Object.entries(bounds) as [RangeOp, QueryValue][];
  if (column.dictionary) {
    // Strings compare by code points, as in SQL/JSON path comparisons.
    const limits = entries.map(([op, raw]) => [op, String(coerce(raw, column))] as const);
    const codes = await codesWhere(
      column,
      (text, from, to) =>
        limits.every(([op, bound]) => compare[op](compareRanges(text, from, to, bound, 0, bound.length), 0)),
      budget,
    );
    if (codes.size === 0) return undefined;
    const mask = new Uint8Array(column.dictionary.size);
    codes.markIn(mask);
    return { kind: 'marked', mask };
  }
  const test = { kind: 'range' as const, low: -Infinity, lowOpen: false, high: Infinity, highOpen: false };
  for (const [op, raw] of entries) {
    const bound = column.lookup(coerce(raw, column) as string | number);
    if (Number.isNaN(bound)) return undefined;
    const open = op === 'gt' || op === 'lt';
    if (op === 'gt' || op === 'gte') {
      if (bound > test.low || (bound === test.low && open)) [test.low, test.lowOpen] = [bound, open];
    } else if (bound < test.high || (bound === test.high && open)) [test.high, test.highOpen] = [bound, open];
  }
  return test;
};

const textTests = {
  // Searching the whole text for `part` would run past the value, through the rest of its chunk.
  contains:
    (part: string): RangeTest =>
    (text, from, to) =>
      text.slice(from, to).includes(part),
  starts: startsWith,
  ends:
    (part: string): RangeTest =>
    (text, from, to) =>
      to - from >= part.length && text.startsWith(part, to - part.length),
};

/**
 * A compiled query: the candidates (rows, ascending) that pass it, ascending. Criteria on one column scan
 * its typed arrays (column-scan.ts); `and` narrows the candidates item by item, `or` tries each item on
 * the candidates no earlier item took, `not` keeps what its item did not take.
 */
export interface RowFilter {
  (candidates: Int32Array, budget: SearchBudget): Promise<Int32Array>;
  /** About how long it takes per candidate, relative to the others: `and` runs the cheaper items first. */
  readonly cost: number;
  /**
   * For a criterion a code bitmap answers: the bitmap of every row that passes (undefined when the bitmaps
   * cannot answer after all), which `and` combines with others' before it lists rows.
   */
  readonly bits?: (budget: SearchBudget) => Promise<Uint32Array | undefined>;
}

/** What a search lends its filters: the engine's code bitmaps, and the word codes its free text found. */
export interface FilterAids {
  bitmaps?: CodeBitmaps;
  /** The bitmap of a candidate list, when it is known (the visible rows'); undefined otherwise. */
  rowBits?: (rows: Int32Array) => Uint32Array | undefined;
  /** Per free-text value, its words' codes (filter and `_score` order look them up once). */
  words?: Map<string, CodeSet[]>;
}

const wordCodes = async (aids: FilterAids, column: Column, text: string, budget: SearchBudget) => {
  const known = aids.words?.get(text);
  if (known) return known;
  const found = await freeTextCodes(column, text, budget);
  aids.words?.set(text, found);
  return found;
};

/**
 * What a filter costs per candidate: upload-level values, a bit in a code bitmap, one value per row,
 * several, a closure per row.
 */
const COST = { upload: 0, bitmap: 0.5, single: 1, pooled: 2, closure: 8 } as const;

const filterOf = (
  select: (candidates: Int32Array, budget: SearchBudget) => Promise<Int32Array>,
  cost: number,
  bits?: RowFilter['bits'],
): RowFilter => Object.assign(select, { cost }, bits ? { bits } : {});

const ALL = filterOf(async (candidates) => candidates, 0);
const NONE = filterOf(async () => new Int32Array(0), 0);

/** A filter from a test of one row, for criteria no column scan answers (nested items, existence). */
const byTest = (test: RowTest): RowFilter =>
  filterOf((candidates, budget) => selectRows(candidates, test, budget), COST.closure);

/** A criterion on one column's values, scanned: over rows, or over upload slots once and then rows. */
const byValues = (
  index: SearchIndex,
  indexed: IndexedQuantity,
  test: ValueTest,
  bitmaps: CodeBitmaps | undefined,
): RowFilter => {
  const { column } = indexed;
  if (indexed.scope === 'upload') {
    return filterOf(async (candidates, budget) => {
      const arrays = column.arrays();
      const pass = new Uint8Array(index.uploads.length);
      for (let slot = 0; slot < pass.length; slot++) if (slotPasses(arrays, slot, test)) pass[slot] = 1;
      const out = new Int32Array(candidates.length);
      let n = 0;
      await inChunks(candidates.length, budget, (from, to) => {
        n = selectBySlot(index.uploadOf, pass, candidates, from, to, out, n);
      });
      return out.subarray(0, n);
    }, COST.upload);
  }
  const covered = test.kind === 'marked' && bitmaps?.covers(index, indexed) === true;
  const bits = async (budget: SearchBudget) => {
    const maps = test.kind === 'marked' ? await bitmaps?.of(index, indexed, budget) : undefined;
    return maps && test.kind === 'marked' ? (unionOf(maps, test.mask) ?? new Uint32Array(0)) : undefined;
  };
  return filterOf(
    async (candidates, budget) => {
      const out = new Int32Array(candidates.length);
      let n = 0;
      const union = covered ? await bits(budget) : undefined;
      if (union) {
        await inChunks(candidates.length, budget, (from, to) => {
          n = selectSet(union, candidates, from, to, out, n);
        });
        return out.subarray(0, n);
      }
      await inChunks(candidates.length, budget, (from, to) => {
        // Taken again per chunk: a sync between two chunks may have grown the column.
        n = selectPassing(column.arrays(), test, candidates, from, to, out, n);
      });
      return out.subarray(0, n);
    },
    covered ? COST.bitmap : column.arrays().counts ? COST.pooled : COST.single,
    covered ? bits : undefined,
  );
};

/** The candidates not in `taken` (both ascending, `taken` a subset). */
const without = (candidates: Int32Array, taken: Int32Array): Int32Array => {
  if (taken.length === 0) return candidates;
  const out = new Int32Array(candidates.length - taken.length);
  let n = 0;
  let t = 0;
  for (let i = 0; i < candidates.length; i++) {
    const row = candidates[i]!;
    if (t < taken.length && taken[t] === row) t++;
    else out[n++] = row;
  }
  return out;
};

const sumOfCosts = (filters: readonly RowFilter[]) => filters.reduce((sum, filter) => sum + filter.cost, 0);

/**
 * The candidates every filter passes: the cheapest filters first, each on what the previous left. When
 * the candidates' own bitmap is known (the visible rows) and some filters have bitmaps, those are ANDed
 * word by word and the rows listed once, instead of a test per candidate and filter.
 */
const all = (filters: RowFilter[], aids: FilterAids): RowFilter => {
  const inOrder = [...filters].sort((a, b) => a.cost - b.cost);
  return filterOf(async (candidates, budget) => {
    let rows = candidates;
    let rest = inOrder;
    const known = inOrder.some((filter) => filter.bits) ? aids.rowBits?.(candidates) : undefined;
    if (known) {
      const combined = known.slice();
      const unanswered: RowFilter[] = [];
      for (const filter of inOrder.filter((item) => item.bits)) {
        const bits = await filter.bits!(budget);
        if (bits) andInto(combined, bits);
        else unanswered.push(filter);
      }
      rows = await rowsOf(combined, budget);
      rest = inOrder.filter((filter) => !filter.bits || unanswered.includes(filter));
    }
    for (const filter of rest) {
      if (rows.length === 0) break;
      rows = await filter(rows, budget);
    }
    return rows;
  }, sumOfCosts(filters));
};

const any = (filters: RowFilter[]): RowFilter =>
  filterOf(async (candidates, budget) => {
    let rest = candidates;
    const taken: Int32Array[] = [];
    for (const filter of filters) {
      if (rest.length === 0) break;
      const hit = await filter(rest, budget);
      if (hit.length === 0) continue;
      taken.push(hit);
      rest = without(rest, hit);
    }
    if (taken.length <= 1) return taken[0] ?? new Int32Array(0);
    if (rest.length === 0) return candidates;
    return without(candidates, rest);
  }, sumOfCosts(filters));

const not = (filter: RowFilter): RowFilter =>
  filterOf(async (candidates, budget) => without(candidates, await filter(candidates, budget)), filter.cost);

/** Items that are the same query once (a generated `or` of a thousand criteria often repeats some). */
const distinct = (items: readonly QueryNode[]): QueryNode[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The test of stored values equal to any of the given ones (stored numbers, NaN never matching). */
const equalTo = (column: Column, stored: readonly number[]): ValueTest[] => {
  const known = stored.filter((value) => !Number.isNaN(value));
  if (column.dictionary) return known.length === 0 ? [] : [{ kind: 'marked', mask: codeMask(column, known) }];
  return known.map((value) => ({ kind: 'range', low: value, lowOpen: false, high: value, highOpen: false }));
};

/**
 * Compiles a query into a RowFilter. Lists behave as in NOMAD: a criterion holds when any value of the
 * row satisfies it; `all` needs each given value among the row's values, `none` none of them.
 */
export const compileFilter = async (
  index: SearchIndex,
  node: QueryNode,
  budget: SearchBudget,
  aids: FilterAids = {},
): Promise<RowFilter> => {
  const { bitmaps } = aids;
  const quantity = (name: string): IndexedQuantity => {
    const indexed = index.quantities.get(name);
    if (!indexed) throw new Error(`${name} is not a doc quantity`);
    return indexed;
  };

  switch (node.kind) {
    case 'and': {
      const filters = await compileAll(index, distinct(node.items), budget, aids);
      return filters.length === 0 ? ALL : filters.length === 1 ? filters[0]! : all(filters, aids);
    }
    case 'or': {
      const filters = await compileAll(index, distinct(node.items), budget, aids);
      return filters.length === 0 ? NONE : filters.length === 1 ? filters[0]! : any(filters);
    }
    case 'not':
      return not(await compileFilter(index, node.item, budget, aids));
    case 'nested': {
      const items = index.nestedItems.get(node.section);
      if (!items) return NONE;
      // Looked up once per quantity, not once per item and row.
      const types = new Map(queryQuantities(node.item).map((name) => [name, quantity(name).quantity.type]));
      const typeOf = (name: string) => types.get(name)!;
      const test = (item: NestedItem) => itemMatches(item, node.item, node.section, typeOf);
      return byTest((row) => items[row]?.some(test) ?? false);
    }
    case 'match': {
      if (node.quantity === FREE_TEXT) {
        const indexed = quantity(FREE_TEXT);
        const size = indexed.column.dictionary?.size ?? 0;
        const mask = new Uint8Array(size);
        for (const value of node.values)
          (await wordCodes(aids, indexed.column, String(value), budget)).forEach((codes) =>
            codes.markIn(mask),
          );
        const passes = byValues(index, indexed, { kind: 'marked', mask }, undefined);
        return node.op === 'none' ? not(passes) : passes;
      }
      if (node.quantity === EXISTENCE) {
        const tests = node.values.map((path) => hasValuesUnder(index, String(path)));
        const passes =
          node.op === 'any'
            ? (row: number) => tests.some((t) => t(row))
            : (row: number) => tests.every((t) => t(row));
        return byTest(node.op === 'none' ? (row) => !tests.some((t) => t(row)) : passes);
      }
      const indexed = quantity(node.quantity);
      const { column } = indexed;
      if (node.values.length === 0) return node.op === 'any' ? NONE : ALL;
      // Distinct values: a list repeating one value a thousand times costs one test per row, not 1000.
      const stored = [
        ...new Set(node.values.map((value) => column.lookup(coerce(value, column) as string | number))),
      ];
      const anyOf = (values: readonly number[]): RowFilter => {
        const tests = equalTo(column, values);
        return tests.length === 0
          ? NONE
          : tests.length === 1
            ? byValues(index, indexed, tests[0]!, bitmaps)
            : any(tests.map((test) => byValues(index, indexed, test, bitmaps)));
      };
      if (node.op === 'any') return anyOf(stored);
      if (node.op === 'none') return not(anyOf(stored));
      // eq and all: every value must be present.
      return stored.length === 1
        ? anyOf(stored)
        : all(
            stored.map((value) => anyOf([value])),
            aids,
          );
    }
    case 'range': {
      const indexed = quantity(node.quantity);
      const test = await rangeTest(indexed.column, node.bounds, budget);
      return test ? byValues(index, indexed, test, bitmaps) : NONE;
    }
    case 'text': {
      const indexed = quantity(node.quantity);
      const codes = await codesWhere(indexed.column, textTests[node.op](node.value), budget);
      if (codes.size === 0) return NONE;
      const mask = new Uint8Array(indexed.column.dictionary!.size);
      codes.markIn(mask);
      return byValues(index, indexed, { kind: 'marked', mask }, bitmaps);
    }
    case 'exists': {
      const known = byValues(index, quantity(node.quantity), { kind: 'present' }, undefined);
      return node.known ? known : not(known);
    }
  }
};

/** The given dictionary codes marked in an array as long as the dictionary: one load per value tested. */
const codeMask = (column: Column, codes: readonly number[]): Uint8Array => {
  const mask = new Uint8Array(column.dictionary!.size);
  for (const code of codes) mask[code] = 1;
  return mask;
};

/** Compiles the items one after the other, so that their dictionary scans share the budget in turn. */
const compileAll = async (index: SearchIndex, items: QueryNode[], budget: SearchBudget, aids: FilterAids) => {
  const filters: RowFilter[] = [];
  for (const item of items) filters.push(await compileFilter(index, item, budget, aids));
  return filters;
};

/** `quantities`: NOMAD's list of the paths an entry has values in, used by existence queries ('x = *'). */
const EXISTENCE = 'quantities';

/**
 * Whether a row has a value in the search quantity or in any search quantity of the section at `path`,
 * or has the archive section at `path` (processing lists an archive's section paths in `quantities`).
 */
const hasValuesUnder = (index: SearchIndex, path: string): RowTest => {
  const under = [...index.quantities.values()].filter(
    (indexed) =>
      indexed.quantity.name !== EXISTENCE &&
      (indexed.quantity.name === path || indexed.quantity.name.startsWith(`${path}.`)),
  );
  const sections = index.quantities.get(EXISTENCE);
  const code = sections ? sections.column.lookup(path) : NaN;
  const tests: RowTest[] = under.map(
    (indexed) => (row) => indexed.column.some(index.slotOf(indexed, row), () => true),
  );
  if (sections && !Number.isNaN(code))
    tests.push((row) => sections.column.some(index.slotOf(sections, row), (stored) => stored === code));
  if (tests.length === 0) return never;
  return (row) => tests.some((test) => test(row));
};

/** Per row of `rows`, a number to order them by. */
export type RowScores = (rows: Int32Array, budget: SearchBudget) => Promise<Float64Array>;

/** Words per pass of the score: one bit each in a 32-bit word. */
const WORDS_PER_PASS = 32;

/**
 * The score of the free-text criteria of a query per row, for `_score` ordering: one per query word
 * (of every free-text value) the row has a word beginning with; 0 for rows without.
 */
export const freeTextScore = async (
  index: SearchIndex,
  node: QueryNode,
  budget: SearchBudget,
  aids: FilterAids = {},
): Promise<RowScores> => {
  const texts: string[] = [];
  const visit = (item: QueryNode): void => {
    if (item.kind === 'and' || item.kind === 'or') item.items.forEach(visit);
    else if (item.kind === 'match' && item.quantity === FREE_TEXT && item.op !== 'none')
      texts.push(...item.values.map(String));
  };
  visit(node);
  const column = index.quantities.get(FREE_TEXT)?.column;
  const words: CodeSet[] = [];
  if (column) for (const text of texts) words.push(...(await wordCodes(aids, column, text, budget)));
  return async (rows, scoreBudget) => {
    const keys = new Float64Array(rows.length);
    for (let first = 0; first < words.length; first += WORDS_PER_PASS) {
      const bits = new Uint32Array(column!.dictionary!.size);
      words.slice(first, first + WORDS_PER_PASS).forEach((codes, bit) => codes.markBit(bits, bit));
      await inChunks(rows.length, scoreBudget, (from, to) =>
        addMatchedBits(column!.arrays(), rows, from, to, bits, keys),
      );
    }
    return keys;
  };
};

/** The rows passing the test among the given candidates; the scan takes turns with other requests. */
export const selectRows = async (
  candidates: Int32Array,
  test: RowTest,
  budget: SearchBudget,
): Promise<Int32Array> => {
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    const row = candidates[i]!;
    if (test(row)) out[n++] = row;
  }
  return out.subarray(0, n);
};
