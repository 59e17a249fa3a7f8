import type { Mat3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { systemSection } from './run-sections.ts';

describe('systemSection', () => {
  it('labels atoms by symbol, numbers them (0 for X) and keeps the cell of a crystal', () => {
    const lattice: Mat3 = [
      [3e-10, 0, 0],
      [0, 3e-10, 0],
      [0, 0, 3e-10],
    ];
    const { atoms } = systemSection({
      species: ['Na', 'X'],
      positions: [
        [0, 0, 0],
        [1.5e-10, 1.5e-10, 1.5e-10],
      ],
      lattice,
      periodic: [true, true, true],
    });
    expect(atoms.labels).toEqual(['Na', 'X']);
    expect(atoms.species).toEqual([11, 0]);
    expect(atoms.lattice_vectors).toBe(lattice);
    expect(atoms.periodic).toEqual([true, true, true]);
  });

  it('has no lattice_vectors for a molecule', () => {
    const { atoms } = systemSection({
      species: ['C', 'O'],
      positions: [
        [0, 0, 0],
        [0, 0, 1.128e-10],
      ],
      lattice: null,
      periodic: [false, false, false],
    });
    expect(atoms.species).toEqual([6, 8]);
    expect('lattice_vectors' in atoms).toBe(false);
  });
});
