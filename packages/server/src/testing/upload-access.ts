import type { Queryable } from '../db/database.ts';

/** The members and publication state of an upload, as editing and publishing leave them in its row. */
export interface UploadAccessState {
  upload_name?: string;
  coauthors?: string[];
  reviewers?: string[];
  coauthor_groups?: string[];
  reviewer_groups?: string[];
  published?: boolean;
  with_embargo?: boolean;
  embargo_length?: number;
}

const columns = new Set([
  'upload_name',
  'coauthors',
  'reviewers',
  'coauthor_groups',
  'reviewer_groups',
  'published',
  'with_embargo',
  'embargo_length',
]);

/**
 * Sets an upload's members and publication state in its row, for tests of who may read and write what
 * without going through the edit and publish operations. Publishing also sets the publish time.
 */
export const setUploadAccess = async (
  db: Queryable,
  uploadId: string,
  state: UploadAccessState,
): Promise<void> => {
  const entries = Object.entries(state).filter(([column]) => columns.has(column));
  if (entries.length === 0) return;
  const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
  const published = entries.findIndex(([column]) => column === 'published');
  if (published >= 0)
    sets.push(`publish_time = CASE WHEN $${published + 2}::boolean THEN now() ELSE NULL END`);
  await db.query(`UPDATE uploads SET ${sets.join(', ')} WHERE upload_id = $1`, [
    uploadId,
    ...entries.map(([, value]) => value),
  ]);
};
