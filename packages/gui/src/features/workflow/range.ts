/**
 * The workflow graph's range filter (spec 3 §5): comma-separated items, each an integer index (negative
 * counts from the end), a percentage, a decimal fraction, or a `start:end` range of those. Ranges run up
 * to, not including, their end, as Python slices do ('4:-1' leaves out the last item).
 */

/** Nodes of each kind the card shows before the user filters (spec 3 §9). */
export const DEFAULT_NODE_LIMIT = 6;

export type RangeResult = { ok: true; indices: number[] } | { ok: false };

const INTEGER = /^-?\d+$/;
const PERCENT = /^(-?\d+(?:\.\d+)?)%$/;
const FRACTION = /^-?\d*\.\d+$/;

/** A bound as an offset into a list of `length` items, or undefined when it is no bound at all. */
function bound(text: string, length: number): number | undefined {
  const value = text.trim();
  let offset: number;
  if (INTEGER.test(value)) offset = Number(value);
  else if (FRACTION.test(value)) offset = Math.round(Number(value) * length);
  else {
    const percent = PERCENT.exec(value)?.[1];
    if (percent === undefined) return undefined;
    offset = Math.round((Number(percent) / 100) * length);
  }
  return offset < 0 ? length + offset : offset;
}

const clamp = (value: number, length: number) => Math.min(Math.max(value, 0), length);

/** The indices of one item, or undefined when it does not parse. */
function item(text: string, length: number): number[] | undefined {
  const parts = text.split(':');
  if (parts.length > 2) return undefined;
  if (parts.length === 1) {
    const index = bound(text, length);
    if (index === undefined) return undefined;
    // A single percentage or fraction names the item at that position; 100% is the last one.
    const position = INTEGER.test(text.trim()) ? index : Math.min(index, length - 1);
    return position >= 0 && position < length ? [position] : [];
  }
  const [startText = '', endText = ''] = parts;
  const start = startText.trim() === '' ? 0 : bound(startText, length);
  const end = endText.trim() === '' ? length : bound(endText, length);
  if (start === undefined || end === undefined) return undefined;
  const indices: number[] = [];
  for (let i = clamp(start, length); i < clamp(end, length); i++) indices.push(i);
  return indices;
}

/**
 * The indices (sorted, distinct, within `length`) that `expression` selects. An empty expression
 * selects the first {@link DEFAULT_NODE_LIMIT}; one that does not parse is an error.
 */
export function parseRange(expression: string, length: number): RangeResult {
  if (expression.trim() === '') {
    return { ok: true, indices: Array.from({ length: Math.min(length, DEFAULT_NODE_LIMIT) }, (_, i) => i) };
  }
  const selected = new Set<number>();
  for (const text of expression.split(',')) {
    if (text.trim() === '') return { ok: false };
    const indices = item(text, length);
    if (!indices) return { ok: false };
    for (const index of indices) selected.add(index);
  }
  return { ok: true, indices: [...selected].sort((a, b) => a - b) };
}
