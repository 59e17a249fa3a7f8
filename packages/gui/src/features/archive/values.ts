import { resolveDisplayUnit, type DisplayUnit, type UnitsByDimension } from '../units/index.ts';

/**
 * A quantity's values in the unit system the units menu selects: archives store SI values in the unit
 * their definition names; the browser converts numbers (also inside arrays) and labels the unit.
 */
export function displayUnitOf(storedUnit: string | undefined, units: UnitsByDimension): DisplayUnit {
  return resolveDisplayUnit(storedUnit, units);
}

/** Every number in a (nested) value converted; anything else kept. */
export function convertDeep(value: unknown, convert: (value: number) => number): unknown {
  if (typeof value === 'number') return convert(value);
  if (Array.isArray(value)) return value.map((item) => convertDeep(item, convert));
  return value;
}
