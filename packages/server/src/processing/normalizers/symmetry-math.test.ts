import { cartesianToFractional, inverse3, type Mat3 } from '@oasis/chem';
import { describe, expect, it } from 'vitest';

describe('3x3 helpers', () => {
  it('inverts a matrix and refuses a singular one', () => {
    const cell: Mat3 = [
      [2, 0, 0],
      [1, 1, 0],
      [0, 0, 4],
    ];
    const inverse = inverse3(cell);
    // cell · inverse = identity
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const v = [0, 1, 2].reduce((s, k) => s + cell[i]![k]! * inverse[k]![j]!, 0);
        expect(v).toBeCloseTo(i === j ? 1 : 0, 14);
      }
    }
    expect(() =>
      inverse3([
        [1, 0, 0],
        [2, 0, 0],
        [0, 0, 1],
      ]),
    ).toThrow(/singular/);
  });

  it('gives fractional coordinates with r = f · L', () => {
    const cell: Mat3 = [
      [2, 0, 0],
      [1, 1, 0],
      [0, 0, 4],
    ];
    // 0.5·a + 0.5·b + 0.25·c = (1, 0, 0) + (0.5, 0.5, 0) + (0, 0, 1) = (1.5, 0.5, 1).
    const [f] = cartesianToFractional([[1.5, 0.5, 1]], cell);
    expect(f?.[0]).toBeCloseTo(0.5, 14);
    expect(f?.[1]).toBeCloseTo(0.5, 14);
    expect(f?.[2]).toBeCloseTo(0.25, 14);
  });
});
