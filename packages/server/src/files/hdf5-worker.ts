import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import { confineHdf5Reads } from './hdf5-confine.ts';
import { hdf5Ready } from './hdf5-file.ts';
import { readHdf5, type Hdf5ReadRequest } from './hdf5-read.ts';
import type { Hdf5WorkerAnswer } from './hdf5-reader.ts';

/** The HDF5 reader's thread (hdf5-reader.ts): one read per message, answered in turn. */
const port = parentPort!;

// Reads yield to the server's own thread on a busy machine: this thread runs at a lower CPU priority (Linux
// names a thread by its id in /proc/thread-self; lowering needs no privilege). Elsewhere nothing changes.
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(thread)) setPriority(thread, 10);
} catch {
  // Not Linux, or no /proc.
}
const confined = confineHdf5Reads();
await hdf5Ready();
port.on('message', ({ id, request }: { id: number; request: Hdf5ReadRequest }) => {
  let answer: Hdf5WorkerAnswer;
  try {
    const { value, refused } = confined(request.file, () => readHdf5(request));
    answer = refused
      ? {
          id,
          ok: false,
          status: 400,
          detail: `${request.path} keeps its data in files outside ${request.fileName}, which are not read.`,
        }
      : { id, ok: true, result: value };
  } catch (error) {
    answer =
      error instanceof HttpError && typeof error.detail === 'string'
        ? { id, ok: false, status: error.statusCode, detail: error.detail }
        : {
            id,
            ok: false,
            // What the HDF5 library throws here comes from reading the file: a damaged file is the caller's
            // input, answered 400 with the library's words, not a server error.
            status: 400,
            detail: `${request.fileName} could not be read as HDF5: ${error instanceof Error ? error.message : String(error)}`,
          };
  }
  port.postMessage(answer);
});
