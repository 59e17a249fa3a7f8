import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The folder of a mainfile inside its upload ('' for the upload root). */
export const folderOf = (mainfile: string): string => {
  const folder = path.posix.dirname(mainfile);
  return folder === '.' ? '' : folder;
};

/**
 * Upload paths of the plain files directly in a raw folder (NOMAD's files of an entry: its mainfile's
 * folder, not sub-folders), sorted; a missing folder has none. Symbolic links are not followed: only
 * what lies in the upload itself counts.
 */
export async function folderFiles(folderOnDisk: string, folder: string): Promise<string[]> {
  const dirents = await readdir(folderOnDisk, { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    },
  );
  return dirents
    .filter((dirent) => dirent.isFile())
    .map((dirent) => (folder ? `${folder}/${dirent.name}` : dirent.name))
    .sort((a, b) => (a < b ? -1 : 1));
}
