import type { Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

/** An upload as `SELECT u.*` reads it, with the count of its entries. */
export type UploadRow = Columns<'uploads'> & { n_entries: number };

const selectUploads = `
  SELECT u.*, (SELECT count(*)::int FROM entries e WHERE e.upload_id = u.upload_id) AS n_entries
  FROM uploads u`;

export const findUpload = async (db: Queryable, uploadId: string): Promise<UploadRow | undefined> => {
  const { rows } = await db.query<UploadRow>(`${selectUploads} WHERE u.upload_id = $1`, [uploadId]);
  return rows[0];
};

/**
 * Locks the given uploads until the transaction ends (in id order, so two edits never wait for each
 * other crosswise) and returns their rows; missing ids are left out.
 */
export const lockUploads = async (tx: Queryable, uploadIds: readonly string[]): Promise<UploadRow[]> => {
  const { rows } = await tx.query<UploadRow>(
    `${selectUploads} WHERE u.upload_id = ANY($1::text[]) ORDER BY u.upload_id FOR UPDATE OF u`,
    [uploadIds],
  );
  return rows;
};

export const insertUpload = async (
  db: Queryable,
  upload: { upload_id: string; upload_name: string | null; main_author: string },
): Promise<UploadRow> => {
  await db.query('INSERT INTO uploads (upload_id, upload_name, main_author) VALUES ($1, $2, $3)', [
    upload.upload_id,
    upload.upload_name,
    upload.main_author,
  ]);
  const row = await findUpload(db, upload.upload_id);
  if (!row) throw new Error('upload vanished after insert');
  return row;
};

export const countUnpublishedUploads = async (db: Queryable, userId: string): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM uploads WHERE main_author = $1 AND NOT published',
    [userId],
  );
  return rows[0]?.n ?? 0;
};

const uploadOrderColumns: Record<string, string> = {
  upload_create_time: 'u.upload_create_time',
  upload_name: 'u.upload_name',
  process_status: 'u.process_status',
  publish_time: 'u.publish_time',
  published: 'u.published',
  upload_id: 'u.upload_id',
  complete_time: 'u.complete_time',
  last_status_message: 'u.last_status_message',
};

/** The `order_by` values GET /uploads accepts. */
export const isUploadOrderKey = (key: string): boolean => Object.hasOwn(uploadOrderColumns, key);

export interface UploadListFilter {
  userId: string;
  isPublished?: boolean;
  isProcessing?: boolean;
  uploadIds?: string[];
  roles?: string[];
  uploadNames?: string[];
  processStatus?: string;
  /** True: uploads the user is the main author of; false: uploads shared with the user. */
  isOwned?: boolean;
}

/** The groups user $1 owns or is a member of (never 'all': that grants no role). */
const groupsOfUser =
  'ARRAY(SELECT g.group_id FROM user_groups g WHERE g.owner = $1 OR g.members @> ARRAY[$1]::text[])';

/** The roles of GET /uploads, for user $1: directly or through co-author and reviewer groups. */
const roleSql: Record<string, string> = {
  main_author: 'u.main_author = $1',
  coauthor: '$1 = ANY(u.coauthors)',
  reviewer: '$1 = ANY(u.reviewers)',
  coauthor_group: `u.coauthor_groups && ${groupsOfUser}`,
  reviewer_group: `u.reviewer_groups && ${groupsOfUser}`,
};

/** Uploads the user is a member of, with the filters of GET /uploads. */
export const listUploads = async (
  db: Queryable,
  filter: UploadListFilter,
  page: { orderBy: string; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: UploadRow[]; total: number }> => {
  const params: unknown[] = [filter.userId];
  const roles = filter.roles?.length ? filter.roles : Object.keys(roleSql);
  const roleClauses = roles.flatMap((role) => roleSql[role] ?? []);
  const where = [`(${roleClauses.join(' OR ') || 'false'})`];
  if (filter.isPublished !== undefined) {
    params.push(filter.isPublished);
    where.push(`u.published = $${params.length}`);
  }
  if (filter.isProcessing !== undefined) {
    where.push(`${filter.isProcessing ? '' : 'NOT '}(u.process_status IN ('PENDING', 'RUNNING'))`);
  }
  if (filter.uploadIds?.length) {
    params.push(filter.uploadIds);
    where.push(`u.upload_id = ANY($${params.length})`);
  }
  if (filter.uploadNames?.length) {
    params.push(filter.uploadNames);
    where.push(`u.upload_name = ANY($${params.length})`);
  }
  if (filter.processStatus !== undefined) {
    params.push(filter.processStatus);
    where.push(`u.process_status = $${params.length}`);
  }
  if (filter.isOwned !== undefined) where.push(`${filter.isOwned ? '' : 'NOT '}(u.main_author = $1)`);
  const column = uploadOrderColumns[page.orderBy] ?? 'u.upload_create_time';
  const whereSql = where.join(' AND ');
  const { rows: countRows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM uploads u WHERE ${whereSql}`,
    params,
  );
  const { rows } = await db.query<UploadRow>(
    `${selectUploads} WHERE ${whereSql}
     ORDER BY ${column} ${page.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, u.upload_create_time, u.upload_id
     LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
    params,
  );
  return { rows, total: countRows[0]?.n ?? 0 };
};

export const setUploadProcessState = async (
  db: Queryable,
  uploadId: string,
  state: { status: string; process: string; message: string; errors?: string[]; complete?: boolean },
): Promise<void> => {
  await db.query(
    `UPDATE uploads SET process_status = $2, current_process = $3, last_status_message = $4,
       errors = COALESCE($5::jsonb, errors), complete_time = CASE WHEN $6 THEN now() ELSE complete_time END
     WHERE upload_id = $1`,
    [
      uploadId,
      state.status,
      state.process,
      state.message,
      state.errors ? JSON.stringify(state.errors) : null,
      state.complete ?? false,
    ],
  );
};

export const deleteUploadRow = async (db: Queryable, uploadId: string): Promise<void> => {
  await db.query('DELETE FROM uploads WHERE upload_id = $1', [uploadId]);
};
