import { describe, expect, it } from 'vitest';
import { parseBoolean, parseNumber, parseTimestamp, ValueError } from './values.ts';

describe('search values (spec 1 §5.3)', () => {
  it('parses booleans case-insensitively', () => {
    expect(parseBoolean('true')).toBe(true);
    expect(parseBoolean('TRUE')).toBe(true);
    expect(parseBoolean(' False ')).toBe(false);
    expect(() => parseBoolean('1')).toThrow(ValueError);
  });

  it('parses a number with an optional unit into the stored unit', () => {
    expect(parseNumber('2', undefined)).toBe(2);
    expect(parseNumber('-1.5e3', 'joule')).toBe(-1500);
    expect(parseNumber('1 eV', 'joule')).toBeCloseTo(1.602176634e-19, 30);
    expect(parseNumber('5 Å', 'meter')).toBeCloseTo(5e-10, 20);
  });

  it('reads a bare number in the given display unit', () => {
    expect(parseNumber('2', 'joule', 'electron_volt')).toBeCloseTo(2 * 1.602176634e-19, 30);
    expect(parseNumber('2 J', 'joule', 'electron_volt')).toBe(2);
    expect(parseNumber('2', undefined, 'electron_volt')).toBe(2);
  });

  it("fails with 'Could not parse the number' on text that is no number", () => {
    expect(() => parseNumber('abc', 'joule')).toThrow('Could not parse the number');
    expect(() => parseNumber('', undefined)).toThrow('Could not parse the number');
  });

  it('rejects units of the wrong dimension and units on unitless quantities', () => {
    expect(() => parseNumber('1 eV', 'meter')).toThrow(ValueError);
    expect(() => parseNumber('1 eV', undefined)).toThrow(ValueError);
  });

  it('reads dates, not bare numbers, as timestamps', () => {
    expect(parseTimestamp('2020-05-01T10:00:00Z')).toBe('2020-05-01T10:00:00.000Z');
    expect(() => parseTimestamp('5')).toThrow(ValueError);
    expect(() => parseTimestamp('2020-13-45')).toThrow(ValueError);
  });
});
