import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { CliError } from '../command.ts';
import { EntryDigest } from './format.ts';

/** Writes the entries of a backup, one after the other, with the back-pressure of the output file. */
export interface ArchiveWriter {
  addBuffer(name: string, data: Buffer): Promise<void>;
  /** Copies `size` bytes of an open file: exactly what its header announces. */
  addFile(name: string, file: FileHandle, size: number, mtime: Date): Promise<void>;
  addDirectory(name: string, mtime: Date): Promise<void>;
  /** The digest of every entry written so far (for the manifest). */
  digest(): string;
  /** Ends the archive, syncs it to disk and gives it its name. */
  finish(): Promise<void>;
  /** Stops writing and removes what was written. */
  abort(): Promise<void>;
}

/**
 * Opens a new backup file: written under a temporary name next to it and renamed when complete, so a
 * failed or interrupted backup never leaves a file that looks like a backup. Gzip when the name ends in
 * .gz or .tgz. An existing file is never overwritten.
 */
export const openArchiveWriter = async (file: string): Promise<ArchiveWriter> => {
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (exists)
    throw new CliError(`${file} already exists; a backup never overwrites a file. Choose another name.`);
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
  );
  const output = createWriteStream(temp, { flags: 'wx' });
  await new Promise<void>((resolve, reject) => {
    output.once('open', () => resolve());
    output.once('error', (error) =>
      reject(new CliError(`Cannot write the backup next to ${file}: ${error.message}`)),
    );
  });
  const pack = tar.pack();
  const writing = /\.(gz|tgz)$/i.test(file) ? pipeline(pack, createGzip(), output) : pipeline(pack, output);
  // Observed by finish() and abort(); a write error also fails the entry being written.
  writing.catch(() => undefined);
  const digest = new EntryDigest();

  const entry = (header: tar.Header | (Partial<tar.Header> & { name: string }), body?: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const callback = (error?: Error | null) => (error ? reject(error) : resolve());
      if (body) pack.entry(header, body, callback);
      else pack.entry(header, callback);
    });

  return {
    async addBuffer(name, data) {
      digest.entry(name, 'file', data.length);
      digest.data(data);
      await entry({ name, type: 'file', size: data.length, mode: 0o644, mtime: new Date() }, data);
    },

    async addFile(name, file, size, mtime) {
      digest.entry(name, 'file', size);
      let sink: Writable | undefined;
      const done = new Promise<void>((resolve, reject) => {
        // A streamx stream, which node's pipeline drives like its own.
        sink = pack.entry({ name, type: 'file', size, mode: 0o644, mtime }, (error) =>
          error ? reject(error) : resolve(),
        ) as unknown as Writable;
      });
      done.catch(() => undefined);
      let read = 0;
      let ended = false;
      const source =
        size > 0 ? file.createReadStream({ start: 0, end: size - 1, autoClose: false }) : Readable.from([]);
      source.once('end', () => (ended = true));
      try {
        await pipeline(
          source,
          digest.tap((chunk) => (read += chunk.length)),
          sink!,
        );
      } catch (error) {
        // The server replaces files by renaming new ones into place, so an open file keeps its content;
        // only a file written in place could shrink under us, and its entry can then not be completed.
        if (ended && read < size)
          throw new CliError(
            `${name} shrank from ${size} to ${read} bytes while it was copied (written in place?); run the backup again.`,
          );
        throw error;
      }
      await done;
    },

    async addDirectory(name, mtime) {
      digest.entry(name, 'directory', 0);
      await entry({ name, type: 'directory', mode: 0o755, mtime });
    },

    digest: () => digest.value(),

    async finish() {
      pack.finalize();
      await writing;
      const handle = await open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    },

    async abort() {
      pack.destroy();
      await writing.catch(() => undefined);
      await rm(temp, { force: true });
    },
  };
};
