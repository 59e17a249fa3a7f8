import type { OasisConfig } from '../../config/config.ts';
import type { Queryable } from '../../db/database.ts';
import { listTables, quoteIdent, type TableInfo } from '../backup/catalog.ts';
import { EntryDigest, type BackupHeader, type BackupManifest } from '../backup/format.ts';
import { CliError } from '../command.ts';
import { openBackupReader, type BackupReader } from './archive-reader.ts';
import { DamagedBackupError } from './damaged.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { migrateToBackup } from './migrations.ts';
import { readHeader, restoreEntries, type RestoredCounts } from './restore-entries.ts';
import { continueSequences, resetSequences } from './sequences.ts';
import { StagedUploads } from './staged-files.ts';
import { withDatabase } from '../database.ts';
import { assertEmptyInstallation } from './target.ts';

export interface RestoreSummary {
  manifest: BackupManifest;
  counts: RestoredCounts;
}

/** The backup's tables must be those its migrations create here, each after the tables it references. */
const checkTables = (header: BackupHeader, tables: TableInfo[]): void => {
  const names = tables.map((table) => table.name);
  const missing = names.filter((name) => !header.tables.includes(name));
  const unknown = header.tables.filter((name) => !names.includes(name));
  if (missing.length > 0 || unknown.length > 0)
    throw new DamagedBackupError(
      `its tables differ from those its migrations create (missing: ${missing.join(', ') || '-'}; ` +
        `unknown: ${unknown.join(', ') || '-'})`,
    );
  for (const table of tables) {
    const at = header.tables.indexOf(table.name);
    const later = table.references.find((name) => header.tables.indexOf(name) > at);
    if (later)
      throw new DamagedBackupError(`it lists the table ${table.name} before ${later}, which it references`);
  }
};

/**
 * Empties every table, the last-referenced first. Restore only runs on an installation without users and
 * uploads, so this takes out what a first start left: signing keys, applied migrations (put back from
 * the backup with their times) and search snapshots of an empty index.
 */
const clearTables = async (tx: Queryable, tables: TableInfo[]): Promise<void> => {
  for (const table of [...tables].reverse()) await tx.query(`DELETE FROM ${quoteIdent(table.name)}`);
};

/** The whole restore in one transaction; the staged files are moved into place last, before the commit. */
const restoreArchive = async (
  tx: Queryable,
  reader: BackupReader,
  staged: StagedUploads,
): Promise<RestoreSummary> => {
  const digest = new EntryDigest();
  const header = await readHeader(reader.entries, digest);
  const newer = await migrateToBackup(tx, header.migrations);
  const tables = await listTables(tx);
  checkTables(header, tables);
  await clearTables(tx, tables);
  await continueSequences(tx, header.sequences);
  const result = await restoreEntries(tx, reader.entries, { header, tables, staged, digest });
  await applyMigrations(tx, newer);
  await resetSequences(tx);
  await staged.moveIntoPlace();
  return { manifest: result.manifest, counts: result.counts };
};

const NOTHING_RESTORED = 'Nothing was restored: the database and the data directory are as they were.';

/** The message for a failed restore: a damaged file is named as such, whatever step noticed it first. */
const explain = async (error: unknown, reader: BackupReader, file: string): Promise<Error> => {
  // A read error reaches the entry being copied first, and the reader a moment later.
  await new Promise((resolve) => setImmediate(resolve));
  const failure = reader.failure();
  if (error instanceof CliError) return new CliError(`${error.message}\n${NOTHING_RESTORED}`);
  if (failure) {
    const how = /unexpected end/i.test(failure.message)
      ? `it is truncated (${failure.message})`
      : /invalid tar header/i.test(failure.message)
        ? 'it is no tar archive (or a damaged one)'
        : `it cannot be read (${failure.message})`;
    return new CliError(`${file} is not a complete oasis backup: ${how}. ${NOTHING_RESTORED}`);
  }
  if (error instanceof DamagedBackupError)
    return new CliError(`${file} is not a usable oasis backup: ${error.message}. ${NOTHING_RESTORED}`);
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`The restore failed: ${message.replace(/\.$/, '')}. ${NOTHING_RESTORED}`);
};

/**
 * Restores a backup into an empty installation: in one database transaction (migrations up to the
 * backup's, every table's rows, the newer migrations, sequences), with the upload files staged and moved
 * into place just before the commit, so a damaged backup or a failure leaves the target as it was (but
 * for its sequences, which no transaction rolls back: numbers are skipped, as after any failed insert).
 */
export const runRestore = async (config: OasisConfig, file: string): Promise<RestoreSummary> => {
  const reader = await openBackupReader(file);
  try {
    return await withDatabase(
      config,
      async (db) => {
        await assertEmptyInstallation(db, config.dataDir);
        const staged = await StagedUploads.create(config.dataDir);
        try {
          return await db.transaction((tx) => restoreArchive(tx, reader, staged));
        } catch (error) {
          await staged.undoMoves();
          throw await explain(error, reader, file);
        } finally {
          await staged.removeStaging();
        }
      },
      { migrated: false },
    );
  } finally {
    reader.close();
  }
};
