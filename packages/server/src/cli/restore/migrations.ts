import type { Queryable } from '../../db/database.ts';
import { applyMigrations, knownMigrations } from '../../db/migrate.ts';
import { CliError } from '../command.ts';

const appliedMigrations = async (tx: Queryable): Promise<string[]> => {
  const { rows } = await tx.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
  );
  if (!rows[0]?.exists) return [];
  const { rows: applied } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
  return applied.map((row) => row.version);
};

/**
 * Brings the target's schema to the backup's migrations, so its rows fit the tables as they were dumped;
 * returns the newer migrations this software has, applied once the rows are in. Refuses a backup of a
 * newer software (unknown migrations) and a database already past the backup.
 */
export const migrateToBackup = async (
  tx: Queryable,
  backupVersions: readonly string[],
): Promise<string[]> => {
  const known = knownMigrations();
  const unknown = backupVersions.filter((version) => !known.includes(version));
  if (unknown.length > 0)
    throw new CliError(
      `The backup comes from a newer oasis version: its database has the migrations ${unknown.join(', ')}, ` +
        'which this version does not know. Update this installation to that version (or newer) and restore again.',
    );
  const applied = await appliedMigrations(tx);
  const beyond = applied.filter((version) => !backupVersions.includes(version));
  if (beyond.length > 0)
    throw new CliError(
      `restore needs an empty installation: this database has the migrations ${beyond.join(', ')}, which the ` +
        'older backup lacks. Restore into a new empty database; newer migrations are applied after the rows.',
    );
  const sorted = known.filter((version) => backupVersions.includes(version));
  await applyMigrations(
    tx,
    sorted.filter((version) => !applied.includes(version)),
  );
  return known.filter((version) => !backupVersions.includes(version));
};
