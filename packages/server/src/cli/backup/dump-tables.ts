import type { Queryable } from '../../db/database.ts';
import type { ArchiveWriter } from './archive-writer.ts';
import { quoteIdent, type TableInfo } from './catalog.ts';
import { tablePageEntry } from './format.ts';

/** Rows per page: one query and one archive entry each; entries rows carry whole search documents. */
const PAGE_ROWS = 250;

/**
 * Writes a table's rows as JSON lines, a page at a time in primary-key order (keyset paging: each page
 * starts after the last key of the one before, so memory stays at one page whatever the table's size).
 * Rows are PostgreSQL's own JSON (row_to_json): timestamps keep their zone and microseconds, arrays and
 * jsonb stay as they are, and restore turns them back with jsonb_populate_recordset, on PGlite and
 * PostgreSQL alike. Returns the number of rows.
 */
export const dumpTable = async (tx: Queryable, table: TableInfo, writer: ArchiveWriter): Promise<number> => {
  const keys = table.key.map(({ column }) => `r.${quoteIdent(column)}`);
  const after = table.key.map(({ type }, i) => `$${i + 1}::${type}`);
  const select = `SELECT row_to_json(r.*)::text AS line, ${keys.map((key, i) => `${key}::text AS k${i}`).join(', ')}
    FROM ${quoteIdent(table.name)} r`;
  const order = `ORDER BY ${keys.join(', ')} LIMIT ${PAGE_ROWS}`;
  let last: string[] | undefined;
  let rows = 0;
  for (let page = 1; ; page++) {
    const { rows: found } = last
      ? await tx.query<Record<string, string>>(
          `${select} WHERE (${keys.join(', ')}) > (${after.join(', ')}) ${order}`,
          last,
        )
      : await tx.query<Record<string, string>>(`${select} ${order}`);
    if (found.length === 0) return rows;
    await writer.addBuffer(
      tablePageEntry(table.name, page),
      Buffer.from(found.map((row) => `${row.line}\n`).join('')),
    );
    rows += found.length;
    const end = found[found.length - 1]!;
    last = table.key.map((_, i) => end[`k${i}`]!);
    if (found.length < PAGE_ROWS) return rows;
  }
};
