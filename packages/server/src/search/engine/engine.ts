import { availableParallelism } from 'node:os';
import type { Database } from '../../db/database.ts';
import { DEFAULT_SEARCH_TIME_BUDGET_MS } from '../limits.ts';
import { entrySearchQuantities, type SearchQuantity } from '../quantities.ts';
import { CodeBitmaps } from './code-bitmaps.ts';
import { VisibleRows } from './owner.ts';
import { SearchIndex } from './search-index.ts';
import { SnapshotKeeper, type SnapshotOptions } from './snapshot-keeper.ts';
import { IndexSync, type ParallelBuildOptions } from './sync.ts';

export interface SearchEngineOptions {
  /** Keep the index in a snapshot file too, so that a restart loads it instead of a full build. */
  snapshot?: SnapshotOptions;
  /** The search quantities; the server's registry unless a test needs another. */
  quantities?: readonly SearchQuantity[];
  /** Milliseconds a search may take before it is cancelled (config `searchTimeBudgetMs`). */
  timeBudgetMs?: number;
  /** How a first build from a PostgreSQL server is shared among worker threads (tests set it). */
  parallelBuild?: Partial<ParallelBuildOptions>;
}

/** Threads for a first build: the database server needs a core too, so no more than four. */
const BUILD_WORKERS = Math.min(4, availableParallelism());
/** Below this many entries, starting workers costs more than they save. */
const PARALLEL_BUILD_FROM = 20_000;

/** The in-memory search index of one database and what keeps it current. */
export interface SearchEngine {
  readonly index: SearchIndex;
  /** The visible rows of recent owner and user combinations (see VisibleRows). */
  readonly visible: VisibleRows;
  /** Bitmaps of small dictionaries' codes, made when searches need them (see CodeBitmaps). */
  readonly bitmaps: CodeBitmaps;
  /** Milliseconds a search may take before it is cancelled. */
  readonly timeBudgetMs: number;
  /** Reads the changes since the last call; every search calls it first. The first loads the snapshot. */
  sync(): Promise<void>;
  /** Writes a snapshot now if the index changed since the last one (false: no snapshot file, or unchanged). */
  writeSnapshot(): Promise<boolean>;
  /** Stops background snapshots, writing a last one if the index changed; call before closing the database. */
  close(): Promise<void>;
}

export const createSearchEngine = (db: Database, options: SearchEngineOptions = {}): SearchEngine => {
  const index = new SearchIndex(options.quantities ?? entrySearchQuantities);
  const sync = new IndexSync(db, index, {
    workers: BUILD_WORKERS,
    minEntries: PARALLEL_BUILD_FROM,
    ...(options.snapshot ? { warn: options.snapshot.log.warn } : {}),
    ...options.parallelBuild,
  });
  const keeper = options.snapshot && new SnapshotKeeper(db, index, sync, options.snapshot);
  return {
    index,
    visible: new VisibleRows(),
    bitmaps: new CodeBitmaps(),
    timeBudgetMs: options.timeBudgetMs ?? DEFAULT_SEARCH_TIME_BUDGET_MS,
    async sync() {
      await keeper?.start();
      await sync.sync();
      keeper?.synced();
    },
    writeSnapshot: async () => (keeper ? keeper.write() : false),
    close: async () => keeper?.close(),
  };
};
