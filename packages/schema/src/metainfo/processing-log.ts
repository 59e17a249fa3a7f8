/** How serious a processing log line is. */
export type LogLevel = 'INFO' | 'WARNING' | 'ERROR';

/**
 * One line of an archive's processing_logs, as processing writes it and the entry's logs tab reads it
 * (NOMAD keeps these outside the metainfo: there is no section definition for them).
 */
export interface ProcessingLog {
  level: LogLevel;
  event: string;
  parser?: string;
  /** Processing step that logged ('parser', 'normalizer' ...). */
  step?: string;
  timestamp: string;
  exception?: string;
}
