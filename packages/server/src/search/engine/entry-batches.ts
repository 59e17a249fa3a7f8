import type { Queryable } from '../../db/database.ts';
import { entriesSql, type EntryRow } from './entry-rows.ts';

const BATCH = 5000;

/** The highest change number among `rows`. */
const lastChange = (rows: readonly EntryRow[]): string =>
  rows.reduce((high, row) => (BigInt(row.search_seq) > BigInt(high) ? row.search_seq : high), '-1');

/**
 * The entry rows `where` selects, in batches by change number, so that reading millions stays bounded in
 * memory. Only the numbers are sorted: sorting whole rows would spill to disk in the embedded database.
 * The next batch is asked for before this one is handed over: a database server prepares it meanwhile.
 */
export async function* entryBatches(
  db: Queryable,
  where: string,
  params: readonly unknown[],
): AsyncGenerator<EntryRow[]> {
  const keyWhere = `${where} AND search_seq > $${params.length + 1}::bigint`;
  const batchAfter = (after: string): Promise<{ rows: EntryRow[] }> =>
    db.query<EntryRow>(
      entriesSql(
        `e.search_seq IN (SELECT search_seq FROM entries WHERE ${keyWhere} ORDER BY search_seq LIMIT ${BATCH})`,
      ),
      [...params, after],
    );
  let next: Promise<{ rows: EntryRow[] }> | undefined = batchAfter('-1');
  try {
    while (next) {
      const { rows }: { rows: EntryRow[] } = await next;
      next = rows.length < BATCH ? undefined : batchAfter(lastChange(rows));
      yield rows;
    }
  } finally {
    // Settled if the reader stops early or fails: an unawaited rejection would end the process.
    next?.catch(() => undefined);
  }
}

/** Whether an entry in this state may be returned by searches (processing has ended). */
export const isSearchable = (row: EntryRow): boolean =>
  row.process_status === 'SUCCESS' || row.process_status === 'FAILURE';
