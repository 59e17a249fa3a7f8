import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { freshPostgresDatabase, pgliteTemplate, testPostgresServer } from './test-database.ts';

/**
 * A migrated empty database for tests of the store, the jobs and the search index: in memory (PGlite), or
 * in the `server-postgres` project a fresh database on its server, dropped at close.
 */
export const openMigratedDatabase = async (): Promise<Database> => {
  const serverUrl = testPostgresServer();
  const fresh = serverUrl ? await freshPostgresDatabase(serverUrl) : undefined;
  const db = await openDatabase(fresh ? { databaseUrl: fresh.url } : { template: pgliteTemplate() });
  await migrate(db);
  if (!fresh) return db;
  return {
    ...db,
    close: async () => {
      await db.close();
      await fresh.drop();
    },
  };
};
