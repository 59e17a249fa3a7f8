import { cellVolume } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { reduceToPrimitive } from './symmetry-primitive.ts';

describe('reduceToPrimitive', () => {
  it('reduces a 2x1x1 supercell of cubic rock salt (16 atoms) to 2 atoms at 1/8 of the volume', () => {
    // A 2x1x1 supercell of the 8-atom cubic cell holds 8 fcc lattice points: 16 atoms -> 2.
    const positions: [number, number, number][] = [];
    const numbers: number[] = [];
    for (const shift of [0, 0.5])
      for (const [x, y, z] of [
        [0, 0, 0],
        [0.5, 0.5, 0],
        [0.5, 0, 0.5],
        [0, 0.5, 0.5],
      ] as const) {
        positions.push([x / 2 + shift, y, z], [(x + 0.5) / 2 + shift, y, z]);
        numbers.push(11, 17);
      }
    const lattice: [[number, number, number], [number, number, number], [number, number, number]] = [
      [11.28, 0, 0],
      [0, 5.64, 0],
      [0, 0, 5.64],
    ];
    const reduced = reduceToPrimitive({ lattice, positions, numbers }, 0.1);
    expect(reduced.positions).toHaveLength(2);
    expect(reduced.numbers.sort()).toEqual([11, 17]);
    // The fcc primitive cell of a = 5.64 Å: a^3 / 4.
    expect(cellVolume(reduced.lattice)).toBeCloseTo(5.64 ** 3 / 4, 9);
  });

  it('leaves a primitive cell alone', () => {
    const cell = {
      lattice: [
        [3, 0, 0],
        [0, 3, 0],
        [0, 0, 3],
      ] as [[number, number, number], [number, number, number], [number, number, number]],
      positions: [[0, 0, 0] as [number, number, number], [0.5, 0.5, 0.5] as [number, number, number]],
      numbers: [55, 17],
    };
    expect(reduceToPrimitive(cell, 0.1)).toBe(cell);
  });
});
