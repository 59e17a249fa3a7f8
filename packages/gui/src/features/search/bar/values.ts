import type { FilterDefinition } from '../context/types.ts';
import { UnitError, convertValue, parseNumberWithUnit } from '@oasis/schema';

/** A typed value that does not fit its quantity; the search bar reports it with its own message. */
export class ValueError extends Error {}

/** 'true' / 'false' in any letter case (spec 1 §5.3). */
export function parseBoolean(text: string): boolean {
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new ValueError(`Could not parse the boolean "${text}"`);
}

/**
 * A number with an optional unit ('2', '0.5 eV', '1e-3eV') in `unit`, the unit the server stores the
 * quantity in. A bare number is read in `bareUnit` (the unit the user sees values in), by default in
 * `unit` itself; a unit on a quantity without one fails.
 */
export function parseNumber(
  text: string,
  unit: string | undefined,
  bareUnit: string | undefined = unit,
): number {
  let parsed: { value: number; unit: string };
  try {
    parsed = parseNumberWithUnit(text);
  } catch {
    throw new ValueError('Could not parse the number');
  }
  if (!Number.isFinite(parsed.value)) throw new ValueError('Could not parse the number');
  if (parsed.unit === '' && (!unit || !bareUnit || bareUnit === unit)) return parsed.value;
  if (!unit) throw new ValueError(`The value "${text}" has a unit but the quantity has none`);
  try {
    return convertValue(parsed.value, parsed.unit || bareUnit!, unit);
  } catch (error) {
    if (error instanceof UnitError) throw new ValueError(error.message);
    throw error;
  }
}

/** A date or date-time ('2024-01-31', '2024-01-31T12:00:00Z') as the ISO string the filters hold. */
export function parseTimestamp(text: string): string {
  const trimmed = text.trim();
  // Date.parse also reads bare numbers ('5') as years; a timestamp has to look like a date.
  if (!/^\d{4}-\d{2}(-\d{2})?([T ].*)?$/.test(trimmed)) throw new ValueError(`Invalid date "${text}"`);
  const time = Date.parse(trimmed);
  if (Number.isNaN(time)) throw new ValueError(`Invalid date "${text}"`);
  return new Date(time).toISOString();
}

/** The unit a number typed without one is read in, per quantity; undefined means the stored unit. */
export type BareUnitOf = (definition: FilterDefinition) => string | undefined;

const storedUnit: BareUnitOf = (definition) => definition.unit;

/** One value of an equality query, typed as the quantity's filter holds it. */
export function parseEqualityValue(
  text: string,
  definition: FilterDefinition,
  bareUnitOf: BareUnitOf = storedUnit,
): string | number | boolean {
  const trimmed = text.trim();
  switch (definition.dtype) {
    case 'int': {
      const value = parseNumber(trimmed, definition.unit, bareUnitOf(definition));
      if (!Number.isInteger(value)) throw new ValueError(`"${text}" is not an integer`);
      return value;
    }
    case 'float':
      return parseNumber(trimmed, definition.unit, bareUnitOf(definition));
    case 'boolean':
      return parseBoolean(trimmed);
    case 'timestamp':
      return parseTimestamp(trimmed);
    case 'enum':
      if (definition.options && !definition.options.includes(trimmed))
        throw new ValueError(`"${text}" is not one of the options`);
      return trimmed;
    default:
      return trimmed;
  }
}

/** One bound of a range query: a number in the stored unit, or an ISO time for timestamps. */
export function parseRangeValue(
  text: string,
  definition: FilterDefinition,
  bareUnitOf: BareUnitOf = storedUnit,
): number | string {
  switch (definition.dtype) {
    case 'int':
    case 'float':
      return parseNumber(text.trim(), definition.unit, bareUnitOf(definition));
    case 'timestamp':
      return parseTimestamp(text);
    default:
      throw new ValueError(`The quantity ${definition.quantity} has no order`);
  }
}
