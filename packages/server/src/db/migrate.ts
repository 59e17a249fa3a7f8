import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/** Applies the versioned SQL files in `migrations/` that have not been applied yet, each in a transaction. */
export const migrate = async (db: Database): Promise<string[]> => {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const pending = readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql') && !applied.has(file))
    .sort();
  for (const file of pending) {
    const sql = readFileSync(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
    });
  }
  return pending;
};
