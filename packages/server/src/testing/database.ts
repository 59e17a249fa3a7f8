import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/** A migrated in-memory embedded database, for tests of the store, the jobs and the search index. */
export const openMigratedDatabase = async (): Promise<Database> => {
  const db = await openDatabase({});
  await migrate(db);
  return db;
};
