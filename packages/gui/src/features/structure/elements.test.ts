import { describe, expect, it } from 'vitest';
import { covalentRadius, elementColor } from './elements.ts';

describe('element drawing data', () => {
  it("draws 'X' (a virtual site, a ghost atom) small and grey, so that it hides no atom", () => {
    expect(covalentRadius('X')).toBeLessThan(covalentRadius('H'));
    expect(elementColor('X')).toBe(0xa0a0a0);
    // Oxygen keeps its own radius and colour; other unknown symbols still stand out.
    expect(covalentRadius('O')).toBeCloseTo(0.66, 2);
    expect(elementColor('O')).toBe(0xff0d0d);
    expect(covalentRadius('Qq')).toBe(1.5);
  });
});
