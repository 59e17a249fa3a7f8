import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import tar from 'tar-stream';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import { badRequest, HttpError } from '../errors.ts';
import type { FileWorkers } from './file-work.ts';
import { uploadWriteError } from './fs-errors.ts';
import { safeRelativePath } from './paths.ts';
import { assertNoClash } from './raw-clash.ts';
import { withoutServerPaths } from './server-paths.ts';
import type { UploadFiles } from './storage.ts';
import { uploadBudget } from './upload-budget.ts';
import { UnpackLimits } from './unpack-limits.ts';

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
        ? reject(badRequest(`Cannot read zip file: ${withoutServerPaths(error?.message ?? 'unknown error')}`))
        : resolve(zip),
    ),
  );

type Sink = (relative: string, stream: Readable, meter: Transform) => Promise<void>;

const extractZip = async (
  file: string,
  sink: Sink,
  target: string,
  limits: UnpackLimits,
): Promise<Set<string>> => {
  const zip = await openZip(file);
  const written = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      const message = withoutServerPaths(error instanceof Error ? error.message : String(error));
      if (error instanceof HttpError) reject(error);
      // yauzl refuses '../' and absolute member names itself; say so in the same words as our own check.
      else if (/invalid relative path|absolute path/.test(message))
        reject(badRequest(`Bad path in archive: ${message}`));
      else reject(badRequest(`Corrupt zip file: ${message}`));
    };
    try {
      limits.declaredMembers(zip.entryCount);
    } catch (error) {
      fail(error);
      return;
    }
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      let relative: string;
      try {
        limits.member();
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        relative = entryPath(target, entry.fileName);
        limits.declared(relative, entry.uncompressedSize, entry.compressedSize);
      } catch (error) {
        fail(error);
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error ?? new Error('no stream'));
        // Stored members are not compressed: their ratio is 1 whatever they hold.
        const compressed = entry.compressionMethod === 0 ? undefined : entry.compressedSize;
        sink(relative, stream, limits.meter(relative, compressed))
          .then(() => {
            written.add(relative);
            zip.readEntry();
          })
          .catch(fail);
      });
    });
    zip.readEntry();
  });
  return written;
};

const extractTar = async (
  source: Readable,
  sink: Sink,
  target: string,
  limits: UnpackLimits,
): Promise<Set<string>> => {
  const extract = tar.extract();
  const written = new Set<string>();
  const done = (async () => {
    for await (const entry of extract) {
      limits.member();
      const { name, type } = entry.header;
      if (type !== 'file') {
        entry.resume();
        continue;
      }
      const relative = entryPath(target, name);
      await sink(relative, entry as unknown as Readable, limits.meter(relative));
      written.add(relative);
    }
  })();
  const reading = pipeline(source, extract).catch((error: Error) => {
    throw badRequest(`Corrupt tar file: ${withoutServerPaths(error.message)}`);
  });
  // A limit that stops the entries ends the reading too; its error is the one to report.
  await Promise.all([
    reading,
    done.catch((error: unknown) => {
      extract.destroy();
      throw error;
    }),
  ]);
  return written;
};

/** The staging sink: a member clashing with another of the same archive (file and folder) is a 400. */
const stagingSink =
  (staging: string): Sink =>
  async (relative, stream, meter) => {
    const staged = path.join(staging, relative);
    // A zip member's stream runs before it is read: one whose header understates its size fails while the
    // folder is made, and an 'error' nobody listens to would end the process. The pipeline below finds
    // the stream failed and reports it.
    stream.on('error', () => undefined);
    try {
      await mkdir(path.dirname(staged), { recursive: true });
      // A member named twice: the later one wins, as when NOMAD (Python's zipfile) extracts it.
      await pipeline(stream, meter, createWriteStream(staged));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR')
        throw badRequest(`The archive holds a file and a folder of the same name ('${relative}').`);
      throw uploadWriteError(error, relative);
    }
  };

/**
 * Extracts an archive file into the upload's raw directory below `target`; returns the written paths.
 * All or nothing: entries are staged in a temp directory, within the limits of members, unpacked bytes
 * and compression ratio, and moved into place only when the whole archive was read and none clashes
 * with what the upload holds, so a corrupt or malicious archive leaves the upload as it was. The archive
 * file is removed.
 *
 * Members are read and written one at a time (one call on libuv's thread pool at a time), while moving
 * them into place and removing the staging folder are whole-tree operations on the file-work threads.
 */
export const extractArchive = async (
  fileWork: FileWorkers,
  kind: ArchiveKind,
  file: string,
  files: UploadFiles,
  target: string,
  uploadLimits: UploadFileLimits,
  rawBytes?: number,
): Promise<string[]> => {
  const staging = files.tempPath();
  try {
    // Free disk space is read again: the archive itself now takes some of it.
    const budget = await uploadBudget(files.rawDir, files.root, uploadLimits, rawBytes);
    const limits = new UnpackLimits(uploadLimits, budget, (await stat(file)).size);
    const sink = stagingSink(staging);
    const written =
      kind === 'zip'
        ? await extractZip(file, sink, target, limits)
        : await extractTar(
            kind === 'tar.gz' ? createReadStream(file).pipe(createGunzip()) : createReadStream(file),
            sink,
            target,
            limits,
          );
    await assertNoClash(files.rawDir, written);
    // Each path was checked by rawPath's rules when it was staged (entryPath).
    const relatives = [...written];
    await fileWork
      .run({ op: 'move-into', from: staging, to: files.rawDir, relatives })
      .catch((error: unknown) => {
        throw uploadWriteError(error, (error as { relative?: string }).relative ?? '');
      });
    return relatives;
  } finally {
    await rm(file, { force: true });
    // What a stopping server leaves is removed at the next start (temp-cleanup.ts).
    await fileWork.run({ op: 'remove', target: staging }).catch(() => undefined);
  }
};
