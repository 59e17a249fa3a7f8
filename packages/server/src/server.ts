import path from 'node:path';
import type { OasisConfig } from './config/config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { buildApp, type App } from './app.ts';
import type { SchemaCompilers } from './http/schema-compilers.ts';
import { createSearchEngine } from './search/engine/engine.ts';
import { SEARCH_SNAPSHOT_FILE } from './search/engine/snapshot-file.ts';
import type { AppContext } from './context.ts';
import type { LogDestination } from './logging/logger-options.ts';
import { Admission } from './admission/admission.ts';
import { LoginLimiter } from './auth/login-limiter.ts';
import { ParsePool } from './jobs/parse-pool.ts';
import { processUpload } from './jobs/process-upload.ts';
import { failUploadProcessing, PROCESS_UPLOAD } from './jobs/processing.ts';
import { FileWorkers } from './files/file-work.ts';
import { removeStaleTempFiles } from './files/temp-cleanup.ts';
import { JobWorker } from './jobs/worker.ts';
import { PUBLISH_EXTERNALLY, publishToCentral } from './services/publish-central.ts';
import { RECEIVE_UPLOAD, removeInterruptedUpload } from './services/uploads.ts';
import { noteJobProgress } from './jobs/queue.ts';
import { systemClock, type Clock } from './time/clock.ts';
import { startEmbargoTask } from './services/embargo.ts';
import { holdNodeLease, nodeName } from './jobs/node-lease.ts';
import { NorthHub } from './north/hub.ts';
import { TrashEmptier } from './files/trash.ts';
import { KeyedQueue } from './files/keyed-queue.ts';
import { RelatedResources } from './resources/related-resources.ts';

/** Job payload flag: this processing run has marked its entries, a later attempt continues it. */
const ENTRIES_MARKED = 'entries_marked';

export interface RunningServer {
  app: App;
  ctx: AppContext;
  /** Origin the server listens on, e.g. http://127.0.0.1:8000 */
  origin: string;
  close(): Promise<void>;
  /**
   * Lets go of the data directory's lock at once: for a process that exits before close() is done (its
   * grace period ran out), so that the next start finds no pid file.
   */
  releaseDataDir(): void;
}

export interface StartOptions {
  logger?: boolean;
  /** Log lines go here instead of stdout (and logging is on): tests read what the server logs. */
  logStream?: LogDestination;
  /** Keep the database in memory (tests); by default it lives under the data directory. */
  inMemoryDatabase?: boolean;
  /** The in-memory database starts from this dump (see `DatabaseOptions.template`). */
  databaseTemplate?: Blob;
  /** Called once the port is known, before anything is served (tests learn their public origin here). */
  onListening?: (origin: string) => void;
  /** Test suites: every answer is checked against its operation's row (http/response-check). */
  checkResponses?: boolean;
  /** Tests: a clock they move (embargo ends); the system clock otherwise. */
  clock?: Clock;
  /** Tests: the trash is not emptied until `ctx.trash.resume()` (to see that deletes only move). */
  trashPaused?: boolean;
  /** Tests: schema compilers shared by the servers of one process (http/schema-compilers). */
  schemaCompilers?: SchemaCompilers;
  /**
   * Tests: parser processes shared by the servers of one process, used instead of the server's own (whose
   * limits they must have) and left running at its close.
   */
  parsePool?: ParsePool;
  /** Tests: file-work threads shared by the servers of one process, left running at its close. */
  fileWork?: FileWorkers;
}

/**
 * Opens (and migrates) the database, starts the HTTP server and the processing worker. Jobs interrupted
 * by a previous kill are queued again by the worker's start. `close()` stops in the reverse order and
 * lets a running job finish its current entry.
 */
export const startServer = async (
  config: OasisConfig,
  options: StartOptions = {},
): Promise<RunningServer> => {
  const release =
    config.databaseUrl || options.inMemoryDatabase
      ? () => undefined
      : acquireDataDirLock(config.dataDir, 'the server');
  let db: Database | undefined;
  try {
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: options.inMemoryDatabase ? undefined : path.join(config.dataDir, 'db'),
      template: options.databaseTemplate,
    });
    await migrate(db);
  } catch (error) {
    await db?.close();
    release();
    throw error;
  }
  const node = nodeName();
  // Once-per-installation work (embargo ends, index snapshots) is this node's while it holds the lease.
  const periodic = await holdNodeLease(db, { name: 'periodic-tasks', holder: node });
  const limits = config.processing;
  const pool =
    options.parsePool ??
    new ParsePool({
      timeoutMs: limits.parserTimeoutMs,
      memoryLimitBytes: limits.parserMemoryBytes,
      ...(limits.maxMainfileBytes ? { maxMainfileBytes: limits.maxMainfileBytes } : {}),
    });
  const wake = { notify: () => undefined as void };
  // The engine logs through the app's logger, which exists only once the app is built below.
  const logTo: { app?: App } = {};
  const fileWork =
    options.fileWork ?? new FileWorkers({ onError: (message) => logTo.app?.log.warn(message) });
  const ctx: AppContext = {
    config,
    db,
    // A snapshot of an in-memory database would outlive it.
    search: createSearchEngine(
      db,
      options.inMemoryDatabase
        ? { timeBudgetMs: config.searchTimeBudgetMs }
        : {
            timeBudgetMs: config.searchTimeBudgetMs,
            snapshot: {
              file: path.join(config.dataDir, SEARCH_SNAPSHOT_FILE),
              mayWrite: () => periodic.held,
              log: {
                info: (message) => logTo.app?.log.info(message),
                warn: (message) => logTo.app?.log.warn(message),
              },
            },
          },
    ),
    notifyJobQueued: () => wake.notify(),
    loginLimiter: new LoginLimiter(db, config.loginLimits),
    admission: new Admission(config.admission),
    fileWrites: new KeyedQueue(),
    node,
    clock: options.clock ?? systemClock,
    north: new NorthHub(config.north, { dataDir: config.dataDir, basePath: config.basePath, fileWork }),
    resources: new RelatedResources(config.resources, {
      now: () => Date.now(),
      onError: (message) => logTo.app?.log.warn(message),
    }),
    fileWork,
    trash: new TrashEmptier(config.dataDir, fileWork, {
      paused: options.trashPaused,
      onError: (message) => logTo.app?.log.warn(message),
    }),
  };
  const worker = new JobWorker(
    db,
    {
      [PROCESS_UPLOAD]: async (job, signal) => {
        if (!job.upload_id) return;
        await processUpload(ctx, pool, job.upload_id, {
          resume: job.payload[ENTRIES_MARKED] === true,
          onEntriesMarked: () => noteJobProgress(db, job.job_id, { [ENTRIES_MARKED]: true }),
          signal,
        });
      },
      // The request that created the upload died with an earlier process while receiving its files.
      [RECEIVE_UPLOAD]: async (job) => {
        if (job.upload_id) await removeInterruptedUpload(ctx, job.upload_id);
      },
      [PUBLISH_EXTERNALLY]: async (job, signal) => {
        if (job.upload_id) await publishToCentral(ctx, job.upload_id, job.payload, signal);
      },
    },
    {
      maxAttempts: limits.maxJobAttempts,
      leaseMs: limits.jobLeaseMs,
      owner: node,
      onGiveUp: async (job, reason) => {
        if (job.upload_id && job.kind === RECEIVE_UPLOAD) await removeInterruptedUpload(ctx, job.upload_id);
        else if (job.upload_id) await failUploadProcessing(ctx, job.upload_id, reason);
      },
    },
  );
  wake.notify = () => worker.notify();
  const app = await buildApp(ctx, {
    logger: options.logger,
    logStream: options.logStream,
    checkResponses: options.checkResponses,
    schemaCompilers: options.schemaCompilers,
  });
  logTo.app = app;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  options.onListening?.(origin);
  // Leftovers of writes a kill interrupted; a shared database means other servers may be writing now.
  await removeStaleTempFiles(fileWork, config.dataDir, config.databaseUrl ? 3_600_000 : 0);
  await worker.start();
  // What deletes an earlier run (or another server) left in the trash.
  ctx.trash.wake();
  // Build the search index now rather than in the first search request.
  ctx.search.sync().catch((error: unknown) => app.log.error(error));
  // Embargoes end by the calendar: checked now and then by the node holding the periodic-tasks lease.
  const embargoes = startEmbargoTask(ctx, {
    onError: (error) => app.log.error(error),
    mayRun: () => periodic.held,
  });
  const killTools = () => ctx.north.killNow();
  process.on('exit', killTools);
  return {
    app,
    ctx,
    origin,
    releaseDataDir: release,
    async close() {
      // Tools first: their WebSocket connections would otherwise hold the HTTP server open.
      await ctx.north.stopAll();
      process.off('exit', killTools);
      // Requests still waiting for admission are refused rather than started during the close.
      ctx.admission.close();
      await app.close();
      await embargoes.stop();
      await worker.stop();
      if (!options.parsePool) await pool.close();
      await ctx.search.close();
      await periodic.stop();
      await ctx.trash.close();
      if (!options.fileWork) await fileWork.close();
      await db.close();
      release();
    },
  };
};
