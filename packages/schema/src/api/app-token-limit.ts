const DAY_MS = 24 * 3600 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

/** yyyy-MM-dd in local time, the format of NOMAD's app token date picker. */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A distance in words as date-fns' formatDistance says it (NOMAD's GUI uses that), without seconds. */
export const distanceInWords = (ms: number): string => {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 45) return plural(minutes, 'minute');
  if (minutes < 90) return 'about 1 hour';
  if (minutes < 1440) return `about ${plural(Math.round(minutes / 60), 'hour')}`;
  if (minutes < 2520) return '1 day';
  if (minutes < 43200) return plural(Math.round(minutes / 1440), 'day');
  if (minutes < 86400) return `about ${plural(Math.round(minutes / 43200), 'month')}`;
  if (minutes < 525600) return plural(Math.round(minutes / 43200), 'month');
  return `about ${plural(Math.round(minutes / 525600), 'year')}`;
};

/**
 * The last day an app token may expire on: a token chosen for a day lives to that day's end, so the day
 * before `now + maxExpiresIn` is the last that fits (as NOMAD's form computes it). A maximum under a day
 * has no such day; then it is the day of the latest expiry.
 */
export const lastAppTokenDay = (maxExpiresInSeconds: number, now: Date): Date => {
  const latest = now.getTime() + maxExpiresInSeconds * 1000;
  return new Date(maxExpiresInSeconds * 1000 >= DAY_MS ? latest - DAY_MS : latest);
};

/** NOMAD's answer to a too long app token lifetime: 'Choose not later than {date} (in {distance}).' */
export const appTokenLimitMessage = (maxExpiresInSeconds: number, now: Date): string => {
  const last = lastAppTokenDay(maxExpiresInSeconds, now);
  return `Choose not later than ${isoDay(last)} (in ${distanceInWords(last.getTime() - now.getTime())}).`;
};
