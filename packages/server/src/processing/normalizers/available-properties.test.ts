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
          band_structure_electronic: [
            {
              segment: ['/run/0/calculation/0/band_structure_electronic/0/segment/0'],
              band_gap: [{ value: 1e-19 }],
            },
          ],
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

  it('does not count empty repeating sections, nor a band structure without segments', () => {
    expect(
      availableProperties({
        electronic: { band_structure_electronic: [{ segment: ['/s/0'], band_gap: [] }], dos_electronic: [] },
      }),
    ).toEqual(['band_structure_electronic']);
    // Band gaps alone (what a seeded entry or a DOS-only run has) are searchable, but there is nothing to plot.
    expect(
      availableProperties({ electronic: { band_structure_electronic: [{ band_gap: [{ value: 1e-19 }] }] } }),
    ).toEqual(['electronic.band_structure_electronic.band_gap']);
    expect(availableProperties({ structures: {} })).toEqual([]);
  });
});
