// `npm run db:types`: migrates an empty in-memory database and writes tables.ts from its columns.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { describeColumns, renderTableTypes } from './table-types.ts';

const TABLES_FILE = path.join(import.meta.dirname, 'tables.ts');

const db = await openPglite();
try {
  await migrate(db);
  writeFileSync(TABLES_FILE, renderTableTypes(await describeColumns(db)));
  console.log(`wrote ${path.relative(process.cwd(), TABLES_FILE)}`);
} finally {
  await db.close();
}
