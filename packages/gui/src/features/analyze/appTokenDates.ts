import { isoDay, lastAppTokenDay } from '@oasis/schema';

/** The days the 'App token expires after' input offers (yyyy-MM-dd, local): today up to the allowed last. */
export function appTokenDayRange(maxExpiresIn: number, now: Date): { min: string; max: string } {
  const min = isoDay(now);
  const max = isoDay(lastAppTokenDay(maxExpiresIn, now));
  return { min, max: max < min ? min : max };
}

/**
 * Seconds from `now` to the end of `day` (yyyy-MM-dd, local time): a token chosen for a day works through
 * that day, as in NOMAD's form. Undefined for what is no date.
 */
export function expiresInForDay(day: string, now: Date): number | undefined {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(day);
  if (!match) return undefined;
  const [, year, month, date] = match.map(Number);
  const end = new Date(year!, month! - 1, date!, 23, 59, 59);
  if (Number.isNaN(end.getTime()) || end.getDate() !== date) return undefined;
  return Math.floor((end.getTime() - now.getTime()) / 1000);
}
