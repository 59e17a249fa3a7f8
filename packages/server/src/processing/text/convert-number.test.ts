import { describe, expect, it } from 'vitest';
import { number } from './convert-number.ts';

const read = (token: string) => {
  const warnings: string[] = [];
  const match = /^(.*)$/.exec(token)!;
  return { value: number(1)(match, (message) => warnings.push(message)), warnings };
};

describe('number', () => {
  it('reads plain decimals as Number does', () => {
    expect(read('-75.89058007').value).toBe(-75.89058007);
    expect(read('1.0E-05').value).toBe(1e-5);
    expect(read('250').value).toBe(250);
  });

  it('reads Fortran forms as real does, and reports what is no number', () => {
    expect(read('1.5D-3').value).toBe(1.5e-3);
    expect(read('2.5-102').value).toBe(2.5e-102);
    expect(read('0x10')).toEqual({ value: undefined, warnings: ["'0x10' is not a number"] });
    expect(read('******')).toEqual({ value: undefined, warnings: ["'******' is not a number"] });
    expect(read('Infinity').value).toBeUndefined();
  });
});
