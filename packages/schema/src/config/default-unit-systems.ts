/**
 * Units of the dimensions both systems give alike. NOMAD's GUI converts every value with a unit into the
 * selected system and fails when neither the value's dimension nor its base dimensions are there, so each
 * base dimension is here, and the derived ones NOMAD lists. Forces are left out: they are shown in the
 * system's energy per length (eV/Å), which follows a changed energy or length unit.
 */
const common = {
  dimensionless: 'dimensionless',
  mass: 'kg',
  current: 'A',
  temperature: 'K',
  luminosity: 'cd',
  luminous_flux: 'lm',
  substance: 'mol',
  information: 'bit',
  power: 'W',
  charge: 'C',
  resistance: 'Ω',
  conductance: 'S',
  inductance: 'H',
  magnetic_flux: 'Wb',
  magnetic_field: 'T',
  frequency: 'Hz',
  luminance: 'nit',
  illuminance: 'lx',
  electric_potential: 'V',
  capacitance: 'F',
  activity: 'kat',
} as const;

const system = (label: string, locked: boolean, own: Record<string, string>) => ({
  label,
  units: Object.fromEntries(
    Object.entries({ ...own, ...common }).map(([dimension, definition]) => [
      dimension,
      { definition, locked },
    ]),
  ),
});

/**
 * The unit systems an installation offers when its configuration names none: 'Custom' (the units
 * materials scientists read: eV, Å, °, GPa, fs; each can be changed) and 'SI' (all locked).
 */
export const DEFAULT_UNIT_SYSTEMS = {
  selected: 'Custom',
  options: {
    Custom: system('Custom', false, { angle: '°', energy: 'eV', length: 'Å', pressure: 'GPa', time: 'fs' }),
    SI: system('SI', true, { angle: 'rad', energy: 'J', length: 'm', pressure: 'Pa', time: 's' }),
  },
};
