import type { Queryable } from '../../db/database.ts';
import { entriesTextSql, type EntryRow, type EntryTextRow } from './entry-rows.ts';

const BATCH = 5000;
/** The first batch is smaller: the reader waits for it with nothing to do (a sync of 20,000 at 1M waited 150–300 ms). */
const FIRST_BATCH = 1000;

/** The highest change number among `rows`. */
const lastChange = (rows: readonly EntryTextRow[]): string =>
  rows.reduce((high, row) => (BigInt(row.search_seq) > BigInt(high) ? row.search_seq : high), '-1');

/**
 * The entry rows `where` selects, in batches by change number, so that reading millions stays bounded in
 * memory. Only the numbers are sorted: sorting whole rows would spill to disk in the embedded database.
 * The next batch is asked for before this one is handed over: a database server prepares it meanwhile.
 * Rows come with their JSON as text (see entriesTextSql): the reader parses each with parseEntryRow.
 */
export async function* entryBatches(
  db: Queryable,
  where: string,
  params: readonly unknown[],
): AsyncGenerator<EntryTextRow[]> {
  const keyWhere = `${where} AND search_seq > $${params.length + 1}::bigint`;
  const batchAfter = (after: string, size: number): Promise<{ rows: EntryTextRow[] }> =>
    db.query<EntryTextRow>(
      entriesTextSql(
        `e.search_seq IN (SELECT search_seq FROM entries WHERE ${keyWhere} ORDER BY search_seq LIMIT ${size})`,
      ),
      [...params, after],
    );
  let size = FIRST_BATCH;
  let next: Promise<{ rows: EntryTextRow[] }> | undefined = batchAfter('-1', size);
  try {
    while (next) {
      const { rows }: { rows: EntryTextRow[] } = await next;
      const full: boolean = rows.length === size;
      size = BATCH;
      next = full ? batchAfter(lastChange(rows), size) : undefined;
      yield rows;
    }
  } finally {
    // Settled if the reader stops early or fails: an unawaited rejection would end the process.
    next?.catch(() => undefined);
  }
}

/** Whether an entry in this state may be returned by searches (processing has ended). */
export const isSearchable = (row: Pick<EntryRow, 'process_status'>): boolean =>
  row.process_status === 'SUCCESS' || row.process_status === 'FAILURE';
