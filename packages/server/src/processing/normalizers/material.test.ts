import { describe, expect, it } from 'vitest';
import type { Structure } from '../structure.ts';
import {
  crystalSystem,
  materialFromStructure,
  structuralType,
  structureOriginal,
  symmetryFromDeclaration,
} from './material.ts';

const cubic = (a: number): Structure['lattice'] => [
  [a, 0, 0],
  [0, a, 0],
  [0, 0, a],
];

describe('materialFromStructure', () => {
  it('fills the results.material formulas and elements', () => {
    const structure: Structure = {
      species: ['Cs', 'Cl'],
      positions: [
        [0, 0, 0],
        [2e-10, 2e-10, 2e-10],
      ],
      lattice: cubic(4e-10),
      periodic: [true, true, true],
    };
    expect(materialFromStructure(structure, { spaceGroupSymbol: 'P m -3 m', spaceGroupNumber: 221 })).toEqual(
      {
        structural_type: 'bulk',
        elements: ['Cl', 'Cs'],
        n_elements: 2,
        elements_exclusive: 'Cl Cs',
        chemical_formula_hill: 'ClCs',
        chemical_formula_reduced: 'ClCs',
        chemical_formula_iupac: 'CsCl',
        chemical_formula_anonymous: 'AB',
        chemical_formula_descriptive: 'CsCl',
        symmetry: {
          space_group_number: 221,
          space_group_symbol: 'Pm-3m',
          crystal_system: 'cubic',
          bravais_lattice: 'cP',
        },
      },
    );
  });

  it('rejects empty structures', () => {
    expect(() =>
      materialFromStructure({ species: [], positions: [], lattice: null, periodic: [false, false, false] }),
    ).toThrow(/no atoms/);
  });
});

describe('structuralType', () => {
  const base = { positions: [[0, 0, 0] as [number, number, number]], lattice: null };
  it('classifies by periodicity and atom count', () => {
    expect(structuralType({ ...base, species: ['He'], periodic: [false, false, false] })).toBe('atom');
    expect(
      structuralType({
        ...base,
        species: ['H', 'H'],
        positions: [
          [0, 0, 0],
          [0.74e-10, 0, 0],
        ],
        periodic: [false, false, false],
      }),
    ).toBe('molecule / cluster');
    expect(structuralType({ ...base, species: ['C'], periodic: [true, true, false] })).toBe('unavailable');
    expect(
      structuralType({ ...base, species: ['Si'], lattice: cubic(5e-10), periodic: [true, true, true] }),
    ).toBe('bulk');
    expect(
      structuralType({ ...base, species: ['Si'], lattice: cubic(0), periodic: [true, true, true] }),
    ).toBe('unavailable');
  });
});

describe('declared symmetry', () => {
  it('derives crystal system and Bravais lattice', () => {
    expect(crystalSystem(1)).toBe('triclinic');
    expect(crystalSystem(15)).toBe('monoclinic');
    expect(crystalSystem(166)).toBe('trigonal');
    expect(crystalSystem(194)).toBe('hexagonal');
    expect(crystalSystem(231)).toBeUndefined();
    expect(
      symmetryFromDeclaration({ spaceGroupSymbol: 'F m -3 m', spaceGroupNumber: 225 })?.bravais_lattice,
    ).toBe('cF');
    expect(
      symmetryFromDeclaration({ spaceGroupSymbol: 'C 2/c', spaceGroupNumber: 15 })?.bravais_lattice,
    ).toBe('mS');
    expect(
      symmetryFromDeclaration({ spaceGroupSymbol: 'R -3 m', spaceGroupNumber: 166 })?.bravais_lattice,
    ).toBe('hR');
    expect(symmetryFromDeclaration({})).toBeUndefined();
  });
});

describe('structureOriginal', () => {
  it('writes SI quantities', () => {
    const s = structureOriginal({
      species: ['Na', 'Cl'],
      positions: [
        [0, 0, 0],
        [1e-10, 1e-10, 1e-10],
      ],
      lattice: cubic(2e-10),
      periodic: [true, true, true],
    });
    expect(s.n_sites).toBe(2);
    expect(s.nperiodic_dimensions).toBe(3);
    expect(s.dimension_types).toEqual([1, 1, 1]);
    expect(s.species_at_sites).toEqual(['Na', 'Cl']);
    expect(s.cell_volume as number).toBeCloseTo(8e-30, 40);
    expect((s.lattice_parameters as { alpha: number }).alpha).toBeCloseTo(Math.PI / 2);
    expect(s.species).toEqual([
      { name: 'Na', chemical_symbols: ['Na'], concentration: [1] },
      { name: 'Cl', chemical_symbols: ['Cl'], concentration: [1] },
    ]);
  });
});
