import { describe, expect, it } from 'vitest';
import { needsArchive } from './properties.ts';

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
