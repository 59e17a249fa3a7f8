import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileWorkers } from './file-work.ts';

const entriesOf = (dir: string) => readdir(dir).catch((): string[] => []);

/** Folders among the uploads where a bundle import unpacks before it knows its upload (uploads/<prefix>…). */
export const BUNDLE_STAGING_PREFIX = '.bundle-import-';

/**
 * Removes what interrupted writes left in the uploads' temp folders (`uploads/<id>/tmp`): partial
 * request bodies, half-extracted archives, the temp files of atomic writes; and the staging folders of
 * interrupted bundle imports. With `olderThanMs`, only
 * what was not touched for that long: other servers sharing the data directory may be writing now.
 * Returns how many temp entries were removed. The trees go on the file-work threads: a half-extracted
 * archive may hold a hundred thousand files, and the server already answers requests.
 */
export const removeStaleTempFiles = async (
  fileWork: FileWorkers,
  dataDir: string,
  olderThanMs = 0,
): Promise<number> => {
  const uploads = path.join(dataDir, 'uploads');
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const upload of await entriesOf(uploads)) {
    if (upload.startsWith(BUNDLE_STAGING_PREFIX)) {
      const staging = path.join(uploads, upload);
      const info = await lstat(staging).catch(() => undefined);
      if (!info || (olderThanMs > 0 && info.mtimeMs > cutoff)) continue;
      await fileWork.run({ op: 'remove', target: staging });
      removed++;
      continue;
    }
    const tmp = path.join(uploads, upload, 'tmp');
    for (const name of await entriesOf(tmp)) {
      const entry = path.join(tmp, name);
      const info = await lstat(entry).catch(() => undefined);
      if (!info || (olderThanMs > 0 && info.mtimeMs > cutoff)) continue;
      await fileWork.run({ op: 'remove', target: entry }, upload);
      removed++;
    }
  }
  return removed;
};
