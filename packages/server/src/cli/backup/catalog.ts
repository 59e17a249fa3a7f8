import type { Queryable } from '../../db/database.ts';

/** A table of the installation's schema, as backup pages through it and restore fills it. */
export interface TableInfo {
  name: string;
  /** The primary key's columns in key order, with their SQL types (for keyset paging). */
  key: Array<{ column: string; type: string }>;
  /** Tables this one's foreign keys reference (other than itself). */
  references: string[];
}

/** `name` as an SQL identifier; names come from the catalog or a backup file, never from SQL text. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

// The catalog of the current schema (public, where the migrations create everything); the same queries
// work on PGlite and on a PostgreSQL server.
const IN_SCHEMA = 'relnamespace = current_schema()::regnamespace';

/**
 * Every table of the schema, ordered so that each comes after the tables its foreign keys reference
 * (users before uploads before entries ...), ties by name. Derived from the catalog, i.e. from what the
 * migrations created, so a new migration needs no change here.
 */
export const listTables = async (db: Queryable): Promise<TableInfo[]> => {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind IN ('r', 'p') AND NOT relispartition AND ${IN_SCHEMA}
     ORDER BY relname`,
  );
  const { rows: keys } = await db.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indisprimary AND c.${IN_SCHEMA}
     ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const { rows: foreign } = await db.query<{ table: string; referenced: string }>(
    `SELECT DISTINCT c.relname AS table, r.relname AS referenced
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
     WHERE k.contype = 'f' AND c.${IN_SCHEMA} AND c.oid <> r.oid`,
  );
  const infos = new Map<string, TableInfo>(
    tables.map(({ name }) => [name, { name, key: [], references: [] }]),
  );
  for (const { table, column, type } of keys) infos.get(table)?.key.push({ column, type });
  for (const { table, referenced } of foreign) infos.get(table)?.references.push(referenced);
  for (const info of infos.values()) {
    // Keyset paging needs a unique order; every table of the migrations has a primary key.
    if (info.key.length === 0)
      throw new Error(`The table ${info.name} has no primary key: backup pages through tables by their key.`);
  }
  return foreignKeyOrder([...infos.values()]);
};

/** Tables with those they reference first; ties (and the input) by name, so the order is stable. */
const foreignKeyOrder = (tables: TableInfo[]): TableInfo[] => {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const known = new Set(tables.map((table) => table.name));
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) =>
        !placed.has(table.name) && table.references.every((name) => placed.has(name) || !known.has(name)),
    );
    if (!next) {
      const rest = tables.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new Error(
        `The foreign keys of the tables ${rest.join(', ')} form a cycle; no insert order exists.`,
      );
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
};

/** The sequences of the schema (serial and identity columns, search_change_seq), by name. */
export const listSequences = async (db: Queryable): Promise<string[]> => {
  const { rows } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND ${IN_SCHEMA} ORDER BY relname`,
  );
  return rows.map((row) => row.name);
};

/** A sequence's state: the last value handed out (or to hand out next, when not `called`). */
export const readSequence = async (
  db: Queryable,
  name: string,
): Promise<{ value: string; called: boolean }> => {
  const { rows } = await db.query<{ value: string; called: boolean }>(
    `SELECT last_value::text AS value, is_called AS called FROM ${quoteIdent(name)}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`The sequence ${name} could not be read.`);
  return row;
};
