import type { Queryable } from '../db/database.ts';
import { documentSql } from './documents.ts';

/** Search documents (entry metadata as the API returns it) of the given entries, keyed by entry id. */
export const entryDocuments = async (
  db: Queryable,
  entryIds: string[],
): Promise<Map<string, Record<string, unknown>>> => {
  if (entryIds.length === 0) return new Map();
  const { rows } = await db.query<{ entry_id: string; doc: Record<string, unknown> }>(
    `SELECT e.entry_id, ${documentSql} AS doc FROM entries e JOIN uploads u USING (upload_id) WHERE e.entry_id = ANY($1)`,
    [entryIds],
  );
  return new Map(rows.map((row) => [row.entry_id, row.doc]));
};
