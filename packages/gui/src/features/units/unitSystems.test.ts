import type { UiConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { readUnitSystems } from './unitSystems.ts';

describe('readUnitSystems', () => {
  it('reads the configured systems and the selected one', () => {
    const ui = {
      unit_systems: {
        selected: 'SI',
        options: {
          Custom: { label: 'Custom', units: { energy: { definition: 'eV', locked: false } } },
          SI: {
            label: 'International System of Units (SI)',
            units: { energy: { definition: 'J', locked: true } },
          },
        },
      },
    } as UiConfig;
    const systems = readUnitSystems(ui);
    expect(Object.keys(systems.options)).toEqual(['Custom', 'SI']);
    expect(systems.selected).toBe('SI');
    expect(systems.options.SI?.units.energy).toEqual({ definition: 'J', locked: true });
  });

  it('falls back to the first system, and to the stored units without configuration', () => {
    const ui = {
      unit_systems: { selected: 'gone', options: { A: { label: 'A', units: {} } } },
    } as UiConfig;
    expect(readUnitSystems(ui).selected).toBe('A');
    const none = readUnitSystems({} as UiConfig);
    expect(none.selected).toBe('SI');
    expect(none.options.SI?.units).toEqual({});
  });
});
