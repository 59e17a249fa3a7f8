import type { Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

/** An entry as a bundle carries it: what processing stored, and what users set on it. */
export type BundleEntryRow = Columns<
  'entries',
  | 'entry_id'
  | 'mainfile'
  | 'parser_name'
  | 'entry_create_time'
  | 'complete_time'
  | 'metadata'
  | 'user_metadata'
  | 'warnings'
> & { dataset_ids: string[] };

/** The successfully processed entries of an upload (only they have archives), with their datasets. */
export const successfulEntriesOfUpload = async (db: Queryable, uploadId: string): Promise<BundleEntryRow[]> =>
  (
    await db.query<BundleEntryRow>(
      `SELECT e.entry_id, e.mainfile, e.parser_name, e.entry_create_time, e.complete_time, e.metadata,
         e.user_metadata, e.warnings,
         ARRAY(SELECT de.dataset_id FROM dataset_entries de WHERE de.entry_id = e.entry_id ORDER BY de.dataset_id)
           AS dataset_ids
       FROM entries e WHERE e.upload_id = $1 AND e.process_status = 'SUCCESS' ORDER BY e.mainfile`,
      [uploadId],
    )
  ).rows;

/** The ids among `entryIds` that entries of this installation already have. */
export const existingEntryIds = async (db: Queryable, entryIds: readonly string[]): Promise<string[]> =>
  (
    await db.query<Columns<'entries', 'entry_id'>>(
      'SELECT entry_id FROM entries WHERE entry_id = ANY($1::text[])',
      [entryIds],
    )
  ).rows.map((row) => row.entry_id);

export interface ImportedUpload {
  upload_id: string;
  upload_name: string | null;
  main_author: string;
  coauthors: string[];
  reviewers: string[];
  upload_create_time: Date;
  publish_time: Date;
  embargo_length: number;
  license: string;
}

/** Inserts an upload imported from a bundle: published, processed, with its members. */
export const insertImportedUpload = async (db: Queryable, upload: ImportedUpload): Promise<void> => {
  await db.query(
    `INSERT INTO uploads (upload_id, upload_name, main_author, coauthors, reviewers, upload_create_time,
       published, publish_time, with_embargo, embargo_length, license, process_status, current_process,
       last_status_message, complete_time)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8 > 0, $8, $9, 'SUCCESS', 'import_bundle',
       'Upload imported from a bundle', now())`,
    [
      upload.upload_id,
      upload.upload_name,
      upload.main_author,
      upload.coauthors,
      upload.reviewers,
      upload.upload_create_time,
      upload.publish_time,
      upload.embargo_length,
      upload.license,
    ],
  );
};

/** Inserts the entries of an imported upload as processed (their search documents as the bundle has them). */
export const insertImportedEntries = async (
  db: Queryable,
  uploadId: string,
  entries: readonly Omit<BundleEntryRow, 'dataset_ids'>[],
): Promise<void> => {
  for (const entry of entries) {
    await db.query(
      `INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, warnings,
         entry_create_time, complete_time, metadata, user_metadata)
       VALUES ($1, $2, $3, $4, 'SUCCESS', $5, $6, $7, $8, $9)`,
      [
        entry.entry_id,
        uploadId,
        entry.mainfile,
        entry.parser_name,
        JSON.stringify(entry.warnings),
        entry.entry_create_time,
        entry.complete_time,
        JSON.stringify(entry.metadata),
        JSON.stringify(entry.user_metadata),
      ],
    );
  }
};

/** Records that the upload was published to the installation at `url` (once). */
export const addPublishedTo = async (db: Queryable, uploadId: string, url: string): Promise<void> => {
  await db.query(
    `UPDATE uploads SET published_to = array_append(published_to, $2)
     WHERE upload_id = $1 AND NOT ($2 = ANY (published_to))`,
    [uploadId, url],
  );
};
