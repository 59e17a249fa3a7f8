import { queryQuantities, type QueryNode, type QueryValue, type RangeOp } from '@oasis/schema';
import type { Column } from './column.ts';
import { FREE_TEXT, freeTextMatcher } from './free-text.ts';
import { itemMatches, type NestedItem } from './nested.ts';
import type { IndexedQuantity, SearchIndex } from './search-index.ts';

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

/** Codes of the dictionary values passing a test (text operators and string ranges work on the values). */
const codesWhere = (column: Column, test: (value: string) => boolean): Set<number> => {
  const codes = new Set<number>();
  column.dictionary?.values.forEach((value, code) => {
    if (typeof value === 'string' && test(value)) codes.add(code);
  });
  return codes;
};

const rangeTest = (column: Column, op: RangeOp, raw: QueryValue): ((stored: number) => boolean) => {
  const value = coerce(raw, column);
  if (column.dictionary) {
    // Strings compare by code points, as in SQL/JSON path comparisons.
    const bound = String(value);
    const codes = codesWhere(column, (text) => compare[op](text < bound ? -1 : text > bound ? 1 : 0, 0));
    return (stored) => codes.has(stored);
  }
  const bound = column.lookup(value as string | number);
  if (Number.isNaN(bound)) return () => false;
  return (stored) => compare[op](stored, bound);
};

const textTests = {
  contains: (text: string, part: string) => text.includes(part),
  starts: (text: string, part: string) => text.startsWith(part),
  ends: (text: string, part: string) => text.endsWith(part),
};

/**
 * Compiles a query into a test on row numbers. Lists behave as in NOMAD: a criterion holds when any value
 * of the row satisfies it; `all` needs each given value among the row's values, `none` none of them.
 */
export const compileFilter = (index: SearchIndex, node: QueryNode): RowTest => {
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
      const tests = node.items.map((item) => compileFilter(index, item));
      if (tests.length === 0) return always;
      if (tests.length === 1) return tests[0]!;
      return (row) => {
        for (const test of tests) if (!test(row)) return false;
        return true;
      };
    }
    case 'or': {
      const tests = node.items.map((item) => compileFilter(index, item));
      if (tests.length === 0) return never;
      return (row) => tests.some((test) => test(row));
    }
    case 'not': {
      const test = compileFilter(index, node.item);
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
        const matchers = node.values.map((value) =>
          freeTextMatcher(quantity(FREE_TEXT).column, String(value)),
        );
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
      const stored = node.values.map((value) => column.lookup(coerce(value, column) as string | number));
      if (node.values.length === 0) return node.op === 'any' ? never : always;
      const each = stored.map((value) =>
        Number.isNaN(value) ? never : onValues(indexed, (candidate) => candidate === value),
      );
      if (node.op === 'any') {
        const wanted = new Set(stored.filter((value) => !Number.isNaN(value)));
        return wanted.size === 0 ? never : onValues(indexed, (candidate) => wanted.has(candidate));
      }
      if (node.op === 'none') {
        const any = onValues(indexed, (candidate) => stored.includes(candidate));
        return (row) => !any(row);
      }
      // eq and all: every value must be present.
      return each.length === 1 ? each[0]! : (row) => each.every((test) => test(row));
    }
    case 'range': {
      const indexed = quantity(node.quantity);
      const tests = Object.entries(node.bounds).map(([op, value]) =>
        rangeTest(indexed.column, op as RangeOp, value),
      );
      return onValues(indexed, (stored) => tests.every((test) => test(stored)));
    }
    case 'text': {
      const indexed = quantity(node.quantity);
      const test = textTests[node.op];
      const codes = codesWhere(indexed.column, (text) => test(text, node.value));
      return codes.size === 0 ? never : onValues(indexed, (stored) => codes.has(stored));
    }
    case 'exists': {
      const indexed = quantity(node.quantity);
      const known = onValues(indexed, () => true);
      return node.known ? known : (row) => !known(row);
    }
  }
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
export const freeTextScore = (index: SearchIndex, node: QueryNode): ((row: number) => number) => {
  const texts: string[] = [];
  const visit = (item: QueryNode): void => {
    if (item.kind === 'and' || item.kind === 'or') item.items.forEach(visit);
    else if (item.kind === 'match' && item.quantity === FREE_TEXT && item.op !== 'none')
      texts.push(...item.values.map(String));
  };
  visit(node);
  const column = index.quantities.get(FREE_TEXT)?.column;
  if (!column || texts.length === 0) return () => 0;
  const matchers = texts.map((text) => freeTextMatcher(column, text));
  return (row) => matchers.reduce((sum, matcher) => sum + matcher.score(row), 0);
};

/** The rows passing the test among the given candidates. */
export const selectRows = (candidates: Int32Array, test: RowTest): Int32Array => {
  if (test === always) return candidates;
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (const row of candidates) if (test(row)) out[n++] = row;
  return out.subarray(0, n);
};
