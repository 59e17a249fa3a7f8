import { describe, expect, it } from 'vitest';
import type { Mat3, Vec3 } from './linear-algebra.ts';
import { withWrapMode, type PeriodicSites } from './wrap.ts';

const cube = (edge: number): Mat3 => [
  [edge, 0, 0],
  [0, edge, 0],
  [0, 0, edge],
];

/** Water across the face of a 10 Å cube: one H sits at x = 9.6 Å, bonded to the O at 0.2 Å. */
const water: PeriodicSites = {
  species: ['O', 'H', 'H'],
  positions: [
    [0.2, 5, 5],
    [9.6, 5, 5],
    [0.44, 5.93, 5],
  ],
  lattice: cube(10),
  periodic: [true, true, true],
};

describe('wrap modes', () => {
  it('unwraps a molecule cut by the cell and wraps positions into the cell', () => {
    const unwrapped = withWrapMode(water, 'unwrap');
    expect(unwrapped.positions[1]![0]).toBeCloseTo(-0.4, 9);
    const shifted = water.positions.map(([x, y, z]): Vec3 => [x + 10, y - 20, z]);
    const wrapped = withWrapMode({ ...water, positions: shifted }, 'wrap');
    wrapped.positions.forEach((p, i) =>
      p.forEach((x, k) => expect(x).toBeCloseTo(water.positions[i]![k]!, 9)),
    );
    expect(withWrapMode(water, 'original')).toBe(water);
    expect(() => withWrapMode(water, 'fold' as never)).toThrow("Invalid wrap mode 'fold'.");
  });

  it('leaves a structure without a cell or periodic axis as it is', () => {
    const molecule = { ...water, lattice: null };
    expect(withWrapMode(molecule, 'unwrap')).toBe(molecule);
    const flat = { ...water, periodic: [false, false, false] };
    expect(withWrapMode(flat, 'wrap')).toBe(flat);
  });

  it('unwraps a large structure of molecules cut by the cell face', () => {
    // 20 x 20 x 20 water-like triples in a 60 Å cube: 24 000 atoms.
    const species: string[] = [];
    const positions: [number, number, number][] = [];
    for (let i = 0; i < 20; i++)
      for (let j = 0; j < 20; j++)
        for (let k = 0; k < 20; k++) {
          const o: [number, number, number] = [i * 3, j * 3, k * 3];
          species.push('O', 'H', 'H');
          positions.push(o, [o[0] + 0.96, o[1], o[2]], [o[0], o[1] + 0.96, o[2]]);
        }
    const edge = 60;
    // Shift everything by half a molecule across the cell's face, wrapped.
    const shifted = positions.map(([x, y, z]): [number, number, number] => [(x - 0.5 + edge) % edge, y, z]);
    const result = withWrapMode(
      {
        species,
        positions: shifted,
        lattice: cube(edge),
        periodic: [true, true, true],
      },
      'unwrap',
    );
    // Every O-H pair is 0.96 Å apart again.
    for (let m = 0; m < species.length; m += 3) {
      const [o, h] = [result.positions[m]!, result.positions[m + 1]!];
      expect(Math.hypot(h[0] - o[0], h[1] - o[1], h[2] - o[2])).toBeCloseTo(0.96, 6);
    }
  });
});
