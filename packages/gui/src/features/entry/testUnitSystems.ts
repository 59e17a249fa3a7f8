import type { Units } from '../units/index.ts';
import { entryUnits, type EntryUnits } from './units.ts';

/**
 * The server's default unit systems (packages/server/src/config/env-config.ts) for entry tests: the page
 * opens in 'Custom' (eV, Å, °) and can switch to SI (all units locked).
 */
export const testUnitSystems = {
  selected: 'Custom',
  options: {
    Custom: {
      label: 'Custom',
      units: {
        angle: { definition: '°', locked: false },
        energy: { definition: 'eV', locked: false },
        length: { definition: 'Å', locked: false },
        pressure: { definition: 'GPa', locked: false },
        time: { definition: 'fs', locked: false },
        temperature: { definition: 'K', locked: false },
      },
    },
    SI: {
      label: 'SI',
      units: {
        angle: { definition: 'rad', locked: true },
        energy: { definition: 'J', locked: true },
        length: { definition: 'm', locked: true },
        pressure: { definition: 'Pa', locked: true },
        time: { definition: 's', locked: true },
        temperature: { definition: 'K', locked: true },
      },
    },
  },
};

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
