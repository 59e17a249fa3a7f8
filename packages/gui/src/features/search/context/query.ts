import { customRowQuery, decodeCustomRow } from './customQuantities.ts';
import type { FilterDefinition, FilterValue, Filters } from './types.ts';
import { isEmptyFilterValue, isRange } from './url.ts';

type Definitions = Readonly<Record<string, FilterDefinition>>;
type Query = Record<string, unknown>;

/** The criterion for one filter, e.g. ['elements:all', ['Si']] or ['n_elements', {gte: 2}]. */
function criterion(
  key: string,
  value: FilterValue,
  definition: FilterDefinition | undefined,
): [string, unknown] {
  if (isRange(value)) {
    const bounds: Record<string, unknown> = {};
    for (const op of ['gte', 'gt', 'lte', 'lt'] as const) if (value[op] !== undefined) bounds[op] = value[op];
    return [key, bounds];
  }
  if (definition && !definition.multiple) return [key, value[0]];
  return [`${key}:${definition?.queryMode ?? 'any'}`, [...value]];
}

/**
 * The NOMAD query for a set of filters: one key per quantity, nested quantities grouped under their
 * section (so that they match within one section instance), custom quantity rows and-ed.
 */
function queryFromFilters(filters: Filters, definitions: Definitions): Query {
  const query: Query = {};
  const and: Query[] = [];
  for (const [quantity, value] of Object.entries(filters)) {
    if (isEmptyFilterValue(value)) continue;
    const definition = definitions[quantity];
    if (quantity === 'custom_quantities' && !isRange(value)) {
      for (const text of value) {
        const row = decodeCustomRow(text);
        if (row) and.push(customRowQuery(row));
      }
      continue;
    }
    const nested = definition?.nested;
    if (nested && quantity.startsWith(`${nested}.`)) {
      const [key, item] = criterion(quantity.slice(nested.length + 1), value, definition);
      const section = (query[nested] ?? {}) as Query;
      query[nested] = { ...section, [key]: item };
    } else {
      const [key, item] = criterion(quantity, value, definition);
      query[key] = item;
    }
  }
  if (and.length === 0) return query;
  return { and: Object.keys(query).length > 0 ? [query, ...and] : and };
}

/** Filters and locked filters; locks are and-ed so that a user filter cannot replace them (as NOMAD). */
export function buildApiQuery(filters: Filters, locked: Filters, definitions: Definitions): Query {
  const query = queryFromFilters(filters, definitions);
  if (Object.keys(locked).length === 0) return query;
  return { and: [query, queryFromFilters(locked, definitions)] };
}

/** The filters without one quantity: what an exclusive quantity's own aggregation depends on. */
export function withoutFilter(filters: Filters, quantity: string): Filters {
  if (!(quantity in filters)) return filters;
  const { [quantity]: _removed, ...rest } = filters;
  return rest;
}
