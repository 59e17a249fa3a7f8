import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import tar from 'tar-stream';
import { badRequest } from '../errors.ts';
import { safeRelativePath } from './paths.ts';
import type { UploadFiles } from './storage.ts';

export type ArchiveKind = 'zip' | 'tar' | 'tar.gz';

/** Recognises zip and tar(.gz) by their magic bytes, so a misnamed archive is still extracted. */
export const detectArchive = async (file: string, fileName: string): Promise<ArchiveKind | undefined> => {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, 512, 0);
    if (bytesRead >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
    if (bytesRead >= 4 && head.readUInt32LE(0) === 0x06054b50) return 'zip'; // empty zip
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b && /\.(tar\.gz|tgz)$/i.test(fileName))
      return 'tar.gz';
    if (bytesRead >= 262 && head.toString('latin1', 257, 262) === 'ustar') return 'tar';
    // Named as a zip but not one: extracting it fails with the zip reader's reason, as NOMAD does.
    if (/\.zip$/i.test(fileName)) return 'zip';
    return undefined;
  } finally {
    await handle.close();
  }
};

/**
 * Entry names inside archives are untrusted: a name that would leave the target directory (zip-slip) or
 * is absolute fails the whole extraction before anything of it is kept.
 */
const entryPath = (target: string, name: string): string => {
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) throw badRequest(`Bad path in archive: ${name}`);
  const relative = safeRelativePath(name);
  return target ? `${target}/${relative}` : relative;
};

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip
        ? reject(badRequest(`Cannot read zip file: ${error?.message ?? 'unknown error'}`))
        : resolve(zip),
    ),
  );

type Sink = (relative: string, stream: Readable) => Promise<void>;

const extractZip = async (file: string, sink: Sink, target: string): Promise<string[]> => {
  const zip = await openZip(file);
  const written: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof Error && 'statusCode' in error) reject(error);
      // yauzl refuses '../' and absolute member names itself; say so in the same words as our own check.
      else if (/invalid relative path|absolute path/.test(message))
        reject(badRequest(`Bad path in archive: ${message}`));
      else reject(badRequest(`Corrupt zip file: ${message}`));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        zip.readEntry();
        return;
      }
      let relative: string;
      try {
        relative = entryPath(target, entry.fileName);
      } catch (error) {
        fail(error);
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error ?? new Error('no stream'));
        sink(relative, stream)
          .then(() => {
            written.push(relative);
            zip.readEntry();
          })
          .catch(fail);
      });
    });
    zip.readEntry();
  });
  return written;
};

const extractTar = async (source: Readable, sink: Sink, target: string): Promise<string[]> => {
  const extract = tar.extract();
  const written: string[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') {
        entry.resume();
        continue;
      }
      const relative = entryPath(target, name);
      await sink(relative, entry as unknown as Readable);
      written.push(relative);
    }
  })();
  await Promise.all([
    pipeline(source, extract).catch((error: Error) => {
      throw badRequest(`Corrupt tar file: ${error.message}`);
    }),
    done,
  ]);
  return written;
};

/**
 * Extracts an archive file into the upload's raw directory below `target`; returns the written paths.
 * All or nothing: entries are staged in a temp directory and moved into place only when the whole archive
 * was read, so a corrupt or malicious archive leaves the upload as it was. The archive file is removed.
 */
export const extractArchive = async (
  kind: ArchiveKind,
  file: string,
  files: UploadFiles,
  target: string,
): Promise<string[]> => {
  const staging = files.tempPath();
  const sink: Sink = async (relative, stream) => {
    const staged = path.join(staging, relative);
    await mkdir(path.dirname(staged), { recursive: true });
    await pipeline(stream, createWriteStream(staged));
  };
  try {
    const written =
      kind === 'zip'
        ? await extractZip(file, sink, target)
        : await extractTar(
            kind === 'tar.gz' ? createReadStream(file).pipe(createGunzip()) : createReadStream(file),
            sink,
            target,
          );
    for (const relative of written)
      await files.moveIntoRaw(path.join(staging, relative), files.rawPath(relative));
    return written;
  } finally {
    await rm(file, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
};
