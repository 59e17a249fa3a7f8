import { createReadStream } from 'node:fs';
import { folderFiles, folderOf } from '../../files/folder-files.ts';
import { UploadFiles } from '../../files/storage.ts';
import type { DownloadEntry } from './entries.ts';
import type { ZipItem } from '../../files/raw-zip.ts';

interface RawManifestEntry {
  entry_id: string;
  upload_id: string;
  /** `{upload_id}/{mainfile}`: where the mainfile is in the zip. */
  mainfile: string;
}

/**
 * NOMAD's raw download: for each entry the files of its mainfile's folder (not sub-folders) as
 * `{upload_id}/{path}`, each written once however many entries share the folder, then `manifest.json`
 * with the entries. With a path filter, files it rejects are left out, and so are entries whose folder
 * had files but none accepted.
 */
export async function* rawZipItems(
  dataDir: string,
  entries: readonly DownloadEntry[],
  pathFilter?: (path: string) => boolean,
): AsyncGenerator<ZipItem> {
  const manifest: RawManifestEntry[] = [];
  // Per upload and folder: whether it counts for the manifest (files listed before).
  const folders = new Map<string, boolean>();
  for (const entry of entries) {
    const folder = folderOf(entry.mainfile);
    const key = `${entry.upload_id}/${folder}`;
    let listed = folders.get(key);
    if (listed === undefined) {
      const files = new UploadFiles(dataDir, entry.upload_id);
      // rawPath refuses anything that would leave the upload's raw folder.
      const paths = await folderFiles(files.rawPath(folder), folder);
      let accepted = 0;
      for (const relative of paths) {
        if (pathFilter && !pathFilter(relative)) continue;
        accepted++;
        const file = files.rawPath(relative);
        yield { path: `${entry.upload_id}/${relative}`, open: () => createReadStream(file) };
      }
      listed = paths.length === 0 || accepted > 0;
      folders.set(key, listed);
    }
    if (listed)
      manifest.push({
        entry_id: entry.entry_id,
        upload_id: entry.upload_id,
        mainfile: `${entry.upload_id}/${entry.mainfile}`,
      });
  }
  yield { path: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) };
}
