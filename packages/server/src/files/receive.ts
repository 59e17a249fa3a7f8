import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import { badRequest, HttpError } from '../errors.ts';
import { detectArchive, extractArchive } from './extract.ts';
import type { FileWorkers } from './file-work.ts';
import { uploadWriteError } from './fs-errors.ts';
import { safeRelativePath } from './paths.ts';
import { pathInfo } from './read.ts';
import { assertNoClash } from './raw-clash.ts';
import type { UploadFiles } from './storage.ts';
import { bytesBelow, uploadBudget } from './upload-budget.ts';

const noFileName = () =>
  badRequest('No file name given: send a multipart file or set the file_name query parameter.');

/** The upload path a plain file is stored at, checked before a byte is written; undefined without a name. */
const targetPath = (targetDir: string, fileName: string | undefined): string | undefined => {
  if (!fileName) return undefined;
  const safeName = safeRelativePath(fileName);
  if (!safeName) throw badRequest(`Bad path: ${fileName}`);
  const target = safeRelativePath(targetDir);
  return target ? `${target}/${safeName}` : safeName;
};

/** NOMAD's answer (409) when a plain file would replace one and the client asked to keep existing files. */
const EXISTING_FILE_KEPT = 'The provided path already exists and overwrite_if_exists is set to False.';

/** Archives are merged into the upload, never refused for names they share with it (as in NOMAD). */
const ARCHIVE_NAME = /\.(zip|tar|tgz|tar\.gz)$/i;

const assertFree = async (files: UploadFiles, relative: string): Promise<void> => {
  if (await pathInfo(files.rawPath(relative))) throw new HttpError(409, EXISTING_FILE_KEPT);
};

/** What to do when a plain file lands on an existing path: replace it (NOMAD's default) or refuse. */
export interface ReceiveOptions {
  keepExisting?: boolean;
  /**
   * Runs when a single file has arrived, right before it replaces `relative` (a save's check of the file
   * it replaces); a throw keeps the file that is there.
   */
  beforeReplace?: (relative: string) => Promise<void>;
  /** Runs that check and the replacement as one step among other writes of the same path. */
  serialize?: <T>(relative: string, task: () => Promise<T>) => Promise<T>;
}

/** A file sent with a request: its bytes, and the name it is to be stored under (if the request gave one). */
interface IncomingFile {
  stream: Readable;
  fileName: string | undefined;
}

/**
 * Opens the request's file when the receiver is ready for it (after its checks, so a refused request
 * reads nothing); undefined when the request carries no file.
 */
export type OpenIncomingFile = () => Promise<IncomingFile | undefined>;

/**
 * Takes the file of an upload request, streams it to disk (constant memory, at most what the upload may
 * still take), and puts it into the raw directory below `targetDir`: zip and tar archives are extracted,
 * any other file is stored as is (it needs a name; with `keepExisting` not over an existing path, 409).
 * Returns the written upload-relative paths, or undefined when the request carried no file. Whatever
 * fails, the temp file goes and the upload keeps what it had.
 */
export const receiveFile = async (
  fileWork: FileWorkers,
  open: OpenIncomingFile,
  files: UploadFiles,
  targetDir: string,
  limits: UploadFileLimits,
  options: ReceiveOptions = {},
): Promise<string[] | undefined> => {
  const incoming = await open();
  if (!incoming) return undefined;
  const { stream, fileName } = incoming;
  const relative = targetPath(targetDir, fileName);
  // Refused before the body is stored; drained (not destroyed) so that the client reads the answer.
  if (options.keepExisting && relative && !ARCHIVE_NAME.test(relative)) {
    await assertFree(files, relative).catch((error: unknown) => {
      stream.on('error', () => undefined);
      stream.resume();
      throw error;
    });
  }
  // The raw folder does not change while the body streams into tmp/: walked once for both budgets.
  const rawBytes = await bytesBelow(fileWork, files.rawDir);
  const budget = await uploadBudget(fileWork, files.rawDir, files.root, limits, rawBytes);
  const temp = await files.streamToTemp(stream, budget);
  try {
    // A body without a name (`curl -T file`) is taken when it is an archive: its members name themselves.
    const kind = await detectArchive(temp, relative ?? '');
    if (kind)
      return await extractArchive(fileWork, kind, temp, files, safeRelativePath(targetDir), limits, rawBytes);
    if (!relative) throw noFileName();
    const place = async () => {
      await options.beforeReplace?.(relative);
      if (options.keepExisting) await assertFree(files, relative);
      await assertNoClash(files.rawDir, [relative]);
      await files.moveIntoRaw(temp, files.rawPath(relative)).catch((error: unknown) => {
        throw uploadWriteError(error, relative);
      });
    };
    await (options.serialize ? options.serialize(relative, place) : place());
    return [relative];
  } finally {
    await rm(temp, { force: true });
  }
};
