/** Display helpers shared by all screens (spec 1 §2.4 and §9). */

export const UNAVAILABLE = 'unavailable';
const MISSING_LABEL = 'MISSING LABEL';

/** Empty values, and the placeholder 'not processed', display as 'unavailable'. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === 'not processed' ||
    (typeof value === 'number' && Number.isNaN(value)) ||
    (Array.isArray(value) && value.length === 0)
  );
}

export function displayValue(value: unknown): string {
  if (isEmptyValue(value)) return UNAVAILABLE;
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  return String(value);
}

export function displayLabel(label: string | undefined | null): string {
  return label ? label : MISSING_LABEL;
}

const SI_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

export type NumberFormat = 'scientific' | 'SI';

/** Rounds to `decimals` and drops trailing zeros, without floating-point noise ("0.1 + 0.2" -> "0.3"). */
function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * Numbers with at most 3 decimals. 'scientific' (default) switches to exponent notation when the
 * absolute value is above 1000 or below 0.01; 'SI' uses the suffixes k, M, G, T, P, E instead.
 */
export function formatNumber(
  value: number | null | undefined,
  options: { decimals?: number; format?: NumberFormat } = {},
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return UNAVAILABLE;
  const decimals = options.decimals ?? 3;
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const abs = Math.abs(value);
  if (options.format === 'SI') {
    const power = abs < 1000 ? 0 : Math.min(Math.floor(Math.log10(abs) / 3), SI_SUFFIXES.length - 1);
    const scaled = value / 1000 ** power;
    // Rounding may carry over into the next suffix (999.9996k -> 1000k); move up instead.
    if (Math.abs(Number(fixed(scaled, decimals))) >= 1000 && power < SI_SUFFIXES.length - 1) {
      return `${fixed(scaled / 1000, decimals)}${SI_SUFFIXES[power + 1]}`;
    }
    return `${fixed(scaled, decimals)}${SI_SUFFIXES[power]}`;
  }
  if (value !== 0 && (abs > 1000 || abs < 0.01)) {
    const [mantissa = '', exponent = ''] = value.toExponential(decimals).split('e');
    return `${fixed(Number(mantissa), decimals)}e${exponent}`;
  }
  return fixed(value, decimals);
}

const ABBREVIATIONS = [
  { value: 1e9, word: 'billion' },
  { value: 1e6, word: 'million' },
  { value: 1e3, word: 'thousand' },
] as const;

/** Statistics on the landing page: '12.3 thousand', '1.5 million' (one decimal); small numbers as they are. */
export function abbreviateNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return UNAVAILABLE;
  const abs = Math.abs(value);
  for (const { value: unit, word } of ABBREVIATIONS) {
    if (abs >= unit) return `${(value / unit).toFixed(1)} ${word}`;
  }
  return String(Math.round(value));
}

/** Author lists with more than 3 authors show the first and last plus 'et al'. */
export function formatAuthors(names: readonly string[], expanded = false): string {
  if (names.length === 0) return UNAVAILABLE;
  if (names.length > 3 && !expanded) return `${names[0]}, ${names[names.length - 1]} et al`;
  return names.join(', ');
}
