import { DEFAULT_UNIT_SYSTEMS } from '@oasis/schema';
import type { Units } from '../units/index.ts';
import { entryUnits, type EntryUnits } from './units.ts';

/** The server's default unit systems for entry tests: the page opens in 'Custom' (eV, Å, °), SI is locked. */
export const testUnitSystems = DEFAULT_UNIT_SYSTEMS;

/** The units in force in a unit system with optional overrides of unlocked dimensions, as useUnits has them. */
export function unitsInSystem(
  system: Units['system'],
  overrides: Readonly<Record<string, string>> = {},
): Pick<Units, 'units' | 'system'> {
  const units = Object.fromEntries(
    Object.entries(system.units).map(([dimension, unit]) => [
      dimension,
      (!unit.locked && overrides[dimension]) || unit.definition,
    ]),
  );
  return { system, units };
}

/** The entry units of one of the test systems. */
export const testEntryUnits = (system: keyof typeof testUnitSystems.options): EntryUnits =>
  entryUnits(unitsInSystem(testUnitSystems.options[system]));
