import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** What is at a path: a file (with its size) or a folder; undefined when nothing is there. */
export interface PathInfo {
  isFile: boolean;
  size: number;
}

export const pathInfo = async (target: string): Promise<PathInfo | undefined> => {
  const info = await stat(target).catch(() => undefined);
  return info && { isFile: info.isFile(), size: info.size };
};

export interface FolderItem {
  name: string;
  isFile: boolean;
  size: number;
}

/**
 * The names in a folder, sorted, with the kind and size of those from `offset` on (at most `limit`):
 * a page of a large folder costs a stat per item shown, not per item in it.
 */
export const listFolder = async (
  folder: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; items: FolderItem[] }> => {
  const dirents = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const items = await Promise.all(
    dirents.slice(page.offset, page.offset + page.limit).map(async (dirent) => ({
      name: dirent.name,
      isFile: dirent.isFile(),
      size: dirent.isFile() ? (await stat(path.join(folder, dirent.name))).size : 0,
    })),
  );
  return { total: dirents.length, items };
};

/** A stream of a stored file, whole or its bytes `start` to `end` (inclusive). */
export const fileStream = (file: string, range?: { start: number; end: number }): Readable =>
  createReadStream(file, range);

/** A stored JSON file parsed, or undefined when it is not there (yet). */
export const readJsonFile = async <T>(file: string): Promise<T | undefined> => {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as T);
};

export const fileExists = (file: string): boolean => existsSync(file);

export const readFileBytes = (file: string): Promise<Buffer | undefined> =>
  readFile(file).catch(() => undefined);
