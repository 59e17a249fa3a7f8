import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError, notFound } from '../../errors.ts';
import { UploadFiles } from '../../files/storage.ts';
import { assertCanRead } from '../../auth/access.ts';
import { findEntryRow } from '../../store/entries.ts';
import { findUpload } from '../../store/uploads.ts';
import type { DownloadEntry } from './entries.ts';
import type { ZipItem } from '../../files/raw-zip.ts';

interface ArchiveManifestEntry {
  entry_id: string;
  upload_id: string;
  parser_name: string;
  /** Where the entry's archive file is in the zip. */
  path: string;
}

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * One zip file of NOMAD's archive download, `{"entry_id", "parser_name", "archive"}`, with the archive
 * streamed as stored rather than parsed and serialised again.
 */
const wrappedArchive = (entry: DownloadEntry, file: string): Readable =>
  Readable.from(
    (async function* () {
      yield Buffer.from(
        `{"entry_id":${JSON.stringify(entry.entry_id)},"parser_name":${JSON.stringify(entry.parser_name)},"archive":`,
      );
      yield* createReadStream(file);
      yield Buffer.from('}');
    })(),
  );

/**
 * NOMAD's archive download: `{upload_id}/{entry_id}.json` per entry, then `manifest.json` listing every
 * entry with the path of its file. An entry without an archive file (yet) is listed but has no file.
 */
export async function* archiveZipItems(
  dataDir: string,
  entries: readonly DownloadEntry[],
): AsyncGenerator<ZipItem> {
  const manifest: ArchiveManifestEntry[] = [];
  for (const entry of entries) {
    const path = `${entry.upload_id}/${entry.entry_id}.json`;
    const file = new UploadFiles(dataDir, entry.upload_id).archivePath(entry.entry_id);
    if (await isFile(file)) yield { path, open: () => wrappedArchive(entry, file) };
    manifest.push({
      entry_id: entry.entry_id,
      upload_id: entry.upload_id,
      parser_name: entry.parser_name,
      path,
    });
  }
  yield { path: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) };
}

const entryNotFound = () => notFound('The entry with the given id does not exist or is not visible to you.');

/**
 * The stored archive file of one entry the caller may read (as GET entries/{id}/archive/query decides);
 * missing and invisible entries look the same.
 */
export const visibleArchiveFile = async (
  db: Queryable,
  dataDir: string,
  entryId: string,
  user: CurrentUser | undefined,
): Promise<string> => {
  const entry = await findEntryRow(db, entryId);
  if (!entry) throw entryNotFound();
  try {
    assertCanRead(await findUpload(db, entry.upload_id), user);
  } catch (error) {
    if (error instanceof HttpError) throw entryNotFound();
    throw error;
  }
  const file = new UploadFiles(dataDir, entry.upload_id).archivePath(entry.entry_id);
  if (!(await isFile(file))) throw notFound('The entry does not have an archive (yet).');
  return file;
};
