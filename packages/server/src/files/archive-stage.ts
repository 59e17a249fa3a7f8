import { closeSync, fstatSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import yauzl from 'yauzl';
import { badRequest, HttpError } from '../errors.ts';
import type { ExtractJob } from './file-jobs.ts';
import { uploadWriteError } from './fs-errors.ts';
import { safeRelativePath } from './paths.ts';
import { assertNoClashSync } from './raw-clash.ts';
import { withoutServerPaths } from './server-paths.ts';
import { fileWriter, gunzip, inflateRaw, rangeReader, zipReader } from './sync-streams.ts';
import { moveInto } from './tree-ops.ts';
import { UnpackLimits } from './unpack-limits.ts';

/*
 * Extraction on a file-work thread (the job's rules are extractArchive's, in extract.ts). Members are
 * read, inflated and written by synchronous calls (sync-streams.ts), so a large archive holds this thread
 * and nothing of libuv's pool; the yauzl and tar-stream parsers run on this thread's own event loop.
 */

/**
 * Entry names inside archives are untrusted: a name that would leave the target directory (zip-slip) or
 * is absolute fails the whole extraction before anything of it is kept.
 */
const entryPath = (target: string, name: string): string => {
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) throw badRequest(`Bad path in archive: ${name}`);
  const relative = safeRelativePath(name);
  return target ? `${target}/${relative}` : relative;
};

type Sink = (relative: string, streams: [Readable, ...Transform[]], meter: Transform) => Promise<void>;

/** Writes members below `staging`: a member clashing with another of the same archive is a 400. */
const stagingSink =
  (staging: string): Sink =>
  async (relative, streams, meter) => {
    const staged = path.join(staging, relative);
    try {
      mkdirSync(path.dirname(staged), { recursive: true });
      // A member named twice: the later one wins, as when NOMAD (Python's zipfile) extracts it.
      await pipeline([...streams, meter, fileWriter(staged)]);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR')
        throw badRequest(`The archive holds a file and a folder of the same name ('${relative}').`);
      throw uploadWriteError(error, relative);
    }
  };

const openZip = (fd: number) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      zipReader(fd),
      fstatSync(fd).size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true },
      (error, zip) =>
        error
          ? reject(badRequest(`Cannot read zip file: ${withoutServerPaths(error.message)}`))
          : resolve(zip),
    ),
  );

/** A member's data: yauzl reads it as stored, and it is inflated here (yauzl would use node:zlib). */
const memberStreams = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<[Readable, ...Transform[]]>((resolve, reject) => {
    if (entry.isEncrypted()) {
      reject(new Error('entry is encrypted, and options.decodeFileData !== false'));
      return;
    }
    const stored = entry.compressionMethod === 0;
    if (!stored && entry.compressionMethod !== 8) {
      reject(new Error(`unsupported compression method: ${entry.compressionMethod}`));
      return;
    }
    const raw = { decodeFileData: false } as unknown as yauzl.ZipFileOptions;
    zip.openReadStream(entry, raw, (error, data) => {
      if (error) {
        reject(error);
        return;
      }
      const streams: [Readable, ...Transform[]] = stored
        ? [data]
        : [data, ...inflateRaw(entry.compressedSize, entry.uncompressedSize)];
      // A stream may fail before the sink's pipeline takes it (a header that understates the size): an
      // 'error' nobody listens to would end the thread. The pipeline finds the stream failed and says so.
      for (const stream of streams) stream.on('error', () => undefined);
      resolve(streams);
    });
  });

const extractZip = async (
  fd: number,
  sink: Sink,
  target: string,
  limits: UnpackLimits,
): Promise<Set<string>> => {
  const zip = await openZip(fd);
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
      // Stored members are not compressed: their ratio is 1 whatever they hold.
      const compressed = entry.compressionMethod === 0 ? undefined : entry.compressedSize;
      memberStreams(zip, entry)
        .then((streams) => sink(relative, streams, limits.meter(relative, compressed)))
        .then(() => {
          written.add(relative);
          zip.readEntry();
        })
        .catch(fail);
    });
    zip.readEntry();
  });
  return written;
};

const extractTar = async (
  source: [Readable, ...Transform[]],
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
      await sink(relative, [entry as unknown as Readable], limits.meter(relative));
      written.add(relative);
    }
  })();
  const reading = pipeline([...source, extract]).catch((error: Error) => {
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

/**
 * Stages the archive's members below the job's staging folder within its limits, checks them against
 * what the raw folder holds, and moves them into place; returns the written upload paths. What fails
 * leaves the raw folder as it was (the caller removes the staging folder).
 */
export const stageArchive = async (job: ExtractJob): Promise<string[]> => {
  const fd = openSync(job.file, 'r');
  try {
    const { bytes, status, detail } = job.budget;
    const budget = { bytes, exceeded: () => new HttpError(status, detail) };
    const archiveBytes = fstatSync(fd).size;
    const limits = new UnpackLimits(job.limits, budget, archiveBytes);
    const sink = stagingSink(job.staging);
    const whole = (): [Readable] => [rangeReader(fd, 0, archiveBytes)];
    const written =
      job.kind === 'zip'
        ? await extractZip(fd, sink, job.target, limits)
        : await extractTar(
            job.kind === 'tar.gz' ? [...whole(), gunzip()] : whole(),
            sink,
            job.target,
            limits,
          );
    assertNoClashSync(job.rawDir, written);
    const relatives = [...written];
    try {
      // Each path was checked by rawPath's rules when it was staged (entryPath).
      moveInto(job.staging, job.rawDir, relatives);
    } catch (error) {
      throw uploadWriteError(error, (error as { relative?: string }).relative ?? '');
    }
    return relatives;
  } finally {
    closeSync(fd);
  }
};
