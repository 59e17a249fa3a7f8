import type { LogEntry } from '../../api/entries/types.ts';

export const LOG_LEVELS = ['ERROR', 'CRITICAL', 'WARNING', 'INFO', 'DEBUG'] as const;

/** Shown at first and added per 'Load More' click. */
export const LOGS_PAGE = 10;

/** The keys each log item's line shows until the user picks others. */
export const DEFAULT_LOG_KEYS = ['parser', 'event'] as const;

/** A processing log line: the known fields and whatever else processing logged with it. */
export type LogRecord = LogEntry & Readonly<Record<string, unknown>>;

/** The archive's logs plus the metadata's processing errors as ERROR items (spec 3 §2). */
export function logsWithErrors(
  logs: readonly LogRecord[],
  processingErrors: readonly string[] = [],
): LogRecord[] {
  return [...logs, ...processingErrors.map((error) => ({ level: 'ERROR', event: error }))];
}

/** The level a log counts under; logs without one are INFO. */
export const levelOf = (log: LogRecord) => (typeof log.level === 'string' ? log.level : 'INFO').toUpperCase();

export function filterLogs(logs: readonly LogRecord[], levels: ReadonlySet<string>): LogRecord[] {
  return logs.filter((log) => levels.has(levelOf(log)));
}

/** Every key the logs use (but the level, which leads each line), sorted, for the filter keys menu. */
export function logKeys(logs: readonly LogRecord[]): string[] {
  const keys = new Set<string>(DEFAULT_LOG_KEYS);
  for (const log of logs) for (const key of Object.keys(log)) if (key !== 'level') keys.add(key);
  return [...keys].sort();
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The line of a log item: the values of the chosen keys it has, in the order the keys are listed. */
export function logSummary(log: LogRecord, keys: readonly string[]): string[] {
  return keys
    .filter((key) => log[key] !== undefined && log[key] !== null && log[key] !== '')
    .map((key) => text(log[key]));
}

/** The fields of an expanded item, the level first. */
export function logDetails(log: LogRecord): [string, string][] {
  return Object.entries(log)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, text(value)]);
}
