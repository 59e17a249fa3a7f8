import type { QueryNode } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import type { QuantityType } from '../quantities.ts';
import { itemMatches, nestedItemsOf } from './nested.ts';

const section = 'search_quantities';
const types: Record<string, QuantityType> = {
  'search_quantities.id': 'string',
  'search_quantities.float_value': 'number',
  'search_quantities.datetime_value': 'timestamp',
  'search_quantities.bool_value': 'boolean',
};
const items = nestedItemsOf(
  {
    search_quantities: [
      { id: 'data.temperature#S', float_value: 300, definition: 'S.temperature' },
      { id: 'data.weight#S', float_value: 900 },
      { id: 'data.started#S', datetime_value: '2025-02-03T08:00:00.000Z' },
      { id: 'data.ok#S', bool_value: true, nested: { ignored: 1 } },
    ],
  },
  section,
)!;
const anyItem = (node: QueryNode) => items.some((item) => itemMatches(item, node, section, (q) => types[q]!));
const both = (id: string, criterion: QueryNode): QueryNode => ({
  kind: 'and',
  items: [{ kind: 'match', quantity: 'search_quantities.id', op: 'eq', values: [id] }, criterion],
});

describe('items of nested sections', () => {
  it('keeps the scalar values of each item', () => {
    expect(items).toHaveLength(4);
    expect(items[3]).toEqual({ id: 'data.ok#S', bool_value: true });
    expect(nestedItemsOf({ search_quantities: [] }, section)).toBeUndefined();
  });

  it('needs one item to meet every criterion', () => {
    const hot: QueryNode = { kind: 'range', quantity: 'search_quantities.float_value', bounds: { gte: 800 } };
    // The weight is 900, the temperature only 300: no single item is a hot temperature.
    expect(anyItem(both('data.temperature#S', hot))).toBe(false);
    expect(anyItem(both('data.weight#S', hot))).toBe(true);
  });

  it('compares dates as times, booleans as booleans, and numbers given as text', () => {
    const after = (iso: string): QueryNode => ({
      kind: 'range',
      quantity: 'search_quantities.datetime_value',
      bounds: { gt: iso },
    });
    expect(anyItem(both('data.started#S', after('2025-02-03T07:00:00+00:00')))).toBe(true);
    expect(anyItem(both('data.started#S', after('2025-02-03T08:30:00+01:00')))).toBe(true);
    expect(anyItem(both('data.started#S', after('2025-02-04')))).toBe(false);
    const flag: QueryNode = {
      kind: 'match',
      quantity: 'search_quantities.bool_value',
      op: 'eq',
      values: ['true'],
    } as const;
    expect(anyItem(both('data.ok#S', flag))).toBe(true);
    const exact: QueryNode = {
      kind: 'match',
      quantity: 'search_quantities.float_value',
      op: 'any',
      values: ['300'],
    } as const;
    expect(anyItem(both('data.temperature#S', exact))).toBe(true);
    expect(anyItem(both('data.temperature#S', { kind: 'not', item: exact }))).toBe(false);
  });
});
