import { describe, expect, it } from 'vitest';
import { archiveRequest, needsArchive } from './properties.ts';

describe('needsArchive', () => {
  it('fetches the archive only when there is something to plot', () => {
    expect(needsArchive(undefined)).toBe(false);
    expect(needsArchive({ material: { elements: ['Si'] } })).toBe(false);
    expect(needsArchive({ properties: { available_properties: ['dos_electronic'] } })).toBe(true);
    expect(needsArchive({ properties: { available_properties: ['geometry_optimization'] } })).toBe(true);
    expect(needsArchive({ properties: { available_properties: ['band_structure_electronic'] } })).toBe(true);
    expect(needsArchive({ properties: { electronic: { dos_electronic: [{ energies: '/run/0' }] } } })).toBe(
      true,
    );
    // Band gaps alone are in the metadata already.
    expect(needsArchive({ properties: { electronic: { band_gap: [{ value: 1e-19 }] } } })).toBe(false);
    expect(needsArchive({ properties: { available_properties: ['structures'] } })).toBe(false);
  });
});

describe('archiveRequest', () => {
  const densities = {
    results: { properties: { structures: { structure_original: { mass_density: '*' } } } },
  };
  it('asks for the property sections the cards plot, with what they reference', () => {
    expect(
      archiveRequest(
        { properties: { available_properties: ['dos_phonon', 'trajectory', 'mean_squared_displacement'] } },
        densities,
      ),
    ).toEqual({
      results: {
        properties: {
          vibrational: 'include-resolved',
          thermodynamic: 'include-resolved',
          dynamical: 'include-resolved',
        },
      },
    });
    // With a lattice table the densities come along; electronic plots still take the whole archive.
    expect(
      archiveRequest(
        {
          properties: {
            available_properties: ['spectra'],
            structures: { structure_original: { n_sites: 2 } },
          },
        },
        densities,
      ),
    ).toEqual({
      results: {
        properties: {
          structures: { structure_original: { mass_density: '*' } },
          spectroscopic: 'include-resolved',
        },
      },
    });
    expect(
      archiveRequest({ properties: { available_properties: ['dos_electronic', 'spectra'] } }, densities),
    ).toBe('*');
    expect(
      archiveRequest({ properties: { available_properties: ['solar_cell'] } }, densities),
    ).toBeUndefined();
  });
});
