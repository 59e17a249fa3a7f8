/**
 * The unit systems an installation offers when its configuration names none: 'Custom' (the units
 * materials scientists read: eV, Å, °, GPa, fs, K; each can be changed) and 'SI' (all locked).
 */
export const DEFAULT_UNIT_SYSTEMS = {
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
} as const;
