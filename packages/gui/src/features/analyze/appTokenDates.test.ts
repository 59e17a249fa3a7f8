import { describe, expect, it } from 'vitest';
import { appTokenDayRange, expiresInForDay } from './appTokenDates.ts';

const now = new Date(2025, 0, 1, 12, 0, 0);

describe('app token dates', () => {
  it('offers today up to the day before the latest expiry', () => {
    expect(appTokenDayRange(2592000, now)).toEqual({ min: '2025-01-01', max: '2025-01-30' });
    expect(appTokenDayRange(3600, now)).toEqual({ min: '2025-01-01', max: '2025-01-01' });
  });

  it('counts to the end of the chosen day', () => {
    expect(expiresInForDay('2025-01-01', now)).toBe(12 * 3600 - 1);
    expect(expiresInForDay('2025-01-30', now)).toBe(29 * 86400 + 12 * 3600 - 1);
    expect(expiresInForDay('2024-12-31', now)).toBeLessThan(0);
    expect(expiresInForDay('', now)).toBeUndefined();
    expect(expiresInForDay('2025-02-30', now)).toBeUndefined();
  });
});
