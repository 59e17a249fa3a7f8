import { copyFile, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { UploadFileLimits } from '../config/processing-limits.ts';
import { detectArchive, extractArchive } from './extract.ts';
import type { FileWorkers } from './file-work.ts';
import type { UploadFiles } from './storage.ts';
import { uploadBudget } from './upload-budget.ts';

/** Regular files below `folder` as upload-relative paths; links and other kinds are left out. */
const filesBelow = async (folder: string, relative = ''): Promise<string[]> => {
  const found: string[] = [];
  for (const dirent of await readdir(path.join(folder, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${dirent.name}` : dirent.name;
    if (dirent.isDirectory()) found.push(...(await filesBelow(folder, child)));
    else if (dirent.isFile()) found.push(child);
  }
  return found;
};

/**
 * Puts an example's files into a new upload: a zip or tar file is extracted (with the limits of any
 * upload), a folder is copied. The examples are the installation's own, but the upload's size limit
 * still holds.
 */
export const addExampleFiles = async (
  fileWork: FileWorkers,
  examplePath: string,
  files: UploadFiles,
  limits: UploadFileLimits,
): Promise<string[]> => {
  const info = await lstat(examplePath);
  if (info.isFile()) {
    const kind = await detectArchive(examplePath, examplePath);
    if (!kind) throw new Error(`The example upload ${path.basename(examplePath)} is no zip or tar file.`);
    // Extracting removes the archive it reads: it reads a copy.
    const copy = files.tempPath();
    await mkdir(path.dirname(copy), { recursive: true });
    await copyFile(examplePath, copy);
    return extractArchive(fileWork, kind, copy, files, '', limits);
  }
  const relatives = await filesBelow(examplePath);
  let bytes = 0;
  for (const relative of relatives) bytes += (await lstat(path.join(examplePath, relative))).size;
  const budget = await uploadBudget(fileWork, files.rawDir, files.root, limits);
  if (bytes > budget.bytes) throw budget.exceeded();
  for (const relative of relatives) {
    const target = files.rawPath(relative);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(examplePath, relative), target);
  }
  return relatives;
};
