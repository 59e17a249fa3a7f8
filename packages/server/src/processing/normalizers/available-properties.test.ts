import { describe, expect, it } from 'vitest';
import { availableProperties } from './available-properties.ts';

describe('available properties', () => {
  it('lists the NOMAD names of the sections present, sorted', () => {
    expect(
      availableProperties({
        n_calculations: 1,
        structures: { structure_original: {} },
        electronic: {
          dos_electronic: [{ energies: '/run/0/calculation/0/dos_electronic/0/energies' }],
          band_structure_electronic: [{ segment: [], band_gap: [{ value: 1e-19 }] }],
        },
        geometry_optimization: { final_energy_difference: 1e-22 },
      }),
    ).toEqual([
      'band_structure_electronic',
      'dos_electronic',
      'electronic.band_structure_electronic.band_gap',
      'geometry_optimization',
    ]);
  });

  it('does not count empty repeating sections', () => {
    expect(
      availableProperties({
        electronic: { band_structure_electronic: [{ band_gap: [] }], dos_electronic: [] },
      }),
    ).toEqual(['band_structure_electronic']);
    expect(availableProperties({ structures: {} })).toEqual([]);
  });
});
