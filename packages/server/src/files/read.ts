import { createReadStream, existsSync } from 'node:fs';
import { lstat, readdir, readFile, stat } from 'node:fs/promises';
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

/** Directory entries one listing may visit to add up folder sizes: a request's cost stays bounded. */
const FOLDER_SIZE_WALK_LIMIT = 20_000;
/** Stats of one listing on libuv's thread pool at once (of its 4 threads). */
const STATS_IN_FLIGHT = 2;

/** A folder's size as NOMAD shows it, and the sizes of the folders directly in it (by name). */
export interface FolderSizes {
  total: number;
  children: Map<string, number>;
}

/**
 * Bytes of the regular files below `folder` and below each folder directly in it, in one walk (symbolic
 * links are not followed). The walk visits at most `limit` directory entries; beyond that the sizes are
 * unknown and undefined is answered rather than a partial sum.
 */
export const folderSizes = async (
  folder: string,
  limit = FOLDER_SIZE_WALK_LIMIT,
): Promise<FolderSizes | undefined> => {
  let budget = limit;
  const children = new Map<string, number>();
  const below = async (dir: string, top: boolean): Promise<number | undefined> => {
    const dirents = await readdir(dir, { withFileTypes: true }).catch(() => []);
    budget -= dirents.length;
    if (budget < 0) return undefined;
    // A few files at a time: all of a large folder's stats in flight at once would hold libuv's thread
    // pool, which every other request needs, until the last of them is done.
    const files = dirents.filter((dirent) => dirent.isFile());
    let total = 0;
    for (let at = 0; at < files.length; at += STATS_IN_FLIGHT) {
      const sizes = await Promise.all(
        files
          .slice(at, at + STATS_IN_FLIGHT)
          .map(
            async (dirent) => (await lstat(path.join(dir, dirent.name)).catch(() => undefined))?.size ?? 0,
          ),
      );
      for (const size of sizes) total += size;
    }
    for (const dirent of dirents) {
      if (!dirent.isDirectory()) continue;
      const size = await below(path.join(dir, dirent.name), false);
      if (size === undefined) return undefined;
      if (top) children.set(dirent.name, size);
      total += size;
    }
    return total;
  };
  const total = await below(folder, true);
  return total === undefined ? undefined : { total, children };
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
