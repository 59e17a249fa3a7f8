import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database, Queryable } from './database.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/** The migrations this software has, in the order they apply. */
export const knownMigrations = (): string[] =>
  readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();

/** Applies `versions` (in order) inside the caller's transaction and records them. */
export const applyMigrations = async (tx: Queryable, versions: readonly string[]): Promise<void> => {
  await tx.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  for (const version of versions) {
    await tx.exec(readFileSync(path.join(migrationsDir, version), 'utf8'));
    await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
  }
};

/**
 * Applies the versioned SQL files in `migrations/` that have not been applied yet, all in one transaction
 * that first takes an advisory lock: nodes starting at once on one database migrate one after another
 * (the later ones find nothing left to do), and a failing file leaves the schema as it was.
 */
export const migrate = (db: Database): Promise<string[]> =>
  db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('schema_migrations'))`);
    await applyMigrations(tx, []);
    const { rows } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const pending = knownMigrations().filter((file) => !applied.has(file));
    await applyMigrations(tx, pending);
    return pending;
  });
