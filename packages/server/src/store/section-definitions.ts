import type { Queryable } from '../db/database.ts';
import type { SectionDefinitionId } from '../processing/schema/definition-ids.ts';
import type { Columns } from '../db/rows.ts';

/** Replaces the section definition ids an entry's archive defines (none for an entry without any). */
export const replaceSectionDefinitionIds = async (
  db: Queryable,
  entryId: string,
  ids: readonly SectionDefinitionId[],
): Promise<void> => {
  await db.query('DELETE FROM section_definitions WHERE entry_id = $1', [entryId]);
  if (ids.length === 0) return;
  await db.query(
    `INSERT INTO section_definitions (definition_id, entry_id, path)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [ids.map((id) => id.definition_id), ids.map(() => entryId), ids.map((id) => id.path)],
  );
};

export type SectionDefinitionRow = Columns<'section_definitions', 'entry_id' | 'path'> &
  Columns<'entries', 'upload_id'>;

/** Where a definition id is defined: entries (with their uploads), oldest upload first, at most `limit`. */
export const findSectionDefinition = async (
  db: Queryable,
  definitionId: string,
  limit: number,
): Promise<SectionDefinitionRow[]> =>
  (
    await db.query<SectionDefinitionRow>(
      `SELECT d.entry_id, e.upload_id, d.path FROM section_definitions d JOIN entries e USING (entry_id)
       WHERE d.definition_id = $1 ORDER BY e.entry_create_time, d.entry_id, d.path LIMIT $2`,
      [definitionId, limit],
    )
  ).rows;
