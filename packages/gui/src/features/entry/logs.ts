import type { LogEntry } from './types.ts';

export const LOG_LEVELS = ['ERROR', 'CRITICAL', 'WARNING', 'INFO', 'DEBUG'] as const;

/** Shown at first and added per 'Load More' click. */
export const LOGS_PAGE = 10;

/** The archive's logs plus the metadata's processing errors as ERROR items (spec 3 §2). */
export function logsWithErrors(
  logs: readonly LogEntry[],
  processingErrors: readonly string[] = [],
): LogEntry[] {
  return [...logs, ...processingErrors.map((error) => ({ level: 'ERROR', event: error }))];
}

export function filterLogs(logs: readonly LogEntry[], levels: ReadonlySet<string>): LogEntry[] {
  return logs.filter((log) => levels.has((log.level ?? 'INFO').toUpperCase()));
}
