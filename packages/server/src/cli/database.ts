import path from 'node:path';
import type { OasisConfig } from '../config/config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { acquireDataDirLock, runningServerPid } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { CliError } from './command.ts';

/**
 * Runs `work` with the installation's database, migrated (unless `migrated: false`: restore applies the
 * backup's migrations itself, in its transaction). The embedded database admits one process only:
 * while a server holds the data directory the command refuses (opening it twice would corrupt it). A real
 * PostgreSQL server (OASIS_DATABASE_URL) has no such limit.
 */
export const withDatabase = async <T>(
  config: OasisConfig,
  work: (db: Database) => Promise<T>,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<T> => {
  let release = () => undefined as void;
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid !== undefined) {
      throw new CliError(
        `The oasis server is running (pid ${pid}) and holds the embedded database in ${config.dataDir}. ` +
          'Stop the server first and run this command again (or use a PostgreSQL server via OASIS_DATABASE_URL).',
      );
    }
    try {
      release = acquireDataDirLock(config.dataDir, 'this command');
    } catch (error) {
      throw new CliError(error instanceof Error ? error.message : String(error));
    }
  }
  try {
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'db'),
    });
    try {
      if (migrated) await migrate(db);
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
};
