// The start of a WIEN2k run from its ':LABEL2: on <host> at <date>' line, as `date` printed it
// ('Sat Apr 12 14:34:40 CEST 2014'), in seconds since the Unix epoch.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Hours east of UTC of the zone abbreviations `date` commonly prints. */
const ZONES: Readonly<Record<string, number>> = {
  UTC: 0,
  GMT: 0,
  WET: 0,
  WEST: 1,
  BST: 1,
  CET: 1,
  CEST: 2,
  MET: 1,
  MEST: 2,
  EET: 2,
  EEST: 3,
  MSK: 3,
  IST: 5.5,
  CST: -6,
  CDT: -5,
  EST: -5,
  EDT: -4,
  MST: -7,
  MDT: -6,
  PST: -8,
  PDT: -7,
  JST: 9,
  KST: 9,
  AEST: 10,
  AEDT: 11,
};

/**
 * Seconds since the epoch of a `date` line; a zone it names and that is known here is taken into
 * account, any other time is read as UTC.
 */
export function startDate(line: string): number | undefined {
  const match = /(\w{3})\s+(\d{1,2})\s+(\d\d):(\d\d):(\d\d)\s+(?:([A-Z]{2,5})\s+)?(\d{4})/.exec(line);
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[1]!);
  if (month < 0) return undefined;
  const [day, hours, minutes, seconds, year] = [2, 3, 4, 5, 7].map((k) => Number(match[k]));
  const utc = Date.UTC(year!, month, day, hours, minutes, seconds) / 1000;
  return utc - (ZONES[match[6] ?? 'UTC'] ?? 0) * 3600;
}
