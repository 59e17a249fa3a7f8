/** Filter values by search quantity; the URL query string is their source of truth. */
export type Filters = Readonly<Record<string, readonly string[]>>;

export type QueryMode = 'all' | 'any';

export interface FilterDefinition {
  quantity: string;
  label: string;
  queryMode: QueryMode;
}

export const ELEMENTS_QUANTITY = 'results.material.elements';

/** The filters this search page knows; others in the URL are ignored (the API would reject them). */
export const FILTERS: readonly FilterDefinition[] = [
  { quantity: ELEMENTS_QUANTITY, label: 'Elements', queryMode: 'all' },
];

const definitionOf = (quantity: string) => FILTERS.find((filter) => filter.quantity === quantity);

/**
 * Parses `?results.material.elements=Si,O` into filters. Values are comma separated; parameters the
 * identity provider leaves behind after a login (state, iss, ...) and unknown quantities are dropped.
 */
export function filtersFromSearch(search: string): Filters {
  const filters: Record<string, string[]> = {};
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const part of query.split('&')) {
    if (!part) continue;
    const separator = part.indexOf('=');
    const rawKey = separator >= 0 ? part.slice(0, separator) : part;
    const rawValue = separator >= 0 ? part.slice(separator + 1) : '';
    const key = safeDecode(rawKey);
    if (!definitionOf(key)) continue;
    const values = rawValue
      .split(',')
      .map(safeDecode)
      .filter((value) => value.length > 0);
    if (values.length > 0) filters[key] = [...(filters[key] ?? []), ...values];
  }
  return filters;
}

/**
 * The inverse of filtersFromSearch: values stay comma separated and readable (no %2C), each value
 * encoded on its own so that a comma inside a value cannot split it.
 */
export function searchFromFilters(filters: Filters): string {
  const parts = Object.entries(filters)
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => `${encodeURIComponent(key)}=${values.map(encodeURIComponent).join(',')}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The API query for the filters, e.g. `{"results.material.elements": {"all": ["Si", "O"]}}`. */
export function queryFromFilters(filters: Filters): Record<string, { all: string[] } | { any: string[] }> {
  const query: Record<string, { all: string[] } | { any: string[] }> = {};
  for (const [quantity, values] of Object.entries(filters)) {
    const definition = definitionOf(quantity);
    if (!definition || values.length === 0) continue;
    query[quantity] = definition.queryMode === 'all' ? { all: [...values] } : { any: [...values] };
  }
  return query;
}

/** Adds the value if absent, removes it if present; an emptied filter disappears. */
export function toggleFilterValue(filters: Filters, quantity: string, value: string): Filters {
  const current = filters[quantity] ?? [];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  const { [quantity]: _removed, ...rest } = filters;
  return next.length > 0 ? { ...rest, [quantity]: next } : rest;
}

export function filterLabel(quantity: string): string {
  return definitionOf(quantity)?.label ?? quantity;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed escape in a hand-edited URL: keep the text as it is.
    return text;
  }
}
