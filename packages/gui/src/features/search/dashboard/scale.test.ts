import { describe, expect, it } from 'vitest';
import { scaler } from './scale.ts';

describe('scaler', () => {
  it('uses the exponents 1, 0.5, 0.25 and 0.125', () => {
    expect(scaler('linear')(25, 100)).toBe(0.25);
    expect(scaler('1/2')(25, 100)).toBe(0.5);
    expect(scaler('1/4')(16, 256)).toBeCloseTo(0.5, 12);
    expect(scaler('1/8')(1, 256)).toBeCloseTo(0.5, 12);
    expect(scaler('linear')(0, 0)).toBe(0);
  });

  it('starts the log scale at 1', () => {
    expect(scaler('log')(10, 100)).toBeCloseTo(0.5, 12);
    expect(scaler('log')(1, 100)).toBe(0);
    expect(scaler('log')(0, 100)).toBe(0);
    expect(scaler('log')(1, 1)).toBe(1);
  });

  it('refuses other scales', () => {
    expect(() => scaler('sqrt')).toThrow('Invalid scaling type.');
    expect(() => scaler('constructor')).toThrow('Invalid scaling type.');
  });
});
