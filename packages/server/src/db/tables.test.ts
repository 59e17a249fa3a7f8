// tables.ts is what the migrations make: on PGlite and on a PostgreSQL server alike. A migration that
// changes a column fails here until `npm run db:types` writes tables.ts again, and then fails type checking
// wherever the old column is still used.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../testing/database.ts';
import type { Database } from './database.ts';
import { describeColumns, renderTableTypes } from './table-types.ts';

describe('row types', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openMigratedDatabase();
  });
  afterAll(async () => db?.close());

  it('are what the migrated schema has (else run `npm run db:types`)', async () => {
    const written = readFileSync(path.join(import.meta.dirname, 'tables.ts'), 'utf8');
    expect(renderTableTypes(await describeColumns(db))).toBe(written);
  });

  it('follow a changed column, and refuse a type they cannot map', async () => {
    await db.exec('ALTER TABLE uploads RENAME COLUMN license TO licence');
    const rendered = renderTableTypes(await describeColumns(db));
    expect(rendered).toContain('    licence: string;\n');
    expect(rendered).not.toContain('    license: string;\n');
    await db.exec('ALTER TABLE uploads ADD COLUMN location point');
    await expect(describeColumns(db).then(renderTableTypes)).rejects.toThrow(
      'uploads.location: no TypeScript type for PostgreSQL type point; add one',
    );
  });
});
