import { copyFile, lstat, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';
import type { FileWorkers } from './file-work.ts';
import { uploadWriteError } from './fs-errors.ts';
import { folderOf } from './folder-files.ts';
import { assertNoClash } from './raw-clash.ts';
import type { UploadFiles } from './storage.ts';
import { uploadBudget } from './upload-budget.ts';

// File operations inside one upload's raw folder. Paths are upload-relative and already normalised
// (safeRelativePath); every one is resolved through UploadFiles.rawPath, which keeps it inside the folder.

const kindAt = async (absolute: string): Promise<'file' | 'folder' | 'other' | undefined> => {
  const info = await lstat(absolute).catch(() => undefined);
  if (!info) return undefined;
  return info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other';
};

/** Creates a folder (and its missing parents); NOMAD refuses a path that exists with 400. */
export const createRawFolder = async (files: UploadFiles, relative: string): Promise<void> => {
  const target = files.rawPath(relative);
  if (await kindAt(target)) throw badRequest(`Path \`${relative}\` already exists.`);
  await mkdir(target, { recursive: true }).catch((error: unknown) => {
    throw uploadWriteError(error, relative);
  });
};

export interface CopyOrMove {
  op: 'copy' | 'move';
  source: string;
  target: string;
  /** Replace a file at the target; without it an existing target is refused (409, NOMAD's text). */
  overwrite: boolean;
}

/**
 * Copies or moves one file of the upload to another path of it. A copy is written to a temp file first
 * and renamed into place, and counts against the upload's size limits; a move is one rename.
 */
export const copyOrMoveRawFile = async (
  fileWork: FileWorkers,
  files: UploadFiles,
  request: CopyOrMove,
  limits: UploadFileLimits,
): Promise<void> => {
  const { source, target } = request;
  if (source === target) throw badRequest('The source and the target of the copy or move are the same path.');
  const sourceKind = await kindAt(files.rawPath(source));
  if (!sourceKind) throw notFound(`The file to ${request.op} does not exist: ${source}`);
  if (sourceKind !== 'file') throw badRequest(`Only files can be copied or moved; ${source} is not a file.`);
  // The target folder (the request's path) has to exist, as in NOMAD.
  if (!(await kindAt(files.rawPath(folderOf(target)))))
    throw notFound('No file or folder with that path found.');
  const targetKind = await kindAt(files.rawPath(target));
  if (targetKind && (!request.overwrite || targetKind !== 'file'))
    throw new HttpError(409, 'The provided path already exists.');
  await assertNoClash(files.rawDir, [target]);
  const write = (error: unknown) => {
    throw uploadWriteError(error, target);
  };
  if (request.op === 'move') {
    await rename(files.rawPath(source), files.rawPath(target)).catch(write);
    return;
  }
  const { size } = await lstat(files.rawPath(source));
  const budget = await uploadBudget(fileWork, files.rawDir, files.root, limits);
  if (size > budget.bytes) throw budget.exceeded();
  const temp = files.tempPath();
  await mkdir(path.dirname(temp), { recursive: true });
  try {
    await copyFile(files.rawPath(source), temp);
    await rename(temp, files.rawPath(target)).catch(write);
  } finally {
    await rm(temp, { force: true });
  }
};

/** Removes folders left empty above `relative`, up to (not including) the upload's root. */
const pruneEmptyParents = async (files: UploadFiles, relative: string): Promise<void> => {
  for (let folder = folderOf(relative); folder !== ''; folder = folderOf(folder)) {
    const absolute = files.rawPath(folder);
    const names = await readdir(absolute).catch(() => undefined);
    if (!names || names.length > 0) return;
    await rmdir(absolute).catch(() => undefined);
  }
};

/**
 * Removes upload paths (files or whole folders), skipping paths inside a folder removed with them, and
 * with `prune` also the folders they leave empty. Returns the paths that were there.
 */
export const removeRawPaths = async (
  files: UploadFiles,
  relatives: Iterable<string>,
  options: { prune: boolean },
): Promise<string[]> => {
  const sorted = [...new Set(relatives)].sort();
  const removed: string[] = [];
  for (const relative of sorted) {
    // The root is never removed here: an entry's folder at the top of the upload is the upload itself.
    if (relative === '') continue;
    if (removed.some((done) => relative.startsWith(`${done}/`))) continue;
    if (await files.removeRaw(relative)) removed.push(relative);
  }
  if (options.prune) for (const relative of removed) await pruneEmptyParents(files, relative);
  return removed;
};
