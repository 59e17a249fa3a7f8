import { describe, expect, it } from 'vitest';
import { structureFromCell, structureSection } from './structures.ts';

describe('structureSection', () => {
  it('writes SI quantities with densities for 3D cells', () => {
    const s = structureSection(
      structureFromCell({
        lattice: [
          [2, 0, 0],
          [0, 2, 0],
          [0, 0, 2],
        ],
        positions: [
          [0, 0, 0],
          [0.5, 0.5, 0.5],
        ],
        species: ['Na', 'Cl'],
      }),
    );
    expect(s.n_sites).toBe(2);
    expect(s.nperiodic_dimensions).toBe(3);
    expect(s.dimension_types).toEqual([1, 1, 1]);
    expect(s.species_at_sites).toEqual(['Na', 'Cl']);
    expect((s.cartesian_site_positions as number[][])[1]).toEqual([1e-10, 1e-10, 1e-10]);
    expect(s.cell_volume as number).toBeCloseTo(8e-30, 40);
    expect((s.lattice_parameters as { alpha: number }).alpha).toBeCloseTo(Math.PI / 2);
    // (22.98976928 + 35.453) amu / 8 Å^3 = 12131.4 kg/m^3; 2 atoms / 8 Å^3 = 2.5e29 / m^3.
    expect(s.mass_density as number).toBeCloseTo(((22.98976928 + 35.453) * 1.6605390666e-27) / 8e-30, 6);
    expect(s.atomic_density as number).toBeCloseTo(2.5e29, -15);
    expect(s.species).toEqual([
      { name: 'Na', chemical_symbols: ['Na'], concentration: [1] },
      { name: 'Cl', chemical_symbols: ['Cl'], concentration: [1] },
    ]);
    expect(s.wyckoff_sets).toBeUndefined();
  });

  it('gives no densities for non-periodic or unknown-species structures', () => {
    const molecule = structureSection({
      species: ['H', 'H'],
      positions: [
        [0, 0, 0],
        [0.74e-10, 0, 0],
      ],
      lattice: null,
      periodic: [false, false, false],
    });
    expect(molecule.lattice_vectors).toBeUndefined();
    expect(molecule.mass_density).toBeUndefined();
    const unknown = structureSection({
      species: ['X'],
      positions: [[0, 0, 0]],
      lattice: [
        [3e-10, 0, 0],
        [0, 3e-10, 0],
        [0, 0, 3e-10],
      ],
      periodic: [true, true, true],
    });
    expect(unknown.mass_density).toBeUndefined();
    expect(unknown.atomic_density as number).toBeCloseTo(1 / 27e-30, -15);
  });
});
