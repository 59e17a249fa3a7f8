import {
  ARRAY_PREVIEW,
  EXPONENT_ABOVE,
  EXPONENT_BELOW,
  JSON_MAX_STRING,
  LIST_HEAD,
  LIST_PAGE,
  LIST_TAIL,
  MATRIX_MAX_HEIGHT,
  MATRIX_MIN_COLUMN_WIDTH,
  MATRIX_ROW_HEIGHT,
} from './limits.ts';

/** Drops trailing zeros of a mantissa ('1.50000' -> '1.5', '2.000' -> '2'). */
const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * A number as the archive browser writes it: exponent notation outside 1e-5 to 1e5 (absolute), up to
 * six significant digits otherwise. Integers of an integer quantity are written as they are.
 */
export function formatArchiveNumber(value: number, integer = false): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  if (integer && Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  if (value !== 0 && (abs < EXPONENT_BELOW || abs >= EXPONENT_ABOVE)) {
    const [mantissa = '', exponent = ''] = value.toExponential(5).split('e');
    return `${trimZeros(mantissa)}e${exponent}`;
  }
  return String(Number(value.toPrecision(6)));
}

/** A scalar value as text (numbers formatted, strings as they are). */
export function formatScalar(value: unknown, integer = false): string {
  if (typeof value === 'number') return formatArchiveNumber(value, integer);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The first values of an array and how many more there are ('and N more items'). */
export function arrayPreview<T>(values: readonly T[], shown = ARRAY_PREVIEW): { items: T[]; more: number } {
  return { items: values.slice(0, shown), more: Math.max(0, values.length - shown) };
}

export const moreItemsText = (more: number) => `and ${more} more items`;

/** JSON for the value display; strings longer than 1000 characters are left out (spec 3 §9). */
export function jsonForDisplay(value: unknown): string {
  return (
    JSON.stringify(
      value,
      (_key, item: unknown) => (typeof item === 'string' && item.length > JSON_MAX_STRING ? undefined : item),
      2,
    ) ?? ''
  );
}

/**
 * The indices of a long list shown: the first 50 plus `revealed` of the middle, the last 5, and how many
 * in between stay hidden (revealed 25 at a time).
 */
export function listWindow(count: number, revealed = 0): { head: number[]; hidden: number; tail: number[] } {
  const headEnd = Math.min(count, LIST_HEAD + revealed);
  if (count - headEnd <= LIST_TAIL) {
    return { head: range(0, count), hidden: 0, tail: [] };
  }
  return {
    head: range(0, headEnd),
    hidden: count - headEnd - LIST_TAIL,
    tail: range(count - LIST_TAIL, count),
  };
}

/** How many more of the hidden middle one click reveals. */
export const revealStep = (hidden: number) => Math.min(LIST_PAGE, hidden);

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** The matrix view's size: at most 300 px high, columns at least 92 px wide, rows 24 px high. */
export function matrixLayout(
  rows: number,
  columns: number,
  availableWidth = 0,
): { height: number; rowHeight: number; columnWidth: number; width: number } {
  const columnWidth = Math.max(
    MATRIX_MIN_COLUMN_WIDTH,
    columns > 0 ? Math.floor(availableWidth / columns) : 0,
  );
  return {
    height: Math.min(MATRIX_MAX_HEIGHT, rows * MATRIX_ROW_HEIGHT),
    rowHeight: MATRIX_ROW_HEIGHT,
    columnWidth,
    width: columns * columnWidth,
  };
}

/** The shape of a nested array value ([] for a scalar; a ragged array counts its first items). */
export function shapeOf(value: unknown): number[] {
  const shape: number[] = [];
  let current = value;
  while (Array.isArray(current)) {
    shape.push(current.length);
    current = current[0];
  }
  return shape;
}
