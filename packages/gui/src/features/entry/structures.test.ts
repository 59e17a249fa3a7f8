import { describe, expect, it } from 'vitest';
import { archiveRequest } from './properties.ts';
import { availableKinds, DENSITIES_REQUIRED, latticeRows, withArchiveDensities } from './structures.ts';
import { testEntryUnits } from './testUnitSystems.ts';

const lattice = {
  a: 5.431e-10,
  b: 5.431e-10,
  c: 5.431e-10,
  alpha: Math.PI / 2,
  beta: Math.PI / 2,
  gamma: Math.PI / 2,
};

describe('structures', () => {
  it('lists the cells that exist, original first', () => {
    expect(availableKinds({ structure_primitive: {}, structure_original: {} })).toEqual([
      'original',
      'primitive',
    ]);
  });

  it('adds the archive densities to the metadata cells', () => {
    const indexed = { structure_conventional: { n_sites: 8, lattice_parameters: lattice } };
    const archive = {
      results: {
        properties: { structures: { structure_conventional: { mass_density: 2329, atomic_density: 5e28 } } },
      },
    };
    expect(withArchiveDensities(indexed, { status: 'ready', archive })).toEqual({
      structure_conventional: {
        n_sites: 8,
        lattice_parameters: lattice,
        mass_density: 2329,
        atomic_density: 5e28,
      },
    });
    expect(withArchiveDensities(indexed, { status: 'loading' })).toBe(indexed);
    expect(withArchiveDensities(undefined, { status: 'ready', archive })).toBeUndefined();
  });

  // Silicon's conventional cell: a = 5.431 Å, V = a³ = 160.19 Å³, 8 atoms, ρ = 2329 kg/m³.
  const silicon = { lattice_parameters: lattice, cell_volume: 1.6019e-28, mass_density: 2329, n_sites: 8 };

  it("writes the lattice in Å, degrees, Å³ and g/cm³ in the 'Custom' unit system", () => {
    const rows = Object.fromEntries(latticeRows(silicon, testEntryUnits('Custom')));
    expect(rows).toEqual({
      a: '5.431 Å',
      b: '5.431 Å',
      c: '5.431 Å',
      α: '90°',
      β: '90°',
      γ: '90°',
      volume: '160.19 Å³',
      'mass density': '2.329 g/cm³',
      'atomic density': undefined,
      'number of sites': '8',
    });
  });

  it('writes the lattice in m, rad, m³ and kg/m³ in SI', () => {
    const rows = Object.fromEntries(latticeRows(silicon, testEntryUnits('SI')));
    expect(rows).toMatchObject({
      a: '5.431e-10 m',
      α: '1.571 rad',
      volume: '1.602e-28 m³',
      'mass density': '2.329e+3 kg/m³',
      'number of sites': '8',
    });
  });

  it('asks the archive for everything when plotting, else only for densities of existing cells', () => {
    expect(
      archiveRequest({ properties: { available_properties: ['dos_electronic'] } }, DENSITIES_REQUIRED),
    ).toBe('*');
    expect(
      archiveRequest({ properties: { structures: { structure_original: {} } } }, DENSITIES_REQUIRED),
    ).toBe(DENSITIES_REQUIRED);
    expect(archiveRequest({ material: { elements: ['Si'] } }, DENSITIES_REQUIRED)).toBeUndefined();
    expect(DENSITIES_REQUIRED.results.properties.structures.structure_primitive).toEqual({
      mass_density: '*',
      atomic_density: '*',
    });
  });
});
