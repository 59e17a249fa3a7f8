// Row types from the migrated schema: the columns PostgreSQL reports for every table after all migrations,
// rendered as TypeScript (tables.ts). Store code picks its row types from there, so a migration that renames
// or retypes a column fails type checking where the column is used, once tables.ts is written again
// (`npm run db:types`; a test fails while it is stale).
import type { Queryable } from './database.ts';

interface ColumnInfo {
  table: string;
  column: string;
  /** PostgreSQL's name of the type: int4, timestamptz, _text (an array of text), … */
  type: string;
  nullable: boolean;
}

/** What both drivers (PGlite and node-postgres) return for a column of each type the schema uses. */
const TS_TYPES: Record<string, string> = {
  text: 'string',
  varchar: 'string',
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  // PGlite reads int8 as a number, node-postgres as a string: read it with Number() or select it ::text.
  int8: 'number | string',
  numeric: 'string',
  timestamptz: 'Date',
  timestamp: 'Date',
  bytea: 'Uint8Array',
  _text: 'string[]',
};

/** The columns of every table of the public schema, in their tables' order. */
export const describeColumns = async (db: Queryable): Promise<ColumnInfo[]> =>
  (
    await db.query<{ table: string; column: string; type: string; nullable: boolean }>(
      `SELECT table_name AS table, column_name AS column, udt_name AS type, is_nullable = 'YES' AS nullable
         FROM information_schema.columns WHERE table_schema = 'public'
        ORDER BY table_name, ordinal_position`,
    )
  ).rows;

const tsType = ({ table, column, type }: ColumnInfo): string => {
  if (type === 'jsonb' || type === 'json') return `JsonColumn<'${table}', '${column}'>`;
  const mapped = TS_TYPES[type];
  if (!mapped) throw new Error(`${table}.${column}: no TypeScript type for PostgreSQL type ${type}; add one`);
  return mapped;
};

/** tables.ts for `columns`: one interface member per table, one property per column. */
export const renderTableTypes = (columns: readonly ColumnInfo[]): string => {
  const tables = new Map<string, ColumnInfo[]>();
  for (const column of columns) {
    const tableColumns = tables.get(column.table);
    if (tableColumns) tableColumns.push(column);
    else tables.set(column.table, [column]);
  }
  const lines = [
    '// Written by `npm run db:types` from the migrated schema (db/table-types.ts): do not edit by hand.',
    "import type { JsonColumn } from './json-columns.ts';",
    '',
    '/** Every table after all migrations: its columns as the database drivers return them. */',
    'export interface Tables {',
  ];
  for (const [table, tableColumns] of tables) {
    lines.push(`  ${table}: {`);
    for (const column of tableColumns)
      lines.push(`    ${column.column}: ${tsType(column)}${column.nullable ? ' | null' : ''};`);
    lines.push('  };');
  }
  lines.push('}', '');
  return lines.join('\n');
};
