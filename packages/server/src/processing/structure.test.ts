import { cellFromParameters, cellParameters, cellVolume, fractionalToCartesian } from '@oasis/chem';
import { describe, expect, it } from 'vitest';

describe('cellFromParameters', () => {
  it('puts a along x and b in the xy plane', () => {
    const cell = cellFromParameters({ a: 2, b: 3, c: 4, alpha: 90, beta: 90, gamma: 120 });
    expect(cell[0]).toEqual([2, 0, 0]);
    expect(cell[1][0]).toBeCloseTo(-1.5);
    expect(cell[1][1]).toBeCloseTo(3 * Math.sin((120 * Math.PI) / 180));
    expect(cell[1][2]).toBe(0);
    expect(cell[2]).toEqual([0, 0, 4]);
  });

  it('round-trips through cellParameters for a triclinic cell', () => {
    const p = { a: 5.1, b: 6.2, c: 7.3, alpha: 81, beta: 97, gamma: 103 };
    const back = cellParameters(cellFromParameters(p));
    const rad = Math.PI / 180;
    expect(back.a).toBeCloseTo(p.a, 10);
    expect(back.b).toBeCloseTo(p.b, 10);
    expect(back.c).toBeCloseTo(p.c, 10);
    expect(back.alpha).toBeCloseTo(p.alpha * rad, 10);
    expect(back.beta).toBeCloseTo(p.beta * rad, 10);
    expect(back.gamma).toBeCloseTo(p.gamma * rad, 10);
  });

  it('gives the monoclinic volume abc sin(beta)', () => {
    const cell = cellFromParameters({ a: 3, b: 4, c: 5, alpha: 90, beta: 100, gamma: 90 });
    expect(cellVolume(cell)).toBeCloseTo(60 * Math.sin((100 * Math.PI) / 180), 10);
  });

  it('rejects degenerate cells', () => {
    expect(() => cellFromParameters({ a: 1, b: 1, c: 0, alpha: 90, beta: 90, gamma: 90 })).toThrow(
      /volume is zero/,
    );
    expect(() => cellFromParameters({ a: 1, b: 1, c: 1, alpha: 90, beta: 90, gamma: 180 })).toThrow(
      /volume is zero/,
    );
    expect(() => cellFromParameters({ a: 1, b: 1, c: 1, alpha: 120, beta: 120, gamma: 120 })).toThrow(
      /volume is zero/,
    );
  });
});

describe('fractionalToCartesian', () => {
  it('combines the lattice rows', () => {
    const cell = cellFromParameters({ a: 2, b: 2, c: 2, alpha: 90, beta: 90, gamma: 90 });
    expect(fractionalToCartesian([0.5, 0.25, 1], cell)).toEqual([1, 0.5, 2]);
  });
});
