import { describe, expect, it } from 'vitest';
import { createRegistry, entrySearchQuantities } from './quantities.ts';

describe('entry search quantities', () => {
  const registry = createRegistry(entrySearchQuantities);
  const get = (name: string) => registry.get(name);

  it('derive results quantities from the metainfo with the types search compares by', () => {
    expect(get('results.material.symmetry.space_group_number')).toMatchObject({
      type: 'number',
      integer: true,
      list: false,
    });
    expect(get('results.material.symmetry.crystal_system')?.enumValues).toContain('cubic');
    expect(get('results.material.structural_type')?.enumValues).toContain('molecule / cluster');
    expect(get('results.material.elements')).toMatchObject({
      type: 'string',
      list: true,
      aggregatable: true,
    });
    expect(get('results.method.simulation.program_name')).toMatchObject({ type: 'string', suggestion: true });
    expect(get('results.method.simulation.dft.xc_functional_names')).toMatchObject({
      type: 'string',
      list: true,
    });
    expect(get('results.method.simulation.dft.xc_functional_type')?.enumValues).toContain('GGA');
    expect(get('results.method.simulation.dft.spin_polarized')?.type).toBe('boolean');
    expect(get('results.properties.available_properties')).toMatchObject({ type: 'string', list: true });
    for (const owner of ['dos_electronic', 'band_structure_electronic']) {
      expect(get(`results.properties.electronic.${owner}.band_gap.value`)).toMatchObject({
        type: 'number',
        unit: 'joule',
        repeats: true,
        aggregatable: false,
      });
      expect(get(`results.properties.electronic.${owner}.band_gap.value`)).not.toHaveProperty('integer');
      expect(get(`results.properties.electronic.${owner}.band_gap.type`)?.enumValues).toEqual([
        'direct',
        'indirect',
      ]);
    }
    expect(get('results.properties.geometry_optimization.final_force_maximum')).toMatchObject({
      type: 'number',
      unit: 'newton',
    });
    expect(get('results.properties.structures.structure_original.lattice_parameters.alpha')?.unit).toBe(
      'radian',
    );
  });

  it('keep the entry metadata quantities and list each name once', () => {
    expect(get('entry_id')?.type).toBe('string');
    expect(get('authors.name')).toMatchObject({ list: true, suggestion: true });
    expect(get('upload_create_time')?.type).toBe('timestamp');
    const names = entrySearchQuantities.map((q) => q.name);
    expect(new Set(names).size).toBe(names.length);
    expect(registry.isSection('results.material.symmetry')).toBe(true);
    // Large arrays and references are not searchable.
    expect(
      registry.isQuantity('results.properties.structures.structure_original.cartesian_site_positions'),
    ).toBe(false);
    expect(registry.isQuantity('results.properties.electronic.dos_electronic.energies')).toBe(false);
  });
});
