import type { EntriesQueryRequest, Owner } from '@oasis/schema';

/**
 * The entries query behind a scatter plot (as NOMAD's GUI sends it): the current query, `size` entries
 * in a stable order, and only the plotted quantities.
 */
export function scatterRequest(
  owner: Owner,
  query: Record<string, unknown>,
  size: number,
  quantities: readonly string[],
): EntriesQueryRequest {
  return {
    owner,
    query,
    aggregations: {},
    pagination: { page_size: size, order: 'asc', order_by: 'entry_id' },
    required: { include: ['entry_id', ...new Set(quantities)] },
  };
}

/** Every value at a dotted path; lists along the way (repeated sections) contribute all their items. */
export function valuesAt(source: unknown, path: string): unknown[] {
  let current: unknown[] = [source];
  for (const key of path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      if (typeof item !== 'object' || item === null) continue;
      const value = Array.isArray(item)
        ? item.flatMap((element) => valuesAt(element, key))
        : (item as Record<string, unknown>)[key];
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) next.push(...value);
      else next.push(value);
    }
    current = next;
  }
  return current;
}

export interface ScatterPoints {
  x: (number | string)[];
  y: (number | string)[];
  /** Colour values, one per point, when a colour quantity is set. */
  color?: (number | string)[];
  entryIds: string[];
}

/** Reads one stored value as plotted: a number in the display unit, a category, or undefined. */
export type ValueReader = (value: unknown) => number | string | undefined;

export interface ScatterAxes {
  x: string;
  y: string;
  color?: string;
  read: { x: ValueReader; y: ValueReader; color: ValueReader };
}

/**
 * A reader for a quantity: numbers converted to the display unit, dates as epoch milliseconds (what a
 * Plotly date axis reads as UTC), other values as text.
 */
export function valueReader(toDisplay: (value: number) => number, timestamp: boolean): ValueReader {
  return (value) => {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return undefined;
      return timestamp ? value : toDisplay(value);
    }
    if (timestamp && typeof value === 'string') {
      const time = Date.parse(value);
      return Number.isFinite(time) ? time : undefined;
    }
    if (typeof value === 'string' || typeof value === 'boolean') return String(value);
    return undefined;
  };
}

/**
 * Points of the entries that have both an x and a y value. An entry with several values per axis
 * (a repeated section) gives one point per pair when both axes have the same number of values; the
 * colour follows a value per point or one value for the entry.
 */
export function scatterPoints(entries: readonly Record<string, unknown>[], axes: ScatterAxes): ScatterPoints {
  const points: ScatterPoints = { x: [], y: [], entryIds: [], ...(axes.color ? { color: [] } : {}) };
  for (const entry of entries) {
    const entryId = entry.entry_id;
    if (typeof entryId !== 'string') continue;
    const xs = valuesAt(entry, axes.x).map(axes.read.x);
    const ys = valuesAt(entry, axes.y).map(axes.read.y);
    if (xs.length === 0 || xs.length !== ys.length) continue;
    const colors = axes.color ? valuesAt(entry, axes.color).map(axes.read.color) : [];
    xs.forEach((x, index) => {
      const y = ys[index];
      if (x === undefined || y === undefined) return;
      points.x.push(x);
      points.y.push(y);
      points.entryIds.push(entryId);
      if (points.color) {
        const color =
          colors.length === xs.length ? colors[index] : colors.length === 1 ? colors[0] : undefined;
        // Plotly leaves points without a colour value grey.
        points.color.push(color ?? Number.NaN);
      }
    });
  }
  return points;
}
