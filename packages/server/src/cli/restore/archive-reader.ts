import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { CliError } from '../command.ts';

/** An entry of the archive: its header and its content (a streamx Readable). */
export type BackupEntry = ReturnType<typeof tar.extract> extends AsyncIterable<infer E> ? E : never;

/** The entries of a backup file in order; `failure()` is the first error reading, unzipping or untarring it. */
export interface BackupReader {
  entries: AsyncIterator<BackupEntry>;
  failure(): Error | undefined;
  close(): void;
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The first bytes of `file`, refusing what cannot be a backup before anything else happens. */
const readStart = async (file: string): Promise<Buffer> => {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const why = code === 'ENOENT' ? 'it does not exist' : code === 'EACCES' ? 'permission denied' : message;
    throw new CliError(`Cannot read the backup file ${file}: ${why}. Nothing was restored.`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile())
      throw new CliError(`${file} is not a file: not an oasis backup. Nothing was restored.`);
    if (info.size === 0) throw new CliError(`${file} is empty: not an oasis backup. Nothing was restored.`);
    const start = Buffer.alloc(2);
    await handle.read(start, 0, 2, 0);
    return start;
  } finally {
    await handle.close();
  }
};

/** Opens a backup, gzipped or not (told by its first bytes, not its name). */
export const openBackupReader = async (file: string): Promise<BackupReader> => {
  const start = await readStart(file);
  const gzipped = GZIP_MAGIC.every((byte, i) => start[i] === byte);
  const source: Readable = createReadStream(file);
  const extract = tar.extract();
  let failure: Error | undefined;
  const feeding = gzipped ? pipeline(source, createGunzip(), extract) : pipeline(source, extract);
  feeding.catch((error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
  });
  extract.on('error', (error: Error) => {
    failure ??= error;
  });
  return {
    entries: extract[Symbol.asyncIterator](),
    failure: () => failure,
    close: () => {
      source.destroy();
      extract.destroy();
    },
  };
};
