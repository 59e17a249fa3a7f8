import { statfs } from 'node:fs/promises';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import { badRequest, type HttpError } from '../errors.ts';
import type { FileWorkers } from './file-work.ts';
import { formatBytes } from './sizes.ts';

/** How many more bytes a write may put into an upload, and the error that says which limit ran out. */
export interface UploadBudget {
  bytes: number;
  exceeded: () => HttpError;
}

/**
 * Bytes of the regular files below `dir` (symbolic links are not followed), measured on a file-work
 * thread: a folder of many files costs a stat each.
 */
export const bytesBelow = (fileWork: FileWorkers, dir: string): Promise<number> =>
  fileWork.run({ op: 'bytes-below', target: dir });

/** Free bytes for unprivileged writers on the file system holding `dir`. */
const freeDiskBytes = async (dir: string): Promise<number> => {
  const info = await statfs(dir);
  return info.bavail * info.bsize;
};

/**
 * What a write into an upload may still add: the per-upload limit minus what its raw folder holds, or
 * the free disk space minus the reserve, whichever is smaller. `rawBytes`, when the caller has already
 * walked the raw folder, spares walking it again (a folder of many files costs a stat each).
 */
export const uploadBudget = async (
  fileWork: FileWorkers,
  rawDir: string,
  uploadRoot: string,
  limits: UploadFileLimits,
  rawBytes?: number,
): Promise<UploadBudget> => {
  const byUpload = limits.maxUploadBytes - (rawBytes ?? (await bytesBelow(fileWork, rawDir)));
  const byDisk = (await freeDiskBytes(uploadRoot)) - limits.diskReserveBytes;
  if (byDisk < byUpload) {
    const bytes = Math.max(0, byDisk);
    return {
      bytes,
      exceeded: () =>
        badRequest(
          `The server does not have enough free disk space for this upload (${formatBytes(bytes)} may be written now).`,
        ),
    };
  }
  return {
    bytes: Math.max(0, byUpload),
    exceeded: () =>
      badRequest(
        `The upload would hold more than ${formatBytes(limits.maxUploadBytes)} of files, the limit per upload.`,
      ),
  };
};
