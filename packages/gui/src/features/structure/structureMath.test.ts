import { withWrapMode } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { findBonds } from './bonds.ts';
import type { ViewerStructure } from './types.ts';
import { checkAtomCount, viewerDefaults } from './viewerDefaults.ts';

/** Water across the face of a 10 Å cube: one H sits at x = 9.6 Å, bonded to the O at 0.2 Å. */
const water: ViewerStructure = {
  species: ['O', 'H', 'H'],
  positions: [
    [0.2, 5, 5],
    [9.6, 5, 5],
    [0.44, 5.93, 5],
  ],
  lattice: [
    [10, 0, 0],
    [0, 10, 0],
    [0, 0, 10],
  ],
  periodic: [true, true, true],
};

describe('bonds', () => {
  it('bonds atoms closer than 1.2 times their covalent radii', () => {
    expect(findBonds(water.species, withWrapMode(water, 'unwrap').positions)).toEqual([
      [0, 1],
      [0, 2],
    ]);
    // Wrapped, the far H is 9.4 Å away from its O.
    expect(findBonds(water.species, water.positions)).toEqual([[0, 2]]);
  });
});

describe('viewer defaults', () => {
  it('follows the atom-count limits and the structural type', () => {
    expect(viewerDefaults(49, 'bulk')).toMatchObject({
      bonds: true,
      bondsDisabled: false,
      highQuality: true,
    });
    expect(viewerDefaults(50, 'bulk')).toMatchObject({ bonds: false, bondsDisabled: false });
    expect(viewerDefaults(501, 'bulk')).toMatchObject({ bonds: false, bondsDisabled: true });
    expect(viewerDefaults(3000, 'bulk').highQuality).toBe(true);
    expect(viewerDefaults(3001, 'bulk').highQuality).toBe(false);
    expect(viewerDefaults(3, 'molecule / cluster')).toMatchObject({ wrapMode: 'unwrap', cellDisabled: true });
    expect(viewerDefaults(3, 'monomer')).toMatchObject({ wrapMode: 'unwrap', cellDisabled: true });
    expect(viewerDefaults(3, 'bulk')).toMatchObject({ wrapMode: 'original', cellDisabled: false });
    expect(() => checkAtomCount(-1)).toThrow();
    expect(() => checkAtomCount(1.5)).toThrow();
  });
});
