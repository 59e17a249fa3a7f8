import { convertValue, UnitError } from '@oasis/schema';

/**
 * Why `typed` cannot replace `reference` as the unit of a dimension, or undefined if it can. Messages
 * are the unit input's (spec 1 §5.1): parse errors and 'Unit "X" is incompatible with dimension "Y".'
 */
export function unitInputError(typed: string, reference: string): string | undefined {
  if (typed.trim() === '') return 'Please specify a value';
  try {
    convertValue(1, typed, reference);
    return undefined;
  } catch (error) {
    if (error instanceof UnitError) return error.message;
    throw error;
  }
}

/** Whether a configured unit is one the conversion knows (some systems name units it does not have). */
export function isKnownUnit(unit: string): boolean {
  try {
    convertValue(1, unit, unit);
    return true;
  } catch {
    return false;
  }
}
