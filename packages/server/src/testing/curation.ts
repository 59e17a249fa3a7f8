import type { Database } from '../db/database.ts';
import { createUploadId, generateEntryId } from '../processing/ids.ts';

export interface StoredUpload {
  uploadId: string;
  entryIds: string[];
}

/**
 * An upload whose processing has finished, written straight into the database (as the seed command
 * does): `mainfiles` become SUCCESS entries with indexed metadata, `failed` ones FAILURE entries. For
 * tests of what happens after processing, without running parsers.
 */
export const storeProcessedUpload = async (
  db: Database,
  options: {
    mainAuthor: string;
    mainfiles: readonly string[];
    failed?: readonly string[];
    coauthors?: readonly string[];
    reviewers?: readonly string[];
    published?: boolean;
    uploadName?: string;
    processStatus?: string;
  },
): Promise<StoredUpload> => {
  const uploadId = createUploadId();
  const entries = [
    ...options.mainfiles.map((mainfile) => ({ mainfile, status: 'SUCCESS' })),
    ...(options.failed ?? []).map((mainfile) => ({ mainfile, status: 'FAILURE' })),
  ].map((entry) => ({ ...entry, entryId: generateEntryId(uploadId, entry.mainfile) }));
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO uploads (upload_id, upload_name, main_author, coauthors, reviewers, published, publish_time,
         process_status, current_process, last_status_message, complete_time)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 THEN now() END, $7, 'process_upload',
         'Process process_upload completed successfully', now())`,
      [
        uploadId,
        options.uploadName ?? null,
        options.mainAuthor,
        options.coauthors ?? [],
        options.reviewers ?? [],
        options.published ?? false,
        options.processStatus ?? 'SUCCESS',
      ],
    );
    for (const entry of entries) {
      const name = entry.mainfile.split('/').pop() ?? entry.mainfile;
      await tx.query(
        `INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, complete_time, metadata)
         VALUES ($1, $2, $3, 'parsers/cif', $4, now(), $5)`,
        [
          entry.entryId,
          uploadId,
          entry.mainfile,
          entry.status,
          JSON.stringify({
            entry_name: name,
            processed: entry.status === 'SUCCESS',
            comment: 'from nomad.yaml',
          }),
        ],
      );
    }
  });
  return { uploadId, entryIds: entries.map((entry) => entry.entryId) };
};
