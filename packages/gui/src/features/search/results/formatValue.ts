import { formatNumber, isEmptyValue, UNAVAILABLE } from '../../../components/format.ts';
import { formatDateTime } from '../../../components/dateTime.ts';
import type { ColumnFormat } from './config.ts';

const DEFAULT_DECIMALS = 3;

export interface ValueDisplay {
  format?: ColumnFormat;
  /** Timestamps are shown as date and time unless the format asks for one of them. */
  timestamp?: boolean;
  /** From the stored unit to the displayed one. */
  convert?: (value: number) => number;
  /** Printed after numbers ('eV'); '' or undefined for none. */
  unitLabel?: string;
}

/**
 * Fixed decimals without trailing zeros and without exponent; a value that would read as 0 (or that
 * toFixed cannot write out) keeps its digits in exponent notation instead.
 */
function standard(value: number, decimals: number, separator: string | undefined): string {
  if (Math.abs(value) >= 1e21 || (value !== 0 && Number(value.toFixed(decimals)) === 0))
    return formatNumber(value, { decimals });
  const text = value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  if (!separator) return trimmed;
  const [whole = '', fraction] = trimmed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A number in the column's format mode (spec 1 §9 rule when no mode is configured). */
export function formatNumberValue(value: number, format: ColumnFormat = {}): string {
  if (!Number.isFinite(value)) return formatNumber(value);
  const decimals = format.decimals ?? DEFAULT_DECIMALS;
  switch (format.mode) {
    case 'standard':
      return standard(value, decimals, format.separator);
    case 'separator':
    case 'separators':
      return standard(value, decimals, format.separator ?? ',');
    case 'SI':
      return formatNumber(value, { decimals, format: 'SI' });
    default:
      return formatNumber(value, { decimals });
  }
}

const TIME_MODES = new Set(['date', 'time', 'date-time', 'datetime']);

/** dd/MM/yyyy, HH:mm or both (spec 1 §9 date format). */
export function formatTimestamp(value: string, mode: string | undefined): string {
  const text = formatDateTime(value);
  if (text === UNAVAILABLE) return text;
  const [date = '', time = ''] = text.split(' ');
  if (mode === 'date') return date;
  if (mode === 'time') return time;
  return text;
}

/** One value of a result cell as text: numbers converted and formatted with their unit, lists joined. */
export function formatValue(value: unknown, display: ValueDisplay = {}): string {
  if (isEmptyValue(value)) return UNAVAILABLE;
  if (Array.isArray(value)) {
    const parts = value.flat(Infinity).filter((item: unknown) => !isEmptyValue(item));
    return parts.length === 0
      ? UNAVAILABLE
      : parts.map((item: unknown) => formatValue(item, display)).join(', ');
  }
  const mode = display.format?.mode;
  if (typeof value === 'string' && (display.timestamp || (mode !== undefined && TIME_MODES.has(mode))))
    return formatTimestamp(value, mode);
  if (typeof value === 'number') {
    const converted = display.convert ? display.convert(value) : value;
    const text = formatNumberValue(converted, display.format);
    return display.unitLabel ? `${text} ${display.unitLabel}` : text;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
