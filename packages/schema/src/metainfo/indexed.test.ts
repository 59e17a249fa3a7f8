import { ANGSTROM, ELECTRON_VOLT as EV } from '@oasis/chem';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { indexedResults } from './indexed.ts';

/** Results as a normaliser writes them for spin-polarised rock-salt NaCl with DOS and band structure. */
const results = () => ({
  material: {
    material_id: 'abc',
    structural_type: 'bulk',
    elements: ['Cl', 'Na'],
    n_elements: 2,
    elements_exclusive: 'Cl Na',
    chemical_formula_hill: 'ClNa',
    chemical_formula_reduced: 'ClNa',
    chemical_formula_anonymous: 'AB',
    symmetry: {
      space_group_number: 225,
      space_group_symbol: 'Fm-3m',
      crystal_system: 'cubic',
      bravais_lattice: 'cF',
      structure_name: 'rock salt',
    },
    elemental_composition: [
      { element: 'Cl', atomic_fraction: 0.5, mass: 5.887e-26 },
      { element: 'Na', atomic_fraction: 0.5, mass: 3.817e-26 },
    ],
  },
  method: {
    method_name: 'DFT',
    workflow_name: 'SinglePoint',
    simulation: {
      program_name: 'VASP',
      program_version: '5.4.4',
      dft: {
        basis_set_type: 'plane waves',
        xc_functional_type: 'GGA',
        xc_functional_names: ['GGA_C_PBE', 'GGA_X_PBE'],
        spin_polarized: true,
      },
    },
  },
  properties: {
    n_calculations: 1,
    available_properties: ['dos_electronic', 'band_structure_electronic'],
    structures: {
      structure_original: {
        n_sites: 2,
        lattice_vectors: [
          [0, 2.82 * ANGSTROM, 2.82 * ANGSTROM],
          [2.82 * ANGSTROM, 0, 2.82 * ANGSTROM],
          [2.82 * ANGSTROM, 2.82 * ANGSTROM, 0],
        ],
        cartesian_site_positions: [
          [0, 0, 0],
          [2.82 * ANGSTROM, 2.82 * ANGSTROM, 2.82 * ANGSTROM],
        ],
        species_at_sites: ['Na', 'Cl'],
        species: [{ name: 'Na', chemical_symbols: ['Na'], concentration: [1] }],
        lattice_parameters: { a: 3.988 * ANGSTROM, alpha: Math.PI / 3 },
      },
    },
    electronic: {
      dos_electronic: [
        {
          spin_polarized: true,
          energy_fermi: -1.2 * EV,
          energies: '/run/0/calculation/0/dos_electronic/0/energies',
          total: [
            '/run/0/calculation/0/dos_electronic/0/total/0',
            '/run/0/calculation/0/dos_electronic/1/total/0',
          ],
          band_gap: [
            { index: 0, value: 5.1 * EV, type: 'direct', energy_highest_occupied: -1.2 * EV },
            { index: 1, value: 5.0 * EV, type: 'direct' },
          ],
        },
      ],
      band_structure_electronic: [
        {
          spin_polarized: true,
          reciprocal_cell: '/run/0/calculation/0/band_structure_electronic/0/reciprocal_cell',
          segment: ['/run/0/calculation/0/band_structure_electronic/0/segment/0'],
          band_gap: [{ index: 0, value: 4.9 * EV, type: 'indirect' }],
        },
      ],
    },
  },
  // Not a results section NOMAD indexes here.
  unknown_section: { x: 1 },
});

describe('indexedResults', () => {
  it('keeps band gaps, symmetry and method; drops arrays and references', () => {
    const indexed = indexedResults(results());
    expect(indexed.material).toEqual({
      material_id: 'abc',
      structural_type: 'bulk',
      elements: ['Cl', 'Na'],
      n_elements: 2,
      elements_exclusive: 'Cl Na',
      chemical_formula_hill: 'ClNa',
      chemical_formula_reduced: 'ClNa',
      chemical_formula_anonymous: 'AB',
      // Masses are not indexed; fractions are.
      elemental_composition: [
        { element: 'Cl', atomic_fraction: 0.5 },
        { element: 'Na', atomic_fraction: 0.5 },
      ],
      symmetry: results().material.symmetry,
    });
    expect(indexed.method).toEqual(results().method);
    expect(indexed.properties).toEqual({
      n_calculations: 1,
      available_properties: ['dos_electronic', 'band_structure_electronic'],
      // Cell, positions and species are gone; counts and lattice parameters stay.
      structures: {
        structure_original: { n_sites: 2, lattice_parameters: { a: 3.988 * ANGSTROM, alpha: Math.PI / 3 } },
      },
      electronic: {
        // Energies and DOS values are references to run; only the gap values per spin remain.
        dos_electronic: [
          {
            spin_polarized: true,
            band_gap: [
              { index: 0, value: 5.1 * EV, type: 'direct' },
              { index: 1, value: 5.0 * EV, type: 'direct' },
            ],
          },
        ],
        band_structure_electronic: [
          { spin_polarized: true, band_gap: [{ index: 0, value: 4.9 * EV, type: 'indirect' }] },
        ],
      },
    });
    expect(indexed).not.toHaveProperty('unknown_section');
  });

  it('leaves out sections without searchable values', () => {
    expect(
      indexedResults({
        properties: { structures: { structure_original: { cartesian_site_positions: [] } } },
      }),
    ).toEqual({});
  });

  it('throws on values that do not fit their definitions, naming the path', () => {
    const old = results();
    (old.method as Record<string, unknown>).workflow_name = ['SinglePoint'];
    expect(() => indexedResults(old)).toThrow('results.method.workflow_name: expected a string, got a list');
    expect(() => indexedResults({ material: { symmetry: { space_group_number: '225' } } })).toThrow(
      'results.material.symmetry.space_group_number: expected an integer',
    );
    expect(() => indexedResults({ properties: { electronic: { dos_electronic: {} } } })).toThrow(
      'results.properties.electronic.dos_electronic: expected a list of sections',
    );
    expect(() => indexedResults([])).toThrow('results: expected a section object');
  });

  it('can leave out invalid values and report them instead', () => {
    const old = results();
    (old.method as Record<string, unknown>).workflow_name = ['SinglePoint'];
    const problems: string[] = [];
    const indexed = indexedResults(old, { onInvalid: (error) => problems.push(error.message) });
    expect(problems).toEqual(['results.method.workflow_name: expected a string, got a list']);
    expect(indexed.method).not.toHaveProperty('workflow_name');
    expect((indexed.method as { method_name: string }).method_name).toBe('DFT');
  });

  const example = fileURLToPath(
    new URL('../../../../../shared/samples/archives/dft.archive-example.json', import.meta.url),
  );
  it.skipIf(!existsSync(example))('projects the results of NOMAD’s example DFT archive', () => {
    const archive = JSON.parse(readFileSync(example, 'utf8')) as { results: unknown };
    const indexed = indexedResults(archive.results) as {
      material: { symmetry: { space_group_number: number } };
      properties: { electronic: { band_structure_electronic: { band_gap: { value: number }[] }[] } };
    };
    expect(indexed.material.symmetry.space_group_number).toBe(227);
    expect(indexed.properties.electronic.band_structure_electronic[0]?.band_gap[0]?.value).toBe(1e-19);
    expect(JSON.stringify(indexed)).not.toContain('/run/0/');
  });
});
