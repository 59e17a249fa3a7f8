import { describe, expect, it } from 'vitest';
import { abbreviateNumber, displayLabel, displayValue, formatAuthors, formatNumber } from './format.ts';

describe('formatNumber', () => {
  it('rounds to 3 decimals and drops trailing zeros', () => {
    expect(formatNumber(3.14159)).toBe('3.142');
    expect(formatNumber(2)).toBe('2');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(-12.5)).toBe('-12.5');
    expect(formatNumber(0)).toBe('0');
  });
  it('uses scientific notation above 1000 and below 0.01', () => {
    expect(formatNumber(1000)).toBe('1000');
    expect(formatNumber(1000.5)).toBe('1.001e+3');
    expect(formatNumber(123456)).toBe('1.235e+5');
    expect(formatNumber(0.01)).toBe('0.01');
    expect(formatNumber(0.00123)).toBe('1.23e-3');
    expect(formatNumber(-5e-7)).toBe('-5e-7');
  });
  it('uses SI suffixes in SI format', () => {
    expect(formatNumber(999, { format: 'SI' })).toBe('999');
    expect(formatNumber(1500, { format: 'SI' })).toBe('1.5k');
    expect(formatNumber(2.5e6, { format: 'SI' })).toBe('2.5M');
    expect(formatNumber(3e9, { format: 'SI' })).toBe('3G');
    expect(formatNumber(4e12, { format: 'SI' })).toBe('4T');
    expect(formatNumber(5e15, { format: 'SI' })).toBe('5P');
    expect(formatNumber(6e18, { format: 'SI' })).toBe('6E');
    expect(formatNumber(999999.9, { format: 'SI' })).toBe('1M');
  });
  it('shows unavailable for missing numbers', () => {
    expect(formatNumber(undefined)).toBe('unavailable');
    expect(formatNumber(Number.NaN)).toBe('unavailable');
  });
});

describe('abbreviateNumber', () => {
  it('abbreviates as thousand, million, billion with one decimal', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12345)).toBe('12.3 thousand');
    expect(abbreviateNumber(1_500_000)).toBe('1.5 million');
    expect(abbreviateNumber(12_000_000_000)).toBe('12.0 billion');
  });
});

describe('formatAuthors', () => {
  it('lists up to 3 authors', () => {
    expect(formatAuthors(['A', 'B', 'C'])).toBe('A, B, C');
  });
  it('shows first and last plus et al for more than 3', () => {
    expect(formatAuthors(['A', 'B', 'C', 'D'])).toBe('A, D et al');
    expect(formatAuthors(['A', 'B', 'C', 'D'], true)).toBe('A, B, C, D');
  });
});

describe('displayValue', () => {
  it('shows unavailable for empty values and "not processed"', () => {
    for (const value of [undefined, null, '', [], 'not processed'])
      expect(displayValue(value)).toBe('unavailable');
    expect(displayValue('VASP')).toBe('VASP');
    expect(displayValue(1.23456)).toBe('1.235');
  });
  it('shows MISSING LABEL for a missing label', () => {
    expect(displayLabel(undefined)).toBe('MISSING LABEL');
    expect(displayLabel('Energy')).toBe('Energy');
  });
});
