import { parentPort } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import { stageArchive } from './archive-stage.ts';
import type { FileJob, FileJobFailure, FileWorkAnswer } from './file-jobs.ts';
import { bytesBelow, mirrorReadOnly, moveInto, removeMirror, removeTree } from './tree-ops.ts';

/** A file-work thread (file-work.ts): one job per message, answered when it is done. */
const port = parentPort!;

const run = async (job: FileJob): Promise<unknown> => {
  switch (job.op) {
    case 'remove':
      return removeTree(job.target);
    case 'remove-mirror':
      return removeMirror(job.target);
    case 'mirror-read-only':
      return mirrorReadOnly(job.source, job.target);
    case 'move-into':
      return moveInto(job.from, job.to, job.relatives);
    case 'bytes-below':
      return bytesBelow(job.target);
    case 'extract':
      return stageArchive(job);
  }
};

const failure = (error: unknown): FileJobFailure => {
  if (error instanceof HttpError && typeof error.detail === 'string')
    return { message: error.message, status: error.statusCode, detail: error.detail };
  const { message, code, relative } = error as Error & { code?: unknown; relative?: unknown };
  return {
    message: error instanceof Error ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof relative === 'string' ? { relative } : {}),
  };
};

port.on('message', (job: FileJob) => {
  void run(job).then(
    (result) => port.postMessage({ result } satisfies FileWorkAnswer),
    (error: unknown) => port.postMessage({ error: failure(error) } satisfies FileWorkAnswer),
  );
});
