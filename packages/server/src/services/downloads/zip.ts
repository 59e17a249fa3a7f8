import type { Readable } from 'node:stream';
import type { ZipItem } from '../../files/raw-zip.ts';
import { ZipFile } from 'yazl';

/** One file of a streamed zip: small generated content, or a stream opened only when its turn comes. */

/** Files queued in the zip writer ahead of the one being written; more waits for the reader. */
const QUEUE_AHEAD = 16;

/**
 * Streams a zip of `items` without holding it in memory: items are pulled from the (async) source only
 * while few are queued, each file is opened when the writer reaches it, and the writer follows the
 * reader's pace. An error in the source or a file ends the stream with that error; a reader that goes
 * away stops the source.
 */
export const zipStream = (items: AsyncIterable<ZipItem>, options: { compress: boolean }): Readable => {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fileOptions = { compress: options.compress };
  let queued = 0;
  let started = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  const nudge = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const fail = (error: Error) => {
    if (stopped) return;
    stopped = true;
    output.destroy(error);
    nudge();
  };
  zip.on('error', fail);
  output.on('close', () => {
    stopped = true;
    nudge();
  });

  const pump = async () => {
    for await (const item of items) {
      if (stopped) return;
      if ('data' in item) {
        zip.addBuffer(item.data, item.path, fileOptions);
        continue;
      }
      queued++;
      zip.addReadStreamLazy(item.path, fileOptions, (callback) => {
        started++;
        nudge();
        const stream = item.open();
        // yazl pipes the stream but does not watch it: a vanished file would leave the zip hanging.
        stream.on('error', fail);
        callback(null, stream);
      });
      while (!stopped && queued - started > QUEUE_AHEAD)
        await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!stopped) zip.end();
  };
  pump().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
  return output;
};
