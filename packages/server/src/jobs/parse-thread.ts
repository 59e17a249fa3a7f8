import { parentPort } from 'node:worker_threads';
import { parseMainfile } from '../processing/pipeline.ts';
import type { ProcessingLog } from '../processing/types.ts';

export type LogEntry = ProcessingLog & { duration_ms?: number };

export interface ParseTask {
  absolutePath: string;
  relativePath: string;
  uploadId: string;
  entryId: string;
  parserName: string;
}

export type ParseOutcome =
  | { ok: true; archive: Record<string, unknown>; logs: LogEntry[] }
  | { ok: false; error: string; logs: LogEntry[]; archive?: Record<string, unknown> };

/** Runs in a worker thread: parses one mainfile per message and posts the outcome back. */
const handle = async (task: ParseTask): Promise<ParseOutcome> => {
  const result = await parseMainfile({
    absolutePath: task.absolutePath,
    relativePath: task.relativePath,
    uploadId: task.uploadId,
    parser: task.parserName,
  });
  const { processing_logs: _ignored, ...archive } = result.archive as Record<string, unknown>;
  if (result.ok) return { ok: true, archive, logs: result.logs };
  return { ok: false, error: result.error.message, logs: result.logs, archive };
};

parentPort?.on('message', (task: ParseTask) => {
  handle(task).then(
    (outcome) => parentPort?.postMessage(outcome),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        error: `The parser failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        logs: [],
      } satisfies ParseOutcome),
  );
});
