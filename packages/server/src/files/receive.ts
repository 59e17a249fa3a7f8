import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import { badRequest } from '../errors.ts';
import { detectArchive, extractArchive } from './extract.ts';
import { uploadWriteError } from './fs-errors.ts';
import { safeRelativePath } from './paths.ts';
import { assertNoClash } from './raw-clash.ts';
import type { UploadFiles } from './storage.ts';
import { bytesBelow, uploadBudget } from './upload-budget.ts';

/** The upload path a plain file is stored at, checked before a byte of it is written. */
const targetPath = (targetDir: string, fileName: string | undefined): string => {
  if (!fileName) {
    throw badRequest('No file name given: send a multipart file or set the file_name query parameter.');
  }
  const safeName = safeRelativePath(fileName);
  if (!safeName) throw badRequest(`Bad path: ${fileName}`);
  const target = safeRelativePath(targetDir);
  return target ? `${target}/${safeName}` : safeName;
};

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
 * any other file is stored as is. Returns the written upload-relative paths, or undefined when the
 * request carried no file. Whatever fails, the temp file goes and the upload keeps what it had.
 */
export const receiveFile = async (
  open: OpenIncomingFile,
  files: UploadFiles,
  targetDir: string,
  limits: UploadFileLimits,
): Promise<string[] | undefined> => {
  const incoming = await open();
  if (!incoming) return undefined;
  const { stream, fileName } = incoming;
  const relative = targetPath(targetDir, fileName);
  // The raw folder does not change while the body streams into tmp/: walked once for both budgets.
  const rawBytes = await bytesBelow(files.rawDir);
  const budget = await uploadBudget(files.rawDir, files.root, limits, rawBytes);
  const temp = await files.streamToTemp(stream, budget);
  try {
    const kind = await detectArchive(temp, relative);
    if (kind) return await extractArchive(kind, temp, files, safeRelativePath(targetDir), limits, rawBytes);
    await assertNoClash(files.rawDir, [relative]);
    await files.moveIntoRaw(temp, files.rawPath(relative)).catch((error: unknown) => {
      throw uploadWriteError(error, relative);
    });
    return [relative];
  } finally {
    await rm(temp, { force: true });
  }
};
