import type { UploadFileLimits } from '../config/processing-limits.ts';
import { badRequest } from '../errors.ts';
import type { FileWorkers } from '../files/file-work.ts';
import { safeRelativePath } from '../files/paths.ts';
import { copyOrMoveRawFile } from '../files/raw-ops.ts';
import type { UploadFiles } from '../files/storage.ts';

interface CopyOrMoveOptions {
  fileName?: string;
  overwriteIfExists?: boolean;
  waitForProcessing?: boolean;
  copyOrMove?: 'copy' | 'move';
  copyOrMoveSourcePath?: string;
}

/** A path of the request, or NOMAD's 400 text for it when it could leave the upload or is empty. */
const checked = (value: string, detail: string, options: { basename?: boolean } = {}): string => {
  let relative: string;
  try {
    relative = safeRelativePath(value);
  } catch {
    throw badRequest(detail);
  }
  if (!relative || (options.basename && relative.includes('/'))) throw badRequest(detail);
  return relative;
};

/**
 * PUT raw with `copy_or_move`: copies or moves the file `copy_or_move_source_path` to `file_name` in the
 * folder `targetDir`, with NOMAD's checks and texts. An existing target is refused (409) unless
 * `overwrite_if_exists` is true, which a client sends after asking the user.
 */
export const copyOrMoveFile = async (
  fileWork: FileWorkers,
  files: UploadFiles,
  targetDir: string,
  options: CopyOrMoveOptions,
  limits: UploadFileLimits,
): Promise<void> => {
  const { copyOrMove: op, copyOrMoveSourcePath, fileName } = options;
  if (!op || copyOrMoveSourcePath === undefined || fileName === undefined) {
    throw badRequest(
      'For a successful copy/move operation, all three query parameters: file_name, copy_or_move and ' +
        'copy_or_move_source_path are required.',
    );
  }
  if (options.waitForProcessing)
    throw badRequest('Cannot move/copy the file with wait_for_processing set to true.');
  const name = checked(fileName, 'Bad file name provided', { basename: true });
  const source = checked(copyOrMoveSourcePath, 'Bad source path provided.');
  const target = targetDir ? `${targetDir}/${name}` : name;
  await copyOrMoveRawFile(
    fileWork,
    files,
    { op, source, target, overwrite: options.overwriteIfExists === true },
    limits,
  );
};
