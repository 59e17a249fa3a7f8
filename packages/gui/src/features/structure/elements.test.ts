import { describe, expect, it } from 'vitest';
import { sphereRadius, elementColor } from './elements.ts';

describe('element drawing data', () => {
  it("draws 'X' (a virtual site, a ghost atom) small and grey, so that it hides no atom", () => {
    expect(sphereRadius('X')).toBeLessThan(sphereRadius('H'));
    expect(elementColor('X')).toBe(0xa0a0a0);
    // Oxygen keeps its own radius and colour; other unknown symbols still stand out.
    expect(sphereRadius('O')).toBeCloseTo(0.66, 2);
    expect(elementColor('O')).toBe(0xff0d0d);
    expect(sphereRadius('Qq')).toBe(1.5);
  });
});
