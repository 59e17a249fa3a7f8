import { formatNumber } from '../../components/format.ts';

/**
 * Display units of the entry overview and their size in SI units. Archives store SI values; the GUI has
 * no unit-system setting yet (the schema's unit list carries names, not factors), so the overview shows
 * the units materials scientists read: eV, Å, degrees, g/cm³.
 */
const ELECTRON_VOLT = 1.602176634e-19; // J, exact since the 2019 SI redefinition
const ANGSTROM = 1e-10; // m

export const SI_PER_UNIT = {
  eV: ELECTRON_VOLT,
  Å: ANGSTROM,
  'Å³': ANGSTROM ** 3,
  '°': Math.PI / 180,
  'g/cm³': 1000, // 1 g/cm³ = 1000 kg/m³
  '1/Å³': 1 / ANGSTROM ** 3,
  '1/Å': 1 / ANGSTROM,
  'eV/Å': ELECTRON_VOLT / ANGSTROM,
  'states/eV': 1 / ELECTRON_VOLT,
} as const;

export type DisplayUnit = keyof typeof SI_PER_UNIT;

/** An SI value in the given display unit. */
export function fromSI(value: number, unit: DisplayUnit): number {
  return value / SI_PER_UNIT[unit];
}

/** An array of SI values in the given display unit. */
export function arrayFromSI(values: readonly number[], unit: DisplayUnit): number[] {
  const factor = SI_PER_UNIT[unit];
  return values.map((value) => value / factor);
}

/** '5.431 Å'; undefined (shown as 'unavailable') when the value is missing or not a finite number. */
export function formatSI(value: unknown, unit: DisplayUnit, decimals = 3): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const text = formatNumber(fromSI(value, unit), { decimals });
  return unit === '°' ? `${text}°` : `${text} ${unit}`;
}
