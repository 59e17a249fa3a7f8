import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock, type Clock } from '../time/clock.ts';
import { Admission } from '../admission/admission.ts';
import { LoginLimiter } from '../auth/login-limiter.ts';
import { loadConfig, type OasisConfig } from '../config/config.ts';
import type { AppContext } from '../context.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createSearchEngine } from '../search/engine/engine.ts';
import { freshPostgresDatabase, pgliteTemplate, testPostgresServer } from './test-database.ts';
import { FileWorkers } from '../files/file-work.ts';
import { TrashEmptier } from '../files/trash.ts';
import { NorthHub } from '../north/hub.ts';
import { KeyedQueue } from '../files/keyed-queue.ts';
import { nodeName } from '../jobs/node-lease.ts';
import { RelatedResources } from '../resources/related-resources.ts';

export interface ServiceTestContext {
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * What services run on, without HTTP: a migrated in-memory embedded database (or a fresh database on the
 * PostgreSQL server of `postgresUrl` or of the test project), a temporary data directory, and no processing worker (jobs
 * stay queued). For service tests.
 */
export const openServiceContext = async (
  options: { config?: Partial<OasisConfig>; postgresUrl?: string; clock?: Clock } = {},
): Promise<ServiceTestContext> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-service-'));
  const serverUrl = options.postgresUrl ?? testPostgresServer();
  const postgres = serverUrl ? await freshPostgresDatabase(serverUrl) : undefined;
  const config = loadConfig({ OASIS_DATA_DIR: dataDir }, options.config ?? {});
  let db: Database | undefined;
  try {
    db = await openDatabase(postgres ? { databaseUrl: postgres.url } : { template: pgliteTemplate() });
    await migrate(db);
  } catch (error) {
    await db?.close();
    await postgres?.drop();
    throw error;
  }
  const fileWork = new FileWorkers();
  const ctx: AppContext = {
    config,
    db,
    search: createSearchEngine(db, { timeBudgetMs: config.searchTimeBudgetMs }),
    notifyJobQueued: () => undefined,
    loginLimiter: new LoginLimiter(db, config.loginLimits),
    admission: new Admission(config.admission),
    fileWrites: new KeyedQueue(),
    node: nodeName(),
    clock: options.clock ?? systemClock,
    north: new NorthHub(config.north, { dataDir: config.dataDir, basePath: config.basePath, fileWork }),
    fileWork,
    trash: new TrashEmptier(config.dataDir, fileWork),
    resources: new RelatedResources(config.resources, { now: () => Date.now() }),
  };
  return {
    ctx,
    async close() {
      await ctx.north.stopAll();
      await ctx.trash.close();
      await fileWork.close();
      await db.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
