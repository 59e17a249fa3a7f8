import { constants } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/database.ts';
import { UploadFiles } from '../../files/storage.ts';
import type { ArchiveWriter } from './archive-writer.ts';
import { UPLOAD_AREAS, uploadEntry } from './format.ts';
import type { Columns } from '../../db/rows.ts';

export interface FileCounts {
  uploads: number;
  count: number;
  bytes: number;
  directories: number;
  /** Files that disappeared between listing and opening them (deleted by a running server). */
  vanished: number;
}

const UPLOAD_PAGE = 500;

const isGone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  // ELOOP: a symbolic link put where a file was listed; the server never creates any.
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
};

/** The folders and plain files below `dir` (folders before what they hold), sorted; symbolic links are skipped. */
async function* walk(dir: string, relative = ''): AsyncGenerator<{ relative: string; directory: boolean }> {
  const dirents = await readdir(path.join(dir, relative), { withFileTypes: true }).catch((error: unknown) => {
    if (isGone(error)) return [];
    throw error;
  });
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const dirent of dirents) {
    const child = relative ? `${relative}/${dirent.name}` : dirent.name;
    if (dirent.isDirectory()) {
      yield { relative: child, directory: true };
      yield* walk(dir, child);
    } else if (dirent.isFile()) {
      yield { relative: child, directory: false };
    }
  }
}

/**
 * Copies the raw files and processed archives of every upload the snapshot `tx` holds, upload by upload
 * in id order: uploads created after the snapshot are left out, and so are the folders of deleted ones.
 * Each file is opened once and copied whole from that open file (the server renames new versions into
 * place, so what is copied is one version of the file, never a mix).
 */
export const copyUploadFiles = async (
  tx: Queryable,
  dataDir: string,
  writer: ArchiveWriter,
): Promise<FileCounts> => {
  const counts: FileCounts = { uploads: 0, count: 0, bytes: 0, directories: 0, vanished: 0 };
  let last = '';
  for (;;) {
    const { rows } = await tx.query<Columns<'uploads', 'upload_id'>>(
      'SELECT upload_id FROM uploads WHERE upload_id > $1 ORDER BY upload_id LIMIT $2',
      [last, UPLOAD_PAGE],
    );
    for (const { upload_id: uploadId } of rows) {
      await copyUpload(new UploadFiles(dataDir, uploadId), uploadId, writer, counts);
      counts.uploads++;
    }
    if (rows.length < UPLOAD_PAGE) return counts;
    last = rows[rows.length - 1]!.upload_id;
  }
};

const copyUpload = async (
  files: UploadFiles,
  uploadId: string,
  writer: ArchiveWriter,
  counts: FileCounts,
): Promise<void> => {
  for (const area of UPLOAD_AREAS) {
    const dir = area === 'raw' ? files.rawDir : files.archiveDir;
    // Uploads without files on disk (seeded ones, or deleted since the snapshot) have no folders either.
    const folder = await stat(dir).catch((error: unknown) => {
      if (isGone(error)) return undefined;
      throw error;
    });
    if (!folder?.isDirectory()) continue;
    await writer.addDirectory(uploadEntry(uploadId, area, '', true), folder.mtime);
    counts.directories++;
    for await (const { relative, directory } of walk(dir)) {
      if (directory) {
        await writer.addDirectory(uploadEntry(uploadId, area, relative, true), folder.mtime);
        counts.directories++;
        continue;
      }
      const handle = await open(path.join(dir, relative), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
        (error: unknown) => {
          if (isGone(error)) return undefined;
          throw error;
        },
      );
      if (!handle) {
        counts.vanished++;
        continue;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          counts.vanished++;
          continue;
        }
        // The size of the open file is the entry's size: a newer version renamed into place meanwhile is
        // another file, and does not change this one.
        await writer.addFile(uploadEntry(uploadId, area, relative, false), handle, info.size, info.mtime);
        counts.count++;
        counts.bytes += info.size;
      } finally {
        await handle.close();
      }
    }
  }
};
