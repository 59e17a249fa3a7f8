import type { Owner } from '@oasis/schema';
import type { FilterDefinition, FilterValue, Filters, RangeValue } from './types.ts';

/** The visibility (API `owner`) is kept in the URL under NOMAD's filter name. */
const OWNER_PARAM = 'visibility';

const OWNERS: readonly string[] = ['public', 'visible', 'shared', 'user', 'staging', 'admin', 'all'];
export const isOwner = (value: unknown): value is Owner =>
  typeof value === 'string' && OWNERS.includes(value);
const RANGE_KEY = /^(.+)\[(gte|lte|gt|lt)\]$/;
const RANGE_OPS = ['gte', 'gt', 'lte', 'lt'] as const;
/** Left behind by the identity provider after a login redirect (spec 2 §2). */
const IGNORED = new Set(['state', 'iss', 'error', 'session_state', 'code']);

export interface UrlState {
  filters: Filters;
  owner: Owner | undefined;
}

type Definitions = Readonly<Record<string, FilterDefinition>>;

export const isRange = (value: FilterValue): value is RangeValue => !Array.isArray(value);

/** Whether a filter value selects anything; empty lists and bound-less ranges do not. */
export function isEmptyFilterValue(value: FilterValue | undefined): boolean {
  if (value === undefined) return true;
  if (isRange(value)) return RANGE_OPS.every((op) => value[op] === undefined);
  return value.length === 0;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed escape in a hand-edited URL: keep the text as it is.
    return text;
  }
}

/** A URL value in the type of the quantity; undefined when it does not parse (the value is dropped). */
export function parseValue(
  text: string,
  definition: FilterDefinition,
): string | number | boolean | undefined {
  switch (definition.dtype) {
    case 'int':
    case 'float': {
      if (text.trim() === '') return undefined;
      const number = Number(text);
      return Number.isFinite(number) ? number : undefined;
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : undefined;
    }
    case 'timestamp':
      return Number.isNaN(Date.parse(text)) ? undefined : text;
    default:
      return text;
  }
}

/**
 * Reads filters and visibility from a query string such as
 * `?results.material.elements=Si,O&results.material.n_elements[gte]=2&visibility=public`.
 * Unknown quantities and login leftovers (state, iss, error) are dropped.
 */
export function parseSearch(search: string, definitions: Definitions): UrlState {
  const filters: Record<string, FilterValue> = {};
  let owner: Owner | undefined;
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const part of query.split('&')) {
    if (!part) continue;
    const separator = part.indexOf('=');
    const key = safeDecode(separator >= 0 ? part.slice(0, separator) : part);
    const raw = separator >= 0 ? part.slice(separator + 1) : '';
    if (IGNORED.has(key)) continue;
    if (key === OWNER_PARAM) {
      const value = safeDecode(raw);
      if (isOwner(value)) owner = value;
      continue;
    }
    const range = RANGE_KEY.exec(key);
    const quantity = range?.[1] ?? key;
    const op = range?.[2];
    const definition = definitions[quantity];
    if (!definition) continue;
    if (op) {
      const value = parseValue(safeDecode(raw), definition);
      if (typeof value !== 'number' && typeof value !== 'string') continue;
      const previous = filters[quantity];
      const bounds: RangeValue = previous && isRange(previous) ? previous : {};
      filters[quantity] = { ...bounds, [op]: value };
      continue;
    }
    const values = raw
      .split(',')
      .filter((text) => text.length > 0)
      .map((text) => parseValue(safeDecode(text), definition))
      .filter((value) => value !== undefined);
    if (values.length === 0) continue;
    const previous = filters[quantity];
    filters[quantity] = previous && !isRange(previous) ? [...previous, ...values] : values;
  }
  return { filters, owner };
}

const encodeKey = (key: string) => encodeURIComponent(key);

/**
 * The inverse of parseSearch: lists stay comma separated and readable, each value encoded on its own
 * so that a comma inside a value cannot split it; ranges are written as `quantity[op]=value`.
 */
export function formatSearch(filters: Filters, owner?: Owner): string {
  const parts: string[] = [];
  for (const [quantity, value] of Object.entries(filters)) {
    if (isEmptyFilterValue(value)) continue;
    if (isRange(value)) {
      for (const op of RANGE_OPS) {
        const bound = value[op];
        if (bound !== undefined)
          parts.push(`${encodeKey(quantity)}[${op}]=${encodeURIComponent(String(bound))}`);
      }
    } else {
      parts.push(`${encodeKey(quantity)}=${value.map((item) => encodeURIComponent(String(item))).join(',')}`);
    }
  }
  if (owner) parts.push(`${OWNER_PARAM}=${owner}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
