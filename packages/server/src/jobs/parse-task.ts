import type { ProcessingLog } from '@oasis/schema';

export type LogEntry = ProcessingLog & { duration_ms?: number };

/** One mainfile to parse, as the processing job hands it to the parser pool. */
export interface ParseTask {
  absolutePath: string;
  relativePath: string;
  uploadId: string;
  entryId: string;
  parserName: string;
  /** The data directory: schemas may be in other uploads' raw folders (read, then checked by the job). */
  dataDir?: string;
}

/** Other uploads whose raw folders the parse read (schemas, and the schemas those name in turn). */
interface UploadsRead {
  uploadsRead?: string[];
}

export type ParseOutcome = UploadsRead &
  (
    | { ok: true; archive: Record<string, unknown>; logs: LogEntry[] }
    | { ok: false; error: string; logs: LogEntry[]; archive?: Record<string, unknown> }
  );

/** Pool -> parser process. */
export interface ParseRequest {
  type: 'parse';
  task: ParseTask;
  /** Overrides the parsers' own limits on the size of a file read whole (config `max_mainfile_size`). */
  maxMainfileBytes?: number;
}

/** Parser process -> pool: 'ready' once the parser code is loaded, then one outcome per request. */
export type ParserMessage = { type: 'ready' } | { type: 'outcome'; outcome: ParseOutcome };
