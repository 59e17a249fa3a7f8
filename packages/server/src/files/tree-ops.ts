import {
  type Dirent,
  chmodSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';

/*
 * The whole-tree operations of the file-work threads (file-work-thread.ts): synchronous calls, which hold
 * the thread they run on and nothing of libuv's pool. Another server sharing the data directory may be
 * deleting the same tree: what vanishes meanwhile is no error, a folder found not yet empty is tried
 * again (rmSync's retries).
 */

export const removeTree = (target: string): void =>
  rmSync(target, { recursive: true, force: true, maxRetries: 2 });

const unlock = (dir: string): void => {
  const info = lstatSync(dir, { throwIfNoEntry: false });
  if (!info?.isDirectory()) return;
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) unlock(path.join(dir, name));
};

/** Deletes a tree that `mirrorReadOnly` made: its folders are made writable first. */
export const removeMirror = (target: string): void => {
  unlock(target);
  removeTree(target);
};

/** Regular files of `source` as hard links (copies across file systems) below `target`, all read-only. */
export const mirrorReadOnly = (source: string, target: string): void => {
  mkdirSync(target, { recursive: true });
  let items: Dirent[] = [];
  try {
    items = readdirSync(source, { withFileTypes: true });
  } catch {
    // A missing source mirrors as an empty folder.
  }
  for (const item of items) {
    const from = path.join(source, item.name);
    const to = path.join(target, item.name);
    if (item.isDirectory()) mirrorReadOnly(from, to);
    else if (item.isFile()) {
      try {
        linkSync(from, to);
      } catch {
        copyFileSync(from, to);
      }
      chmodSync(to, 0o444);
    }
  }
  chmodSync(target, 0o555);
};

/** Renames each of `relatives` from below `from` to below `to`; a failure names the path it failed at. */
export const moveInto = (from: string, to: string, relatives: readonly string[]): void => {
  const made = new Set<string>();
  for (const relative of relatives) {
    try {
      const destination = path.join(to, relative);
      const folder = path.dirname(destination);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      renameSync(path.join(from, relative), destination);
    } catch (error) {
      throw Object.assign(error as Error, { relative });
    }
  }
};

/** Bytes of the regular files below `dir` (symbolic links are not followed); 0 when it is missing. */
export const bytesBelow = (dir: string): number => {
  let items: Dirent[];
  try {
    items = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const item of items) {
    const child = path.join(dir, item.name);
    if (item.isDirectory()) total += bytesBelow(child);
    else if (item.isFile()) total += lstatSync(child, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
};
