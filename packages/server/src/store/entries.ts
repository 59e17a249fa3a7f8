import type { Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

export type EntryRow = Columns<'entries'>;

export const listUploadEntryFiles = async (db: Queryable, uploadId: string) =>
  (
    await db.query<Columns<'entries', 'entry_id' | 'mainfile' | 'parser_name'>>(
      'SELECT entry_id, mainfile, parser_name FROM entries WHERE upload_id = $1',
      [uploadId],
    )
  ).rows;

/** The entries among `entryIds` (by primary key: a page of a folder costs a page of lookups). */
export const findEntryFiles = async (db: Queryable, entryIds: readonly string[]) =>
  entryIds.length === 0
    ? []
    : (
        await db.query<Columns<'entries', 'entry_id' | 'mainfile' | 'parser_name'>>(
          'SELECT entry_id, mainfile, parser_name FROM entries WHERE entry_id = ANY($1)',
          [entryIds],
        )
      ).rows;

export const deleteEntries = async (db: Queryable, entryIds: string[]): Promise<void> => {
  if (entryIds.length) await db.query('DELETE FROM entries WHERE entry_id = ANY($1)', [entryIds]);
};

export const upsertPendingEntry = async (
  db: Queryable,
  entry: { entry_id: string; upload_id: string; mainfile: string; parser_name: string },
): Promise<void> => {
  await db.query(
    `INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status)
     VALUES ($1, $2, $3, $4, 'PENDING')
     ON CONFLICT (entry_id) DO UPDATE SET parser_name = EXCLUDED.parser_name, process_status = 'PENDING'`,
    [entry.entry_id, entry.upload_id, entry.mainfile, entry.parser_name],
  );
};

/** The upload's entries whose processing has finished, with their errors (a resumed run keeps them). */
export const listFinishedEntries = async (
  db: Queryable,
  uploadId: string,
): Promise<Map<string, string[]>> => {
  const { rows } = await db.query<Columns<'entries', 'entry_id' | 'errors'>>(
    `SELECT entry_id, errors FROM entries WHERE upload_id = $1 AND process_status IN ('SUCCESS', 'FAILURE')`,
    [uploadId],
  );
  return new Map(rows.map((row) => [row.entry_id, row.errors ?? []]));
};

export const markEntriesPending = async (db: Queryable, uploadId: string): Promise<void> => {
  await db.query(`UPDATE entries SET process_status = 'PENDING' WHERE upload_id = $1`, [uploadId]);
};

export const setEntryRunning = async (db: Queryable, entryId: string): Promise<void> => {
  await db.query(`UPDATE entries SET process_status = 'RUNNING' WHERE entry_id = $1`, [entryId]);
};

export const saveEntryResult = async (
  db: Queryable,
  entryId: string,
  result: { status: 'SUCCESS' | 'FAILURE'; errors: string[]; metadata: Record<string, unknown> },
): Promise<void> => {
  await db.query(
    `UPDATE entries SET process_status = $2, errors = $3, complete_time = now(),
       metadata = $4::jsonb || jsonb_build_object(
         'entry_create_time', to_char(entry_create_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'),
         'last_processing_time', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'))
     WHERE entry_id = $1`,
    [entryId, result.status, JSON.stringify(result.errors), JSON.stringify(result.metadata)],
  );
};

export const findEntryRow = async (db: Queryable, entryId: string): Promise<EntryRow | undefined> =>
  (await db.query<EntryRow>('SELECT * FROM entries WHERE entry_id = $1', [entryId])).rows[0];

const entryOrderColumns: Record<string, string> = {
  process_status: 'process_status',
  mainfile: 'mainfile',
  entry_id: 'entry_id',
  parser_name: 'parser_name',
  entry_create_time: 'entry_create_time',
  complete_time: 'complete_time',
};

export const listEntriesOfUpload = async (
  db: Queryable,
  uploadId: string,
  page: { orderBy: string; order: 'asc' | 'desc'; limit: number; offset: number },
) => {
  const column = entryOrderColumns[page.orderBy] ?? 'mainfile';
  const { rows } = await db.query<EntryRow>(
    `SELECT * FROM entries WHERE upload_id = $1
     ORDER BY ${column} ${page.order === 'desc' ? 'DESC' : 'ASC'}, mainfile
     LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
    [uploadId],
  );
  const { rows: counts } = await db.query<{ total: number; successful: number; failed: number }>(
    `SELECT count(*)::int AS total,
       count(*) FILTER (WHERE process_status = 'SUCCESS')::int AS successful,
       count(*) FILTER (WHERE process_status = 'FAILURE')::int AS failed
     FROM entries WHERE upload_id = $1`,
    [uploadId],
  );
  return {
    rows,
    total: counts[0]?.total ?? 0,
    successful: counts[0]?.successful ?? 0,
    failed: counts[0]?.failed ?? 0,
  };
};

/** Entries still waiting or running when their upload's processing was given up fail with `reason`. */
export const failUnfinishedEntries = async (
  db: Queryable,
  uploadId: string,
  reason: string,
): Promise<void> => {
  await db.query(
    `UPDATE entries SET process_status = 'FAILURE', errors = $2, complete_time = now()
     WHERE upload_id = $1 AND process_status IN ('PENDING', 'RUNNING')`,
    [uploadId, JSON.stringify([reason])],
  );
};
