import { describe, expect, it } from 'vitest';
import { appTokenLimitMessage, distanceInWords } from './app-token-limit.ts';

const MINUTE = 60_000;

describe('app token limit', () => {
  it("words distances as date-fns' formatDistance", () => {
    expect(distanceInWords(10_000)).toBe('less than a minute');
    expect(distanceInWords(MINUTE)).toBe('1 minute');
    expect(distanceInWords(44 * MINUTE)).toBe('44 minutes');
    expect(distanceInWords(60 * MINUTE)).toBe('about 1 hour');
    expect(distanceInWords(5 * 60 * MINUTE)).toBe('about 5 hours');
    expect(distanceInWords(30 * 60 * MINUTE)).toBe('1 day');
    expect(distanceInWords(29 * 1440 * MINUTE)).toBe('29 days');
    expect(distanceInWords(40 * 1440 * MINUTE)).toBe('about 1 month');
    expect(distanceInWords(200 * 1440 * MINUTE)).toBe('7 months');
    expect(distanceInWords(800 * 1440 * MINUTE)).toBe('about 2 years');
  });

  it('names the last day a token may be chosen for, the day before the latest expiry', () => {
    const now = new Date(2025, 0, 1, 12);
    expect(appTokenLimitMessage(2592000, now)).toBe('Choose not later than 2025-01-30 (in 29 days).');
    expect(appTokenLimitMessage(7200, now)).toBe('Choose not later than 2025-01-01 (in about 2 hours).');
  });
});
