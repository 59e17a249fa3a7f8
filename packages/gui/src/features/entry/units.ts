import { formatNumber } from '../../components/format.ts';
import { resolveDisplayUnit, type DisplayUnit, type Units } from '../units/index.ts';

/**
 * The quantities with units on the entry overview, in the unit the results store them in (SI). The
 * display unit comes from the unit system: a named dimension takes the system's unit, other units are
 * composed from the system's units of their parts (Å³, eV/Å, 1/eV).
 */
interface EntryQuantity {
  stored: string;
  dimension?: string;
  /**
   * A unit materials scientists read more easily than the composed one (g/cm³ rather than kg/Å³). It is
   * used while the system lets the user choose the units it is made of (they are configured and
   * unlocked); a system fixing them (SI) or not configuring them (values as stored) composes the unit.
   */
  preferred?: { unit: string; dimensions: readonly string[] };
  /** What a per-unit quantity counts: 'states' makes the label '1/eV' read 'states/eV'. */
  counts?: string;
}

const QUANTITIES = {
  energy: { stored: 'joule', dimension: 'energy' },
  length: { stored: 'meter', dimension: 'length' },
  angle: { stored: 'radian', dimension: 'angle' },
  volume: { stored: 'meter ** 3' },
  massDensity: {
    stored: 'kilogram / meter ** 3',
    preferred: { unit: 'g / cm ** 3', dimensions: ['mass', 'length'] },
  },
  atomicDensity: { stored: '1 / meter ** 3' },
  // Newton written as energy per length, so that forces follow the energy and length units (eV/Å).
  force: { stored: 'joule / meter' },
  // Densities of states are stored per joule.
  dos: { stored: '1 / joule', counts: 'states' },
  reciprocalLength: { stored: '1 / meter' },
  temperature: { stored: 'kelvin', dimension: 'temperature' },
  pressure: { stored: 'pascal', dimension: 'pressure' },
  time: { stored: 'second', dimension: 'time' },
  heatCapacity: { stored: 'joule / kelvin' },
  area: { stored: 'meter ** 2' },
  diffusion: { stored: 'meter ** 2 / second' },
} as const satisfies Record<string, EntryQuantity>;

type EntryQuantityName = keyof typeof QUANTITIES;

/** The display unit of every entry quantity ('eV', 'Å³', ...), with labels as the page prints them. */
export type EntryUnits = Readonly<Record<EntryQuantityName, DisplayUnit>>;

const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/** 'kg / m^3' -> 'kg/m³', '1 / Å^3' -> '1/Å³': powers as superscripts, no spaces around operators. */
export function compactLabel(label: string): string {
  return label
    .replace(/\^(-?\d+)/g, (_, power: string) => [...power].map((c) => SUPERSCRIPTS[c] ?? c).join(''))
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s*\*\s*/g, '·');
}

function usesPreferred(quantity: EntryQuantity, system: Units['system']): boolean {
  if (!quantity.preferred) return false;
  const configured = quantity.preferred.dimensions.flatMap((dimension) => system.units[dimension] ?? []);
  return configured.length > 0 && configured.every((unit) => unit.locked !== true);
}

/** The entry quantities' display units in the unit system in force (see `useEntryUnits`). */
export function entryUnits({ units, system }: Pick<Units, 'units' | 'system'>): EntryUnits {
  const resolve = (quantity: EntryQuantity): DisplayUnit => {
    const explicit = usesPreferred(quantity, system) ? quantity.preferred?.unit : undefined;
    const unit = resolveDisplayUnit(quantity.stored, units, quantity.dimension, explicit);
    const label = compactLabel(unit.label);
    return { ...unit, label: quantity.counts ? label.replace(/^1\//, `${quantity.counts}/`) : label };
  };
  return Object.fromEntries(
    Object.entries(QUANTITIES).map(([name, quantity]) => [name, resolve(quantity)]),
  ) as Record<EntryQuantityName, DisplayUnit>;
}

/**
 * '5.431 Å', '90°' (degrees stick to the number); undefined (shown as 'unavailable') when the value is
 * missing or not a finite number. `value` is in the stored (SI) unit.
 */
export function formatQuantity(value: unknown, unit: DisplayUnit, decimals = 3): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const text = formatNumber(unit.convert(value), { decimals });
  if (unit.label === '') return text;
  return unit.label === '°' ? `${text}°` : `${text} ${unit.label}`;
}

/** 'Energy (eV)': an axis title with the unit, or the bare name for values without one. */
export function axisTitle(name: string, unit: DisplayUnit): string {
  return unit.label === '' ? name : `${name} (${unit.label})`;
}
