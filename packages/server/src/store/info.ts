import type { Queryable } from '../db/database.ts';

export interface PublicStatistics {
  n_entries: number;
  n_uploads: number;
  n_users: number;
  n_materials: number;
}

/** What GET /info counts: published data without embargo (embargoed uploads are in no count), and every user. */
export const publicStatistics = async (db: Queryable): Promise<PublicStatistics> => {
  const { rows } = await db.query<PublicStatistics>(
    `SELECT (SELECT count(*)::int FROM entries e JOIN uploads u USING (upload_id)
               WHERE u.published AND NOT u.with_embargo) AS n_entries,
            (SELECT count(*)::int FROM uploads WHERE published AND NOT with_embargo) AS n_uploads,
            (SELECT count(*)::int FROM users) AS n_users,
            (SELECT count(DISTINCT e.metadata #>> '{results,material,material_id}')::int
               FROM entries e JOIN uploads u USING (upload_id) WHERE u.published AND NOT u.with_embargo) AS n_materials`,
  );
  return rows[0] ?? { n_entries: 0, n_uploads: 0, n_users: 0, n_materials: 0 };
};
