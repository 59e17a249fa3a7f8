import type { Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

/** What an edit needs of an entry: where it is, and the values users may change (processed and own). */
export type EditableEntryRow = Columns<'entries', 'entry_id' | 'upload_id' | 'mainfile' | 'user_metadata'> & {
  /** References as processing found them (the upload's metadata file); user_metadata overrides them. */
  processed_references: unknown;
  dataset_ids: string[];
};

const editableEntries = (where: string) => `
  SELECT e.entry_id, e.upload_id, e.mainfile, e.metadata -> 'references' AS processed_references,
    e.user_metadata,
    ARRAY(SELECT de.dataset_id FROM dataset_entries de WHERE de.entry_id = e.entry_id ORDER BY de.dataset_id)
      AS dataset_ids
  FROM entries e WHERE ${where}`;

/** The entries of the given uploads, at most `limit` (the caller refuses more than it may edit). */
export const editableEntriesOfUploads = async (
  db: Queryable,
  uploadIds: readonly string[],
  limit: number,
): Promise<EditableEntryRow[]> =>
  (
    await db.query<EditableEntryRow>(
      `${editableEntries('e.upload_id = ANY($1::text[])')} ORDER BY e.upload_id, e.mainfile LIMIT ${Math.trunc(limit)}`,
      [uploadIds],
    )
  ).rows;

export const editableEntriesByIds = async (
  db: Queryable,
  entryIds: readonly string[],
): Promise<EditableEntryRow[]> =>
  (
    await db.query<EditableEntryRow>(
      `${editableEntries('e.entry_id = ANY($1::text[])')} ORDER BY e.upload_id, e.mainfile`,
      [entryIds],
    )
  ).rows;

/** Replaces the user metadata of the given entries, in one statement. */
export const saveUserMetadata = async (
  db: Queryable,
  updates: ReadonlyArray<{ entryId: string; userMetadata: Record<string, unknown> }>,
): Promise<void> => {
  if (updates.length === 0) return;
  await db.query(
    `UPDATE entries e SET user_metadata = v.meta
     FROM unnest($1::text[], $2::jsonb[]) AS v(id, meta) WHERE e.entry_id = v.id`,
    [updates.map((u) => u.entryId), updates.map((u) => JSON.stringify(u.userMetadata))],
  );
};

export interface Membership {
  entryId: string;
  datasetId: string;
}

export const addToDatasets = async (db: Queryable, pairs: readonly Membership[]): Promise<void> => {
  if (pairs.length === 0) return;
  await db.query(
    `INSERT INTO dataset_entries (dataset_id, entry_id)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
    [pairs.map((p) => p.datasetId), pairs.map((p) => p.entryId)],
  );
};

export const removeFromDatasets = async (db: Queryable, pairs: readonly Membership[]): Promise<void> => {
  if (pairs.length === 0) return;
  await db.query(
    `DELETE FROM dataset_entries de USING unnest($1::text[], $2::text[]) AS v(dataset_id, entry_id)
     WHERE de.dataset_id = v.dataset_id AND de.entry_id = v.entry_id`,
    [pairs.map((p) => p.datasetId), pairs.map((p) => p.entryId)],
  );
};

/** The dataset ids the given entries belong to, all together. */
export const datasetIdsOfEntries = async (db: Queryable, entryIds: readonly string[]): Promise<string[]> =>
  (
    await db.query<Columns<'dataset_entries', 'dataset_id'>>(
      'SELECT DISTINCT dataset_id FROM dataset_entries WHERE entry_id = ANY($1::text[]) ORDER BY dataset_id',
      [entryIds],
    )
  ).rows.map((row) => row.dataset_id);

/** The uploads the given entries belong to. */
export const uploadIdsOfEntries = async (db: Queryable, entryIds: readonly string[]): Promise<string[]> =>
  (
    await db.query<Columns<'entries', 'upload_id'>>(
      'SELECT DISTINCT upload_id FROM entries WHERE entry_id = ANY($1::text[]) ORDER BY upload_id',
      [entryIds],
    )
  ).rows.map((row) => row.upload_id);
