import type { QueryNode, QueryValue, RangeOp } from '@oasis/schema';
import type { QuantityType } from '../quantities.ts';
import type { Scalar } from './column.ts';

/** One item of a nested section (search_quantities), its values by quantity name relative to the section. */
export type NestedItem = Readonly<Record<string, Scalar>>;

/** The scalar quantities of each item of a nested section in a search document. */
export const nestedItemsOf = (doc: Record<string, unknown>, section: string): NestedItem[] | undefined => {
  const value = doc[section];
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const scalars = Object.entries(item).filter((entry): entry is [string, Scalar] =>
      ['string', 'number', 'boolean'].includes(typeof entry[1]),
    );
    return [Object.fromEntries(scalars)];
  });
};

/** Stored and query values on one scale: numbers, epoch ms for dates, text for the rest. */
const comparable = (value: QueryValue | Scalar, type: QuantityType): string | number | boolean => {
  if (type === 'number') return typeof value === 'number' ? value : Number(value);
  if (type === 'timestamp') return typeof value === 'number' ? value : Date.parse(String(value));
  if (type === 'boolean') return typeof value === 'boolean' ? value : String(value).toLowerCase() === 'true';
  return String(value);
};

const inRange: Record<RangeOp, (a: string | number, b: string | number) => boolean> = {
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
};

/**
 * Whether one item meets a query on its section. Quantity names in the query are full paths
 * ('search_quantities.float_value'); `typeOf` gives each one's type.
 */
export const itemMatches = (
  item: NestedItem,
  node: QueryNode,
  section: string,
  typeOf: (quantity: string) => QuantityType,
): boolean => {
  const valueOf = (quantity: string) => item[quantity.slice(section.length + 1)];
  switch (node.kind) {
    case 'and':
      return node.items.every((sub) => itemMatches(item, sub, section, typeOf));
    case 'or':
      return node.items.some((sub) => itemMatches(item, sub, section, typeOf));
    case 'not':
      return !itemMatches(item, node.item, section, typeOf);
    case 'nested':
      return itemMatches(item, node.item, section, typeOf);
    case 'match': {
      const stored = valueOf(node.quantity);
      const type = typeOf(node.quantity);
      const equal = (value: QueryValue) =>
        stored !== undefined && comparable(stored, type) === comparable(value, type);
      // One value per item: 'all' holds only when every given value is that one.
      if (node.op === 'none') return !node.values.some(equal);
      if (node.op === 'all' || node.op === 'eq') return node.values.every(equal);
      return node.values.some(equal);
    }
    case 'range': {
      const stored = valueOf(node.quantity);
      if (stored === undefined) return false;
      const type = typeOf(node.quantity);
      const value = comparable(stored, type);
      if (typeof value === 'boolean') return false;
      return Object.entries(node.bounds).every(([op, bound]) => {
        const limit = comparable(bound, type);
        return typeof limit !== 'boolean' && inRange[op as RangeOp](value, limit);
      });
    }
    case 'exists':
      return (valueOf(node.quantity) !== undefined) === node.known;
    case 'text': {
      const stored = valueOf(node.quantity);
      if (typeof stored !== 'string') return false;
      if (node.op === 'contains') return stored.includes(node.value);
      return node.op === 'starts' ? stored.startsWith(node.value) : stored.endsWith(node.value);
    }
  }
};
