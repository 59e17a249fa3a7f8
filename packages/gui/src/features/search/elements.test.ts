import { describe, expect, it } from 'vitest';
import { ELEMENTS } from './elements.ts';

const at = (symbol: string) => {
  const element = ELEMENTS.find((item) => item.symbol === symbol);
  return element && { x: element.xpos, y: element.ypos, number: element.number };
};

describe('periodic table data', () => {
  it('has elements 1 to 119, each at its own cell of the 18 x 10 grid', () => {
    expect(ELEMENTS).toHaveLength(119);
    expect(ELEMENTS.map((element) => element.number)).toEqual(Array.from({ length: 119 }, (_, i) => i + 1));
    expect(new Set(ELEMENTS.map((element) => element.symbol)).size).toBe(119);
    expect(new Set(ELEMENTS.map((element) => element.name)).size).toBe(119);
    expect(new Set(ELEMENTS.map((element) => `${element.xpos},${element.ypos}`)).size).toBe(119);
    for (const element of ELEMENTS) {
      expect(element.xpos).toBeGreaterThanOrEqual(1);
      expect(element.xpos).toBeLessThanOrEqual(18);
      expect(element.ypos).toBeGreaterThanOrEqual(1);
      expect(element.ypos).toBeLessThanOrEqual(10);
      expect(element.symbol).toMatch(/^[A-Z][a-z]{0,2}$/);
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
    expect(at('Hg')).toEqual({ x: 12, y: 6, number: 80 });
    expect(at('Ac')).toEqual({ x: 3, y: 10, number: 89 });
    expect(at('Rf')).toEqual({ x: 4, y: 7, number: 104 });
    expect(at('Og')).toEqual({ x: 18, y: 7, number: 118 });
    expect(at('Uue')).toEqual({ x: 1, y: 8, number: 119 });
  });

  it('names elements and their periods', () => {
    const iron = ELEMENTS[25]!;
    expect([iron.symbol, iron.name, iron.period]).toEqual(['Fe', 'Iron', 4]);
    expect(ELEMENTS[117]!.name).toBe('Oganesson');
    expect(ELEMENTS[118]!.period).toBe(8);
    expect(ELEMENTS[56]!.period).toBe(6);
  });
});
