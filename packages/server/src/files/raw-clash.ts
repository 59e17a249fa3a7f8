import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../errors.ts';

type Kind = 'file' | 'folder' | 'none';

/**
 * Refuses (400) to write upload paths where the raw folder has a file in place of one of their folders,
 * or a folder in place of the file, before anything is moved: a write is all or nothing.
 */
export const assertNoClash = async (rawDir: string, relatives: Iterable<string>): Promise<void> => {
  const kinds = new Map<string, Kind>();
  const kindOf = async (relative: string): Promise<Kind> => {
    const known = kinds.get(relative);
    if (known) return known;
    const info = await lstat(path.join(rawDir, relative)).catch(() => undefined);
    const kind: Kind = !info ? 'none' : info.isDirectory() ? 'folder' : 'file';
    kinds.set(relative, kind);
    return kind;
  };
  for (const relative of relatives) {
    const parts = relative.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const kind = await kindOf(folder);
      if (kind === 'none') break;
      if (kind === 'file')
        throw badRequest(`Cannot write '${relative}': '${folder}' is a file in the upload, not a folder.`);
    }
    if ((await kindOf(relative)) === 'folder')
      throw badRequest(`Cannot write '${relative}': it is a folder in the upload.`);
  }
};
