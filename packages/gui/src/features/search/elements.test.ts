import { describe, expect, it } from 'vitest';
import { ELEMENTS } from './elements.ts';

const at = (symbol: string) => {
  const element = ELEMENTS.find((item) => item.symbol === symbol);
  return element && { x: element.x, y: element.y, number: element.number };
};

describe('periodic table data', () => {
  it('has all 118 elements, each at its own cell of the 18-column layout', () => {
    expect(ELEMENTS).toHaveLength(118);
    expect(new Set(ELEMENTS.map((element) => element.symbol)).size).toBe(118);
    expect(new Set(ELEMENTS.map((element) => `${element.x},${element.y}`)).size).toBe(118);
    for (const element of ELEMENTS) {
      expect(element.x).toBeGreaterThanOrEqual(1);
      expect(element.x).toBeLessThanOrEqual(18);
      expect([1, 2, 3, 4, 5, 6, 7, 9, 10]).toContain(element.y);
    }
  });

  it('places the landmarks of the standard table', () => {
    expect(at('H')).toEqual({ x: 1, y: 1, number: 1 });
    expect(at('He')).toEqual({ x: 18, y: 1, number: 2 });
    expect(at('B')).toEqual({ x: 13, y: 2, number: 5 });
    expect(at('Ar')).toEqual({ x: 18, y: 3, number: 18 });
    expect(at('Fe')).toEqual({ x: 8, y: 4, number: 26 });
    expect(at('Ba')).toEqual({ x: 2, y: 6, number: 56 });
    expect(at('La')).toEqual({ x: 3, y: 9, number: 57 });
    expect(at('Lu')).toEqual({ x: 17, y: 9, number: 71 });
    expect(at('Hf')).toEqual({ x: 4, y: 6, number: 72 });
    expect(at('Ac')).toEqual({ x: 3, y: 10, number: 89 });
    expect(at('Rf')).toEqual({ x: 4, y: 7, number: 104 });
    expect(at('Og')).toEqual({ x: 18, y: 7, number: 118 });
  });
});
