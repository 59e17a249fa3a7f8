import { describe, expect, it } from 'vitest';
import { formatNumberValue, formatTimestamp, formatValue } from './formatValue.ts';

describe('formatNumberValue', () => {
  it('uses the spec 1 rule without a mode: 3 decimals, exponent above 1000 and below 0.01', () => {
    expect(formatNumberValue(1.23456)).toBe('1.235');
    expect(formatNumberValue(12345.6)).toBe('1.235e+4');
    expect(formatNumberValue(0.001234)).toBe('1.234e-3');
  });

  it('honours mode, decimals and separator', () => {
    expect(formatNumberValue(12345.678, { mode: 'standard', decimals: 2 })).toBe('12345.68');
    expect(formatNumberValue(12345.678, { mode: 'standard', decimals: 1, separator: ',' })).toBe('12,345.7');
    expect(formatNumberValue(1234567, { mode: 'separators', decimals: 0 })).toBe('1,234,567');
    expect(formatNumberValue(1234567.5, { mode: 'standard', decimals: 1, separator: ' ' })).toBe(
      '1 234 567.5',
    );
    expect(formatNumberValue(2.4e-19, { mode: 'standard', decimals: 2 })).toBe('2.4e-19');
    expect(formatNumberValue(0.5, { mode: 'scientific', decimals: 2 })).toBe('0.5');
    expect(formatNumberValue(123456, { mode: 'scientific', decimals: 2 })).toBe('1.23e+5');
  });
});

describe('formatTimestamp', () => {
  it('shows the date, the time or both', () => {
    const iso = new Date(2024, 2, 25, 18, 48).toISOString();
    expect(formatTimestamp(iso, 'date')).toBe('25/03/2024');
    expect(formatTimestamp(iso, 'time')).toBe('18:48');
    expect(formatTimestamp(iso, undefined)).toBe('25/03/2024 18:48');
    expect(formatTimestamp('not a date', 'date')).toBe('unavailable');
  });
});

describe('formatValue', () => {
  it('converts and labels numbers', () => {
    const eV = 1.602176634e-19;
    expect(formatValue(1.5 * eV, { convert: (v) => v / eV, unitLabel: 'eV' })).toBe('1.5 eV');
    expect(formatValue([1, 2.5], { format: { mode: 'standard', decimals: 1 } })).toBe('1, 2.5');
  });

  it('shows empty values as unavailable and joins lists', () => {
    expect(formatValue(undefined)).toBe('unavailable');
    expect(formatValue('not processed')).toBe('unavailable');
    expect(formatValue([])).toBe('unavailable');
    expect(formatValue(['a', ['b', null]])).toBe('a, b');
    expect(formatValue(true)).toBe('true');
  });

  it('formats timestamps by flag or format mode', () => {
    const iso = new Date(2024, 0, 2, 3, 4).toISOString();
    expect(formatValue(iso, { timestamp: true })).toBe('02/01/2024 03:04');
    expect(formatValue(iso, { format: { mode: 'date' } })).toBe('02/01/2024');
  });
});
