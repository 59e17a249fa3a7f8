// Runs in a parser process (see parse-pool.ts for why a process and not a thread): parses one mainfile
// per request and sends the outcome back. Whatever kills this process fails only the entry it parsed.
import { UploadFiles } from '../files/storage.ts';
import { parseMainfile } from '../processing/pipeline.ts';
import type { ParseOutcome, ParseRequest, ParserMessage } from './parse-task.ts';

/**
 * Other uploads' raw folders, for ids of the form upload ids have; each upload asked for is noted, so the
 * job can check the uploader may read every one (a schema of another upload may name a third).
 */
const otherUploadRaw = (dataDir: string, read: Set<string>) => (uploadId: string) => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uploadId)) return undefined;
  read.add(uploadId);
  return new UploadFiles(dataDir, uploadId).rawDir;
};

const send = (message: ParserMessage) => process.send?.(message);

const handle = async ({ task, maxMainfileBytes }: ParseRequest): Promise<ParseOutcome> => {
  const read = new Set<string>();
  const outcome = await parse(task, read, maxMainfileBytes);
  read.delete(task.uploadId);
  return read.size > 0 ? { ...outcome, uploadsRead: [...read].sort() } : outcome;
};

const parse = async (
  task: ParseRequest['task'],
  read: Set<string>,
  maxMainfileBytes: number | undefined,
): Promise<ParseOutcome> => {
  const result = await parseMainfile({
    absolutePath: task.absolutePath,
    relativePath: task.relativePath,
    uploadId: task.uploadId,
    parser: task.parserName,
    ...(task.dataDir ? { otherUploadRaw: otherUploadRaw(task.dataDir, read) } : {}),
    ...(maxMainfileBytes ? { maxBytes: maxMainfileBytes } : {}),
  });
  const { processing_logs: _ignored, ...archive } = result.archive as Record<string, unknown>;
  if (result.ok) return { ok: true, archive, logs: result.logs };
  return { ok: false, error: result.error.message, logs: result.logs, archive };
};

process.on('message', (request: ParseRequest) => {
  handle(request).then(
    (outcome) => send({ type: 'outcome', outcome }),
    (error: unknown) =>
      send({
        type: 'outcome',
        outcome: {
          ok: false,
          error: `The parser failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
          logs: [],
        },
      }),
  );
});
// The server went away (even killed): a parser process never outlives it.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
