import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type OasisConfig } from '../config/config.ts';
import type { App } from '../app.ts';
import type { AppContext } from '../context.ts';
import { DEFAULT_PROCESSING_LIMITS } from '../config/processing-limits.ts';
import { FileWorkers } from '../files/file-work.ts';
import { sharedSchemaCompilers } from '../http/schema-compilers.ts';
import { ParsePool } from '../jobs/parse-pool.ts';
import { startServer } from '../server.ts';
import type { LogDestination } from '../logging/logger-options.ts';
import type { Clock } from '../time/clock.ts';
import { watchEventLoop } from './event-loop-report.ts';
import { freshPostgresDatabase, pgliteTemplate, testPostgresServer } from './test-database.ts';

/**
 * One per test worker (its modules are shared by the suites it runs): its servers compile each route's
 * schemas once, instead of for about 1.4 s at each of some hundreds of starts.
 */
const schemaCompilers = sharedSchemaCompilers();

/**
 * The same for parser processes: each costs some 2 s of CPU to start (its modules), and most suites
 * process a few files on a fresh server. Servers with other parser limits than the defaults get their own.
 */
const parsePool = new ParsePool();

/** And for file-work threads, each of which loads the TypeScript of its jobs when it starts (~0.3 s of CPU). */
const fileWork = new FileWorkers();

const hasDefaultParserLimits = ({ processing }: OasisConfig) =>
  processing.parserTimeoutMs === DEFAULT_PROCESSING_LIMITS.parserTimeoutMs &&
  processing.parserMemoryBytes === DEFAULT_PROCESSING_LIMITS.parserMemoryBytes &&
  !processing.maxMainfileBytes;

export interface TestServer {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** e.g. http://127.0.0.1:40123/nomad-oasis/api/v1 */
  api: string;
  app: App;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Starts the real server (HTTP, processing worker) on an ephemeral port with a fresh in-memory embedded
 * database (in the `server-postgres` project: a fresh database on its PostgreSQL server) and a temporary
 * data directory, for integration tests (no mocks).
 */
export const startTestServer = async (
  overrides: Partial<OasisConfig> = {},
  options: { logStream?: LogDestination; clock?: Clock; trashPaused?: boolean } = {},
): Promise<TestServer> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-test-'));
  const serverUrl = testPostgresServer();
  const postgres = serverUrl ? await freshPostgresDatabase(serverUrl) : undefined;
  const config = loadConfig(
    { OASIS_DATA_DIR: dataDir },
    { port: 0, host: '127.0.0.1', ...(postgres ? { databaseUrl: postgres.url } : {}), ...overrides },
  );
  const server = await startServer(config, {
    inMemoryDatabase: true,
    databaseTemplate: postgres ? undefined : pgliteTemplate(),
    checkResponses: true,
    schemaCompilers,
    ...(hasDefaultParserLimits(config) ? { parsePool } : {}),
    fileWork,
    logStream: options.logStream,
    clock: options.clock,
    trashPaused: options.trashPaused,
    // Tokens and links name the public origin, which is only known once the port is.
    onListening: (origin) => {
      config.publicOrigin = origin;
    },
  });
  const eventLoop = watchEventLoop();
  return {
    origin: server.origin,
    api: `${server.origin}${config.basePath}/api/v1`,
    app: server.app,
    ctx: server.ctx,
    async close() {
      eventLoop.stop();
      // Under heavy load a close was seen to wait on a connection for more than a minute (the time-budget
      // suite, PGlite, 1 run in 3 with four suites at once; not found yet): cut what is left after 5 s.
      const cut = setTimeout(() => server.app.server.closeAllConnections(), 5000);
      await server.close();
      clearTimeout(cut);
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
