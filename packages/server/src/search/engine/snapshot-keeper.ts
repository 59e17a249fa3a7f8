import type { Queryable } from '../../db/database.ts';
import type { SearchIndex } from './search-index.ts';
import { loadSnapshot } from './snapshot-load.ts';
import { saveSnapshot } from './snapshot-save.ts';
import { removeStaleTemps } from './snapshot-write.ts';
import type { IndexSync } from './sync.ts';
import { turnTaker } from './turns.ts';

interface SnapshotLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface SnapshotOptions {
  /** The snapshot file, in the server's data directory. */
  file: string;
  log: SnapshotLog;
  /** How long after a change the next snapshot is written; default five minutes. */
  delayMs?: number;
  /**
   * Several nodes share the data directory: only the one this says yes to writes (every node loads).
   * Unset: this process is the only one.
   */
  mayWrite?: () => boolean;
}

const DEFAULT_DELAY_MS = 5 * 60_000;
/** At shutdown a snapshot is written only if one takes about this long at most (the process may be killed). */
const CLOSE_BUDGET_MS = 2000;
/** A write's cost before one was measured: about as long as a load, ~9 µs per entry (bench:search). */
const MS_PER_ENTRY = 0.01;
/** Dictionary values indexed between two checks for a turn of the event loop after a load. */
const WARM_SLICE = 1024;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Loads the index from its snapshot at start and writes new snapshots in the background: at once after a
 * build from the database, `delayMs` after later changes, and at close when the index changed and a write
 * is quick. The database stays the record: without the file the index is built from it as before.
 */
export class SnapshotKeeper {
  /** The token of the snapshot file on disk (or the last one seen), whose row a newer file replaces. */
  private token: string | undefined;
  private writtenRevision = 0;
  /** How long the last load or write took: what a write at shutdown would cost. */
  private costMs: number | undefined;
  private urgent = true;
  private ready = false;
  private closed = false;
  private readonly stop = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<unknown> = Promise.resolve();
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly index: SearchIndex,
    private readonly sync: IndexSync,
    private readonly options: SnapshotOptions,
  ) {}

  /** Loads the snapshot once, before the first sync; never fails (a build from the database follows). */
  start(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  private async load() {
    const started = performance.now();
    const outcome = await loadSnapshot(this.db, this.index, this.options.file);
    removeStaleTemps(this.options.file).catch(() => undefined);
    this.token = outcome.token;
    if (!outcome.loaded) {
      this.options.log.info(`Search index snapshot not used (${outcome.reason}); building from the database`);
      return;
    }
    this.sync.resume(outcome.floor);
    this.writtenRevision = this.index.revision;
    this.urgent = false;
    this.costMs = performance.now() - started;
    this.options.log.info(
      `Search index loaded from ${this.options.file}: ${this.index.rowOf.size} entries at change ` +
        `${outcome.change} in ${seconds(this.costMs)}; reading changes after ${outcome.floor}`,
    );
    void this.warm();
  }

  /** Completes the restored dictionaries' lookups in slices, between searches (see Dictionary.warm). */
  private async warm() {
    const turn = turnTaker();
    for (const { column } of this.index.quantities.values()) {
      while (!this.closed && column.dictionary && !column.dictionary.warm(WARM_SLICE)) await turn();
    }
  }

  /** After each sync: schedules a snapshot when the index changed since the last one. */
  synced(): void {
    this.ready = true;
    if (this.closed || this.timer || this.index.revision === this.writtenRevision) return;
    const delay = this.urgent ? 0 : (this.options.delayMs ?? DEFAULT_DELAY_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, delay);
    this.timer.unref();
  }

  /** Writes a snapshot now if the index changed since the last one; resolves whether it wrote one. */
  write(): Promise<boolean> {
    return this.enqueue(this.stop.signal);
  }

  /** Writes after the writes before; `signal` stops it at close (not the last one, at close). */
  private enqueue(signal: AbortSignal | undefined): Promise<boolean> {
    const next = this.writing.then(() =>
      this.writeOnce(signal).catch((error: unknown) => {
        const stopped = error instanceof Error && error.name === 'AbortError';
        const why = stopped ? 'the server is stopping' : error instanceof Error ? error.message : error;
        this.options.log[stopped ? 'info' : 'warn'](`Search index snapshot not written: ${why}`);
        return false;
      }),
    );
    this.writing = next;
    return next;
  }

  /**
   * Stops background writes (one under way is abandoned, the file stays as it was). Writes a last
   * snapshot when the index changed and that is quick; otherwise the next start reads the changes since
   * the last snapshot from the database.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stop.abort();
    await this.writing;
    if (!this.ready || this.index.revision === this.writtenRevision) return;
    const cost = this.costMs ?? this.index.rowOf.size * MS_PER_ENTRY;
    if (cost <= CLOSE_BUDGET_MS) {
      await this.enqueue(undefined);
      return;
    }
    this.options.log.info(
      `Search index snapshot not written at shutdown (one takes about ${seconds(cost)}); the next start ` +
        'reads the changes since the last one from the database',
    );
  }

  private async writeOnce(signal: AbortSignal | undefined): Promise<boolean> {
    if (this.options.mayWrite && !this.options.mayWrite()) {
      this.urgent = false;
      return false;
    }
    const started = performance.now();
    const saved = await saveSnapshot(this.db, this.index, this.sync, this.options.file, {
      unchangedSince: this.writtenRevision,
      replaces: this.token,
      signal,
    });
    if (!saved) return false;
    this.token = saved.token;
    this.writtenRevision = saved.revision;
    this.urgent = false;
    this.costMs = performance.now() - started;
    this.options.log.info(
      `Search index snapshot written: ${saved.entries} entries at change ${saved.change}, ` +
        `${(saved.bytes / 1e6).toFixed(1)} MB in ${seconds(this.costMs)} (syncs waited ` +
        `${saved.heldMs.toFixed(0)} ms for the entry list)`,
    );
    // Changes during the write wait for the next one.
    this.synced();
    return true;
  }
}
