import type { Queryable } from '../../db/database.ts';
import { entryDatasetsSql } from '../documents.ts';
import type { SearchIndex } from './search-index.ts';
import { CHECK_EVERY, type SearchBudget } from './budget.ts';
import type { Columns, Narrowed } from '../../db/rows.ts';

/** Documents read in one query when a budget takes turns: about 1 MB of JSON text. */
const DOCUMENT_BATCH = 500;

/** An entry as the index reads it: its change number as text (search_seq::text), its datasets' documents. */
export type EntryRow = Narrowed<
  Columns<
    'entries',
    | 'entry_id'
    | 'upload_id'
    | 'mainfile'
    | 'parser_name'
    | 'process_status'
    | 'search_seq'
    | 'metadata'
    | 'user_metadata'
  >,
  { search_seq: string }
> & { datasets: unknown[] };

const entriesSql = (where: string) =>
  `SELECT e.entry_id, e.upload_id, e.mainfile, e.parser_name, e.process_status, e.search_seq::text, e.metadata,
     e.user_metadata, ${entryDatasetsSql} AS datasets
   FROM entries e WHERE ${where}`;

/** An entry row whose JSON columns are still text (entriesTextSql); parseEntryRow makes it an EntryRow. */
export type EntryTextRow = Omit<EntryRow, 'metadata' | 'user_metadata' | 'datasets'> & {
  metadata: string;
  user_metadata: string;
  datasets: string;
};

/**
 * entriesSql with the JSON columns as text. Reading millions of rows, the driver parses what arrived in
 * one go (up to 2 MB of rows between two turns of the event loop: 50 ms of JSON.parse); as text, the
 * parsing moves into the reader's loop, which takes turns.
 */
export const entriesTextSql = (where: string) =>
  // Most entries are in no dataset: an index probe answers for them instead of the aggregate (a third
  // of the statement's time at 5,000 rows).
  `SELECT e.entry_id, e.upload_id, e.mainfile, e.parser_name, e.process_status, e.search_seq::text,
     e.metadata::text AS metadata, e.user_metadata::text AS user_metadata,
     CASE WHEN EXISTS (SELECT 1 FROM dataset_entries de WHERE de.entry_id = e.entry_id)
       THEN (${entryDatasetsSql})::text ELSE '[]' END AS datasets
   FROM entries e WHERE ${where}`;

export const parseEntryRow = (row: EntryTextRow): EntryRow => ({
  ...row,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  user_metadata: JSON.parse(row.user_metadata) as Record<string, unknown>,
  datasets: JSON.parse(row.datasets) as unknown[],
});

/**
 * The entry's part of its search document, as documents.ts's entryPartSql builds it; composed here
 * because merging JSONB in the database costs several times more than the shallow copy.
 */
export const entryDocument = (row: EntryRow): Record<string, unknown> => ({
  ...row.metadata,
  ...row.user_metadata,
  entry_id: row.entry_id,
  upload_id: row.upload_id,
  mainfile: row.mainfile,
  parser_name: row.parser_name,
  process_status: row.process_status,
  process_running: row.process_status === 'PENDING' || row.process_status === 'RUNNING',
  datasets: row.datasets,
});

/**
 * entryDocument of a row read as text, for indexing (its keys in another order): the parsed metadata
 * takes the other keys itself instead of being copied into a new object, which took a tenth of a sync's
 * time. User metadata is merged by copy: assigning its keys could meet one named `__proto__`.
 */
export const indexedDocument = (row: EntryTextRow): Record<string, unknown> => {
  const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
  // Most entries have no user metadata and no datasets: their texts are not parsed.
  const user = row.user_metadata === '{}' ? {} : (JSON.parse(row.user_metadata) as Record<string, unknown>);
  let doc = metadata;
  for (const _ in user) {
    doc = { ...metadata, ...user };
    break;
  }
  doc.entry_id = row.entry_id;
  doc.upload_id = row.upload_id;
  doc.mainfile = row.mainfile;
  doc.parser_name = row.parser_name;
  doc.process_status = row.process_status;
  doc.process_running = row.process_status === 'PENDING' || row.process_status === 'RUNNING';
  doc.datasets = row.datasets === '[]' ? [] : (JSON.parse(row.datasets) as unknown[]);
  return doc;
};

/**
 * The search documents of the given rows, in that order: entry rows read from the database, the upload
 * part from the index (as current as its last sync), so no JSONB is merged and no users are joined.
 */
export const rowDocuments = async (
  db: Queryable,
  index: SearchIndex,
  rows: readonly number[],
  budget?: SearchBudget,
): Promise<Record<string, unknown>[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => index.entryIds.at(row));
  const byId = new Map<string, EntryRow>();
  if (!budget) {
    const { rows: found } = await db.query<EntryRow>(entriesSql('e.entry_id = ANY($1)'), [ids]);
    for (const row of found) byId.set(row.entry_id, row);
  } else {
    // A big page (10,000 documents, tens of MB) in batches parsed in the budget's slices: in one query the
    // driver would parse megabytes of JSON between two turns of the event loop.
    for (let start = 0; start < ids.length; start += DOCUMENT_BATCH) {
      const { rows: found } = await db.query<EntryTextRow>(entriesTextSql('e.entry_id = ANY($1)'), [
        ids.slice(start, start + DOCUMENT_BATCH),
      ]);
      for (let i = 0; i < found.length; i++) {
        if (i % CHECK_EVERY === 0 && budget.due()) await budget.pause();
        byId.set(found[i]!.entry_id, parseEntryRow(found[i]!));
      }
    }
  }
  const documents: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (budget && i % CHECK_EVERY === 0 && budget.due()) await budget.pause();
    const row = rows[i]!;
    const entry = byId.get(index.entryIds.at(row));
    if (entry) documents.push({ ...entryDocument(entry), ...index.uploadDocs[index.uploadOf[row]!] });
  }
  return documents;
};
