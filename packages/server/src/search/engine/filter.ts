import { queryQuantities, type QueryNode, type QueryValue, type RangeOp } from '@oasis/schema';
import { CHECK_EVERY, type SearchBudget } from './budget.ts';
import { codesWhere } from './code-set.ts';
import type { Column } from './column.ts';
import { FREE_TEXT, freeTextMatcher } from './free-text.ts';
import { itemMatches, type NestedItem } from './nested.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';
import { compareRanges, startsWith, type RangeTest } from './value-list.ts';

export type RowTest = (row: number) => boolean;

const always: RowTest = () => true;
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

const rangeTest = async (
  column: Column,
  op: RangeOp,
  raw: QueryValue,
  budget: SearchBudget,
): Promise<(stored: number) => boolean> => {
  const value = coerce(raw, column);
  if (column.dictionary) {
    // Strings compare by code points, as in SQL/JSON path comparisons.
    const bound = String(value);
    const codes = await codesWhere(
      column,
      (text, from, to) => compare[op](compareRanges(text, from, to, bound, 0, bound.length), 0),
      budget,
    );
    return (stored) => codes.has(stored);
  }
  const bound = column.lookup(value as string | number);
  if (Number.isNaN(bound)) return () => false;
  return (stored) => compare[op](stored, bound);
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
 * Compiles a query into a test on row numbers. Lists behave as in NOMAD: a criterion holds when any value
 * of the row satisfies it; `all` needs each given value among the row's values, `none` none of them.
 */
export const compileFilter = async (
  index: SearchIndex,
  node: QueryNode,
  budget: SearchBudget,
): Promise<RowTest> => {
  const quantity = (name: string): IndexedQuantity => {
    const indexed = index.quantities.get(name);
    if (!indexed) throw new Error(`${name} is not a doc quantity`);
    return indexed;
  };
  const onValues = (indexed: IndexedQuantity, test: (stored: number) => boolean): RowTest =>
    indexed.scope === 'entry'
      ? (row) => indexed.column.some(row, test)
      : (row) => indexed.column.some(index.uploadOf[row]!, test);

  switch (node.kind) {
    case 'and': {
      const tests = await compileAll(index, node.items, budget);
      if (tests.length === 0) return always;
      if (tests.length === 1) return tests[0]!;
      return (row) => {
        for (const test of tests) if (!test(row)) return false;
        return true;
      };
    }
    case 'or': {
      const tests = await compileAll(index, node.items, budget);
      if (tests.length === 0) return never;
      return (row) => tests.some((test) => test(row));
    }
    case 'not': {
      const test = await compileFilter(index, node.item, budget);
      return (row) => !test(row);
    }
    case 'nested': {
      const items = index.nestedItems.get(node.section);
      if (!items) return never;
      // Looked up once per quantity, not once per item and row.
      const types = new Map(queryQuantities(node.item).map((name) => [name, quantity(name).quantity.type]));
      const typeOf = (name: string) => types.get(name)!;
      const test = (item: NestedItem) => itemMatches(item, node.item, node.section, typeOf);
      return (row) => items[row]?.some(test) ?? false;
    }
    case 'match': {
      if (node.quantity === FREE_TEXT) {
        const matchers: Awaited<ReturnType<typeof freeTextMatcher>>[] = [];
        for (const value of node.values)
          matchers.push(await freeTextMatcher(quantity(FREE_TEXT).column, String(value), budget));
        const passes = (row: number) => matchers.some((matcher) => matcher.test(row));
        return node.op === 'none' ? (row) => !passes(row) : passes;
      }
      if (node.quantity === EXISTENCE) {
        const tests = node.values.map((path) => hasValuesUnder(index, String(path)));
        const passes =
          node.op === 'any'
            ? (row: number) => tests.some((t) => t(row))
            : (row: number) => tests.every((t) => t(row));
        return node.op === 'none' ? (row) => !tests.some((t) => t(row)) : passes;
      }
      const indexed = quantity(node.quantity);
      const { column } = indexed;
      // Distinct values: a list repeating one value a thousand times costs one test per row, not 1000.
      const stored = [
        ...new Set(node.values.map((value) => column.lookup(coerce(value, column) as string | number))),
      ];
      if (node.values.length === 0) return node.op === 'any' ? never : always;
      // Dictionary codes are tested against a mask of the wanted ones, without a call per value.
      const anyOf = (wanted: ReadonlySet<number>): RowTest => {
        if (!column.dictionary) return onValues(indexed, (candidate) => wanted.has(candidate));
        const mask = codeMask(column, wanted);
        return (row) => column.someMarked(index.slotOf(indexed, row), mask);
      };
      const each = stored.map((value) => (Number.isNaN(value) ? never : anyOf(new Set([value]))));
      if (node.op === 'any') {
        const wanted = new Set(stored.filter((value) => !Number.isNaN(value)));
        return wanted.size === 0 ? never : anyOf(wanted);
      }
      if (node.op === 'none') {
        const unwanted = new Set(stored);
        const any = onValues(indexed, (candidate) => unwanted.has(candidate));
        return (row) => !any(row);
      }
      // eq and all: every value must be present.
      return each.length === 1 ? each[0]! : (row) => each.every((test) => test(row));
    }
    case 'range': {
      const indexed = quantity(node.quantity);
      const tests: ((stored: number) => boolean)[] = [];
      for (const [op, value] of Object.entries(node.bounds))
        tests.push(await rangeTest(indexed.column, op as RangeOp, value, budget));
      return onValues(indexed, (stored) => tests.every((test) => test(stored)));
    }
    case 'text': {
      const indexed = quantity(node.quantity);
      const codes = await codesWhere(indexed.column, textTests[node.op](node.value), budget);
      return codes.size === 0 ? never : onValues(indexed, (stored) => codes.has(stored));
    }
    case 'exists': {
      const indexed = quantity(node.quantity);
      const known = onValues(indexed, () => true);
      return node.known ? known : (row) => !known(row);
    }
  }
};

/** The given dictionary codes marked in an array as long as the dictionary: one load per value tested. */
const codeMask = (column: Column, codes: ReadonlySet<number>): Uint8Array => {
  const mask = new Uint8Array(column.dictionary!.size);
  for (const code of codes) mask[code] = 1;
  return mask;
};

/** Compiles the items one after the other, so that their dictionary scans share the budget in turn. */
const compileAll = async (index: SearchIndex, items: QueryNode[], budget: SearchBudget) => {
  const tests: RowTest[] = [];
  for (const item of items) tests.push(await compileFilter(index, item, budget));
  return tests;
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

/** The score of free-text criteria of a query per row (0 when it has none), for `_score` ordering. */
export const freeTextScore = async (
  index: SearchIndex,
  node: QueryNode,
  budget: SearchBudget,
): Promise<(row: number) => number> => {
  const texts: string[] = [];
  const visit = (item: QueryNode): void => {
    if (item.kind === 'and' || item.kind === 'or') item.items.forEach(visit);
    else if (item.kind === 'match' && item.quantity === FREE_TEXT && item.op !== 'none')
      texts.push(...item.values.map(String));
  };
  visit(node);
  const column = index.quantities.get(FREE_TEXT)?.column;
  if (!column || texts.length === 0) return () => 0;
  const matchers: Awaited<ReturnType<typeof freeTextMatcher>>[] = [];
  for (const text of texts) matchers.push(await freeTextMatcher(column, text, budget));
  return (row) => matchers.reduce((sum, matcher) => sum + matcher.score(row), 0);
};

/** The rows passing the test among the given candidates; the scan takes turns with other requests. */
export const selectRows = async (
  candidates: Int32Array,
  test: RowTest,
  budget: SearchBudget,
): Promise<Int32Array> => {
  if (test === always) return candidates;
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    if ((i & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
    const row = candidates[i]!;
    if (test(row)) out[n++] = row;
  }
  return out.subarray(0, n);
};
