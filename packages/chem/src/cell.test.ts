import { describe, expect, it } from 'vitest';
import {
  cartesianToFractional,
  cellFromParameters,
  cellParameters,
  cellVolume,
  fractionalToCartesian,
  planeSpacings,
} from './cell.ts';
import type { Vec3 } from './linear-algebra.ts';

const DEG = Math.PI / 180;

describe('cells', () => {
  it('builds a cell in the standard orientation, with exact zeros for right angles', () => {
    expect(cellFromParameters({ a: 2, b: 3, c: 4, alpha: 90, beta: 90, gamma: 90 })).toEqual([
      [2, 0, 0],
      [0, 3, 0],
      [0, 0, 4],
    ]);
    const hexagonal = cellFromParameters({ a: 3, b: 3, c: 5, alpha: 90, beta: 90, gamma: 120 });
    expect(cellVolume(hexagonal)).toBeCloseTo(9 * 5 * Math.sin(120 * DEG), 12);
    const p = cellParameters(hexagonal);
    expect([p.a, p.b, p.c]).toEqual([3, 3, 5].map((x) => expect.closeTo(x, 12)));
    expect(p.gamma).toBeCloseTo(120 * DEG, 12);
    expect(() => cellFromParameters({ a: 1, b: 1, c: 1, alpha: 90, beta: 90, gamma: 180 })).toThrow(
      'cell volume is zero',
    );
  });

  it('converts between fractional and Cartesian coordinates both ways', () => {
    const triclinic = cellFromParameters({ a: 4, b: 5, c: 6, alpha: 80, beta: 95, gamma: 110 });
    const fractional: Vec3 = [0.25, -0.5, 1.125];
    const [back] = cartesianToFractional([fractionalToCartesian(fractional, triclinic)], triclinic);
    back!.forEach((x, k) => expect(x).toBeCloseTo(fractional[k]!, 12));
  });

  it('measures the spacing of the lattice planes', () => {
    const spacings = planeSpacings([
      [2, 0, 0],
      [1, 2, 0],
      [0, 0, 3],
    ]);
    // Along a: the planes spanned by b and c are 2 * sin(angle(a, b)) apart.
    expect(spacings[0]).toBeCloseTo(2 * Math.sin(Math.atan2(2, 1)), 12);
    expect(spacings[1]).toBeCloseTo(2, 12);
    expect(spacings[2]).toBeCloseTo(3, 12);
    expect(() =>
      planeSpacings([
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 0],
      ]),
    ).toThrow('matrix is singular');
  });
});
