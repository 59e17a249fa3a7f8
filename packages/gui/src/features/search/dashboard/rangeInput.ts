/** Typed bounds of a histogram range (spec 2 §5 "Ranges"). */
export interface RangeText {
  min: string;
  max: string;
}

export interface RangeCheck {
  /** Parsed bounds in display units (epoch ms for dates); undefined for an empty (open) end. */
  min?: number;
  max?: number;
  errors: { min?: string; max?: string };
}

function parseBound(text: string, timestamp: boolean): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = timestamp ? Date.parse(trimmed) : Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Parses and checks the typed minimum and maximum; null marks a bound that does not parse. */
export function checkRange(text: RangeText, timestamp: boolean): RangeCheck {
  const min = parseBound(text.min, timestamp);
  const max = parseBound(text.max, timestamp);
  const errors: RangeCheck['errors'] = {};
  if (min === null) errors.min = timestamp ? 'Invalid start date.' : 'Invalid minimum value.';
  if (max === null) errors.max = timestamp ? 'Invalid end date.' : 'Invalid maximum value.';
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    errors.min = 'Cannot be larger than maximum value.';
    errors.max = 'Cannot be smaller than minimum value.';
  }
  return { min: min ?? undefined, max: max ?? undefined, errors };
}

/** A bound as the inputs show it: ISO date-time for timestamps, the plain number otherwise. */
export function boundText(value: number | undefined, timestamp: boolean): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return timestamp ? new Date(value).toISOString() : String(Number(value.toPrecision(6)));
}
