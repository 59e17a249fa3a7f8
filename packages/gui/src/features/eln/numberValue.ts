import { convertValue, parseNumberWithUnit, UnitError } from '@oasis/schema';

/**
 * A number as a notebook's number field takes it (spec 3 §5): typed in the display unit or with a unit of
 * its own ('5 mm'), stored in the quantity's unit; integer types need an integer, unsigned ones one of at
 * least 0; bounds in the quantity's unit.
 */
export interface NumberRules {
  /** The quantity's data type as its schema names it ('float64', 'int32', 'uint8', 'float'). */
  dtype: string;
  /** The quantity's unit (values are stored in it). */
  unit?: string;
  /** The unit values are shown and typed in (the annotation's defaultDisplayUnit, else `unit`). */
  displayUnit?: string;
  min?: number;
  max?: number;
}

export type NumberCheck = { value: number | undefined; error?: undefined } | { error: string };

const inParentheses = (unit: string | undefined) => (unit ? ` (${unit})` : '');

export const checkNumber = (text: string, rules: NumberRules): NumberCheck => {
  if (text.trim() === '') return { value: undefined };
  const invalid = { error: `Enter a valid numerical value with datatype '${rules.dtype}'` };
  let typed: { value: number; unit: string };
  try {
    typed = parseNumberWithUnit(text);
  } catch {
    return invalid;
  }
  let value = typed.value;
  if (rules.unit) {
    const from = typed.unit || rules.displayUnit || rules.unit;
    try {
      // Fifteen digits: what a conversion's floating-point noise would add is not kept.
      value = Number(convertValue(value, from, rules.unit).toPrecision(15));
    } catch (error) {
      return { error: error instanceof UnitError ? error.message : String(error) };
    }
  } else if (typed.unit) return invalid;
  if (!Number.isFinite(value)) return invalid;
  if (/int/.test(rules.dtype) && !Number.isInteger(value)) return invalid;
  if (/^uint/.test(rules.dtype) && value < 0) return invalid;
  if (rules.max !== undefined && value > rules.max)
    return { error: `Enter a value that is equal or smaller than ${rules.max}${inParentheses(rules.unit)}` };
  if (rules.min !== undefined && value < rules.min)
    return { error: `Enter a value that is equal or larger than ${rules.min}${inParentheses(rules.unit)}` };
  return { value };
};

/** The stored value as the field shows it: in the display unit, without float noise. */
export const shownNumber = (value: unknown, rules: NumberRules): string => {
  if (typeof value !== 'number') return '';
  const shown =
    rules.unit && rules.displayUnit && rules.displayUnit !== rules.unit
      ? convertValue(value, rules.unit, rules.displayUnit)
      : value;
  return String(Number(shown.toPrecision(12)));
};
