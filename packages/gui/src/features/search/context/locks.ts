import type { Owner } from '@oasis/schema';
import type { FilterValue, Filters, RangeValue } from './types.ts';
import { isOwner } from './url.ts';

const RANGE_OPS = ['gte', 'lte', 'gt', 'lt'];
const VISIBILITY = 'visibility';

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** One `filters_locked` value of an app config: a value, a list of values or a range. */
function lockValue(value: unknown): FilterValue | undefined {
  if (isScalar(value)) return [value];
  if (Array.isArray(value)) {
    const values = value.filter(isScalar);
    return values.length > 0 ? values : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const range: Record<string, number | string> = {};
    for (const [op, bound] of Object.entries(value)) {
      if (RANGE_OPS.includes(op) && (typeof bound === 'number' || typeof bound === 'string'))
        range[op] = bound;
    }
    return Object.keys(range).length > 0 ? (range as RangeValue) : undefined;
  }
  return undefined;
}

/** The app's locked filters (e.g. {'results.method.method_name': 'EELS'}); they cannot be edited. */
export function lockedFilters(filtersLocked: unknown): Filters {
  if (typeof filtersLocked !== 'object' || filtersLocked === null) return {};
  const locked: Record<string, FilterValue> = {};
  for (const [quantity, value] of Object.entries(filtersLocked)) {
    // The visibility is the request's owner, not a query (see lockedOwner).
    if (quantity === VISIBILITY) continue;
    const parsed = lockValue(value);
    if (parsed) locked[quantity] = parsed;
  }
  return locked;
}

/**
 * A visibility locked like a filter, as NOMAD's dataset page ('all') and 'Your data' page ('user') do:
 * the search then always uses this owner, whatever the URL says.
 */
function lockedOwner(filtersLocked: unknown): Owner | undefined {
  if (typeof filtersLocked !== 'object' || filtersLocked === null) return undefined;
  const value = (filtersLocked as Record<string, unknown>)[VISIBILITY];
  return isOwner(value) ? value : undefined;
}

/**
 * Whose data a search covers: anonymous visitors only public data (spec 2 §6); for others a visibility
 * the app locks (dataset page, 'Your data') wins over the URL's, which wins over 'visible'.
 */
export function searchOwner(loggedIn: boolean, filtersLocked: unknown, urlOwner: Owner | undefined): Owner {
  if (!loggedIn) return 'public';
  return lockedOwner(filtersLocked) ?? urlOwner ?? 'visible';
}
