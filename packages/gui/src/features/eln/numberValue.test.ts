import { describe, expect, it } from 'vitest';
import { checkNumber, shownNumber } from './numberValue.ts';

describe('a notebook number field', () => {
  const thickness = { dtype: 'float64', unit: 'm', displayUnit: 'nm' };

  it('takes numbers in the display unit, or with a unit of their own, and stores them in the quantity unit', () => {
    expect(checkNumber('120', thickness)).toEqual({ value: 1.2e-7 });
    expect(checkNumber('0.25 µm', thickness)).toEqual({ value: 2.5e-7 });
    expect(checkNumber('', thickness)).toEqual({ value: undefined });
    expect(shownNumber(1.2e-7, thickness)).toBe('120');
  });

  it("answers with spec 3's texts", () => {
    expect(checkNumber('abc', thickness)).toEqual({
      error: "Enter a valid numerical value with datatype 'float64'",
    });
    expect(checkNumber('2 kg', thickness)).toEqual({
      error: 'Unit "kg" is incompatible with dimension "length".',
    });
    const count = { dtype: 'int32', min: 0, max: 10 };
    expect(checkNumber('2.5', count)).toEqual({
      error: "Enter a valid numerical value with datatype 'int32'",
    });
    expect(checkNumber('11', count)).toEqual({ error: 'Enter a value that is equal or smaller than 10' });
    expect(checkNumber('-1', count)).toEqual({ error: 'Enter a value that is equal or larger than 0' });
    expect(checkNumber('-1', { dtype: 'uint8' })).toEqual({
      error: "Enter a valid numerical value with datatype 'uint8'",
    });
    expect(checkNumber('3 m', { dtype: 'float64' })).toEqual({
      error: "Enter a valid numerical value with datatype 'float64'",
    });
    expect(checkNumber('5', { dtype: 'float64', unit: 'K', max: 4 })).toEqual({
      error: 'Enter a value that is equal or smaller than 4 (K)',
    });
  });
});
