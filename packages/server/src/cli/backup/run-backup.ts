import type { OasisConfig } from '../../config/config.ts';
import type { Queryable } from '../../db/database.ts';
import { withDatabase } from '../database.ts';
import { openArchiveWriter, type ArchiveWriter } from './archive-writer.ts';
import { listSequences, listTables, readSequence } from './catalog.ts';
import { copyUploadFiles, type FileCounts } from './copy-files.ts';
import { dumpTable } from './dump-tables.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type BackupHeader,
  type BackupManifest,
} from './format.ts';

export interface BackupSummary {
  manifest: BackupManifest;
  vanished: number;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** Everything inside the snapshot transaction: header, tables, files, manifest. */
const writeSnapshot = async (
  tx: Queryable,
  kind: string,
  dataDir: string,
  writer: ArchiveWriter,
): Promise<BackupSummary> => {
  const tables = await listTables(tx);
  const sequences: BackupHeader['sequences'] = {};
  // Sequences are outside transactions: read now they are at least where the snapshot's rows are.
  for (const name of await listSequences(tx)) sequences[name] = await readSequence(tx, name);
  const { rows: migrations } = await tx.query<{ version: string }>(
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created: new Date().toISOString(),
    database: kind,
    migrations: migrations.map((row) => row.version),
    tables: tables.map((table) => table.name),
    sequences,
  };
  await writer.addBuffer(HEADER_ENTRY, json(header));
  const rows: Record<string, number> = {};
  for (const table of tables) rows[table.name] = await dumpTable(tx, table, writer);
  const { vanished, ...files }: FileCounts = await copyUploadFiles(tx, dataDir, writer);
  const manifest: BackupManifest = {
    ...header,
    rows,
    uploads: files.uploads,
    files: { count: files.count, bytes: files.bytes, directories: files.directories },
    digest: writer.digest(),
  };
  await writer.addBuffer(MANIFEST_ENTRY, json(manifest));
  return { manifest, vanished };
};

/**
 * Writes a backup of the installation to `file`. The database is read in one transaction, REPEATABLE
 * READ and READ ONLY: one snapshot of every table even while a server writes (PostgreSQL); the embedded
 * database is opened only while no server holds it (withDatabase). The files of the snapshot's uploads
 * are copied within the same transaction, after the rows.
 */
export const runBackup = async (config: OasisConfig, file: string): Promise<BackupSummary> => {
  const writer = await openArchiveWriter(file);
  try {
    const summary = await withDatabase(config, (db) =>
      db.transaction(async (tx) => {
        // The first statement of the transaction (Database.transaction has sent a plain BEGIN): the same
        // as BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY.
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
        return writeSnapshot(tx, db.kind, config.dataDir, writer);
      }),
    );
    await writer.finish();
    return summary;
  } catch (error) {
    await writer.abort();
    throw error;
  }
};
