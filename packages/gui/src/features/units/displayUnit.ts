import { convertValue, dimensionName, parseUnit, unitList } from '@oasis/schema';
import type { UnitSystem } from './unitSystems.ts';

/** The unit per dimension currently in force: the system's units with the user's overrides. */
export type UnitsByDimension = Readonly<Record<string, string>>;

export interface DisplayUnit {
  /** The unit expression values are shown in; undefined for values without a unit. */
  unit: string | undefined;
  /** The unit as it is printed next to a value ('eV', 'kg / Å^3'); '' when there is nothing to print. */
  label: string;
  /** A value in the stored unit, converted to `unit`. */
  convert(value: number): number;
}

/** Locked units of a system cannot be overridden. */
export function effectiveUnits(
  system: UnitSystem,
  overrides: Readonly<Record<string, string>>,
): UnitsByDimension {
  const units: Record<string, string> = {};
  for (const [dimension, unit] of Object.entries(system.units))
    units[dimension] = (!unit.locked && overrides[dimension]) || unit.definition;
  return units;
}

const nameRe = /[A-Za-z_ÅΩµμ°Δ][A-Za-z0-9_ÅΩµμ°]*/g;
const abbreviations = new Map(unitList.map((unit) => [unit.name, unit.abbreviation]));

/** 'kilogram / meter ** 3' -> 'kg / m^3'; names without an abbreviation stay as they are. */
export function unitLabel(expression: string | undefined): string {
  if (!expression || expression === 'dimensionless') return '';
  return expression
    .replace(nameRe, (name) => abbreviations.get(name) ?? name)
    .replace(/\s*\*\*\s*/g, '^')
    .trim();
}

/** The dimension name of a unit expression ('joule' -> 'energy'), undefined if it cannot be parsed. */
function dimensionOfUnit(expression: string): string | undefined {
  try {
    return dimensionName(parseUnit(expression).dimensions);
  } catch {
    return undefined;
  }
}

const converts = (from: string, to: string): boolean => {
  try {
    convertValue(1, from, to);
    return true;
  } catch {
    return false;
  }
};

/**
 * A composite unit ('kilogram / meter ** 3') has no dimension of its own in a unit system: each unit name
 * in it is replaced by the system's unit of that name's dimension ('kg / Å ** 3').
 */
function composedUnit(stored: string, units: UnitsByDimension): string {
  return stored.replace(nameRe, (name) => {
    const unit = unitOfDimension(dimensionOfUnit(name), units);
    if (!unit || !converts(name, unit)) return name;
    return /[\s*/^()]/.test(unit) ? `(${unit})` : unit;
  });
}

/**
 * Dimensions a unit system may leave out because they are quotients of ones it has: the default systems
 * give no force unit, so forces follow the system's energy per length (eV/Å in Custom) as NOMAD shows them.
 */
const DERIVED_DIMENSIONS: Readonly<Record<string, readonly [string, string]>> = {
  force: ['energy', 'length'],
};

/** The system's unit of `dimension`, configured or derived from the units it is a quotient of. */
function unitOfDimension(dimension: string | undefined, units: UnitsByDimension): string | undefined {
  if (dimension === undefined) return undefined;
  const configured = units[dimension];
  if (configured) return configured;
  const parts = DERIVED_DIMENSIONS[dimension];
  const numerator = parts && units[parts[0]];
  const denominator = parts && units[parts[1]];
  return numerator && denominator ? `${numerator} / ${denominator}` : undefined;
}

const identity = (value: number) => value;

/**
 * Where a value stored in `stored` is shown: in `explicit` (a column's configured unit) if that fits,
 * else in the unit system's unit of the dimension, else composed from the system's units, else as stored.
 */
export function resolveDisplayUnit(
  stored: string | undefined,
  units: UnitsByDimension,
  dimension?: string,
  explicit?: string,
): DisplayUnit {
  if (!stored) return { unit: undefined, label: '', convert: identity };
  const dimensionUnit = unitOfDimension(dimension ?? dimensionOfUnit(stored), units);
  const candidates = [explicit, dimensionUnit, composedUnit(stored, units)];
  const target = candidates.find((unit): unit is string => unit !== undefined && converts(stored, unit));
  if (!target || target === stored) return { unit: stored, label: unitLabel(stored), convert: identity };
  return { unit: target, label: unitLabel(target), convert: (value) => convertValue(value, stored, target) };
}
