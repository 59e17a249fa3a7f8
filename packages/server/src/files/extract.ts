import { open, rm } from 'node:fs/promises';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import type { ArchiveKind } from './file-jobs.ts';
import type { FileWorkers } from './file-work.ts';
import type { UploadFiles } from './storage.ts';
import { uploadBudget } from './upload-budget.ts';

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
 * Extracts an archive file into the upload's raw directory below `target`; returns the written paths.
 * All or nothing: entries are staged in a temp directory, within the limits of members, unpacked bytes
 * and compression ratio, and moved into place only when the whole archive was read and none clashes
 * with what the upload holds, so a corrupt or malicious archive leaves the upload as it was. The archive
 * file is removed.
 *
 * All of it runs on a file-work thread (archive-stage.ts): reading, inflating and writing the members,
 * the checks against the raw folder and the moves, none on libuv's thread pool.
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
    const budget = await uploadBudget(fileWork, files.rawDir, files.root, uploadLimits, rawBytes);
    const { statusCode: status, message: detail } = budget.exceeded();
    return await fileWork.run({
      op: 'extract',
      kind,
      file,
      staging,
      rawDir: files.rawDir,
      target,
      limits: uploadLimits,
      budget: { bytes: budget.bytes, status, detail },
    });
  } finally {
    await rm(file, { force: true });
    // What a stopping server leaves is removed at the next start (temp-cleanup.ts).
    await fileWork.run({ op: 'remove', target: staging }).catch(() => undefined);
  }
};
