import type { UiConfig } from '@oasis/schema';

interface SystemUnit {
  definition: string;
  locked?: boolean;
}

export interface UnitSystem {
  label: string;
  /** Display unit per dimension ('energy' -> 'eV'). */
  units: Readonly<Record<string, SystemUnit>>;
}

export interface UnitSystems {
  /** In configuration order. */
  options: Readonly<Record<string, UnitSystem>>;
  /** The key of the system selected when the user has chosen none. */
  selected: string;
}

/** Without configured systems values are shown in the units the server stores them in (SI). */
const STORED_UNITS: UnitSystems = { options: { SI: { label: 'SI', units: {} } }, selected: 'SI' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readSystem(value: unknown): UnitSystem | undefined {
  if (!isObject(value) || typeof value.label !== 'string' || !isObject(value.units)) return undefined;
  const units: Record<string, SystemUnit> = {};
  for (const [dimension, unit] of Object.entries(value.units)) {
    if (isObject(unit) && typeof unit.definition === 'string' && unit.definition.length > 0)
      units[dimension] = { definition: unit.definition, locked: unit.locked === true };
  }
  return { label: value.label, units };
}

/** The unit systems of `ui.unit_systems`, tolerating a partial or malformed configuration. */
export function readUnitSystems(ui: UiConfig | undefined): UnitSystems {
  const config: unknown = ui?.unit_systems;
  if (!isObject(config) || !isObject(config.options)) return STORED_UNITS;
  const options: Record<string, UnitSystem> = {};
  for (const [key, value] of Object.entries(config.options)) {
    const system = readSystem(value);
    if (system) options[key] = system;
  }
  const keys = Object.keys(options);
  if (keys.length === 0) return STORED_UNITS;
  const selected =
    typeof config.selected === 'string' && options[config.selected] ? config.selected : keys[0]!;
  return { options, selected };
}
