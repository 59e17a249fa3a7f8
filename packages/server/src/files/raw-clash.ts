import { lstatSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../errors.ts';

type Kind = 'file' | 'folder' | 'none';

const kindOfStat = (info: { isDirectory(): boolean } | undefined): Kind =>
  !info ? 'none' : info.isDirectory() ? 'folder' : 'file';

/** The folders that hold `relative`, outermost first, then `relative` itself. */
const pathsOf = (relative: string): string[] => {
  const parts = relative.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
};

/** The clash check itself, on the kinds of what the raw folder holds at each path. */
const checkClashes = (relatives: Iterable<string>, kindOf: (relative: string) => Kind): void => {
  for (const relative of relatives) {
    const paths = pathsOf(relative);
    for (const folder of paths.slice(0, -1)) {
      const kind = kindOf(folder);
      if (kind === 'none') break;
      if (kind === 'file')
        throw badRequest(`Cannot write '${relative}': '${folder}' is a file in the upload, not a folder.`);
    }
    if (kindOf(relative) === 'folder')
      throw badRequest(`Cannot write '${relative}': it is a folder in the upload.`);
  }
};

/**
 * Refuses (400) to write upload paths where the raw folder has a file in place of one of their folders,
 * or a folder in place of the file, before anything is moved: a write is all or nothing.
 */
export const assertNoClash = async (rawDir: string, relatives: readonly string[]): Promise<void> => {
  const kinds = new Map<string, Kind>();
  for (const relative of relatives)
    for (const at of pathsOf(relative)) {
      if (!kinds.has(at))
        kinds.set(at, kindOfStat(await lstat(path.join(rawDir, at)).catch(() => undefined)));
      // Nothing is below a missing folder: no more stats.
      if (kinds.get(at) === 'none') break;
    }
  checkClashes(relatives, (relative) => kinds.get(relative) ?? 'none');
};

/** assertNoClash with synchronous calls, for the file-work threads (many paths: one lstat each). */
export const assertNoClashSync = (rawDir: string, relatives: Iterable<string>): void => {
  const kinds = new Map<string, Kind>();
  checkClashes(relatives, (relative) => {
    let kind = kinds.get(relative);
    if (!kind) {
      kind = kindOfStat(lstatSync(path.join(rawDir, relative), { throwIfNoEntry: false }));
      kinds.set(relative, kind);
    }
    return kind;
  });
};
