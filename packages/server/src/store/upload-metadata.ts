import type { Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

/** Upload fields an edit may set; anything else is never written here. */
export interface UploadChanges {
  upload_name?: string | null;
  embargo_length?: number;
  coauthors?: string[];
  reviewers?: string[];
  coauthor_groups?: string[];
  reviewer_groups?: string[];
}

const listColumns = ['coauthors', 'reviewers', 'coauthor_groups', 'reviewer_groups'] as const;

/** Writes the changes; an embargo length also sets with_embargo (an embargo is a length above 0). */
export const updateUploadMetadata = async (
  db: Queryable,
  uploadId: string,
  changes: UploadChanges,
): Promise<void> => {
  const params: unknown[] = [uploadId];
  const sets: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (changes.upload_name !== undefined) sets.push(`upload_name = ${param(changes.upload_name)}`);
  if (changes.embargo_length !== undefined) {
    const length = param(changes.embargo_length);
    sets.push(`embargo_length = ${length}`, `with_embargo = ${length}::int > 0`);
  }
  for (const column of listColumns) {
    const value = changes[column];
    if (value !== undefined) sets.push(`${column} = ${param(value)}::text[]`);
  }
  if (sets.length === 0) return;
  await db.query(`UPDATE uploads SET ${sets.join(', ')} WHERE upload_id = $1`, params);
};

/** Users named by id, username or email, as NOMAD resolves user references; value -> user id. */
export const resolveUserRefs = async (
  db: Queryable,
  refs: readonly string[],
): Promise<Map<string, string>> => {
  if (refs.length === 0) return new Map();
  const { rows } = await db.query<{ ref: string; user_id: string }>(
    `SELECT r.ref, u.user_id FROM unnest($1::text[]) AS r(ref)
     JOIN users u ON u.user_id = r.ref OR u.username = lower(r.ref) OR u.email = lower(r.ref)`,
    [refs],
  );
  const found = new Map<string, string>();
  // An id wins over a username or email that happens to be the same text.
  for (const row of rows) if (!found.has(row.ref) || row.user_id === row.ref) found.set(row.ref, row.user_id);
  return found;
};

/** Entries of the upload that processing turned into entries (status SUCCESS). */
export const countProcessedEntries = async (db: Queryable, uploadId: string): Promise<number> =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM entries WHERE upload_id = $1 AND process_status = 'SUCCESS'`,
      [uploadId],
    )
  ).rows[0]?.n ?? 0;

export const markPublished = async (
  db: Queryable,
  uploadId: string,
  publishTime: Date,
  embargoLength: number,
): Promise<void> => {
  await db.query(
    `UPDATE uploads SET published = true, publish_time = $2, embargo_length = $3, with_embargo = $3 > 0
     WHERE upload_id = $1`,
    [uploadId, publishTime, embargoLength],
  );
};

/**
 * Lifts every embargo that has run out at `now` (publish time plus the embargo's months), or only that of
 * `uploadId`; returns the ids of the uploads it made public.
 */
export const liftExpiredEmbargoes = async (
  db: Queryable,
  now: Date,
  uploadId?: string,
): Promise<string[]> => {
  const { rows } = await db.query<Columns<'uploads', 'upload_id'>>(
    `UPDATE uploads SET with_embargo = false, embargo_length = 0
     WHERE published AND with_embargo AND publish_time + make_interval(months => embargo_length) <= $1
       AND ($2::text IS NULL OR upload_id = $2)
     RETURNING upload_id`,
    [now, uploadId ?? null],
  );
  return rows.map((row) => row.upload_id);
};
