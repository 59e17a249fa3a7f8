import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { captureIndex, layoutFingerprint } from './index-image.ts';
import type { SearchIndex } from './search-index.ts';
import { loadSnapshot } from './snapshot-load.ts';
import { writeSnapshotFile } from './snapshot-file.ts';
import type { IndexSync } from './sync.ts';

export interface SnapshotLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface SnapshotOptions {
  /** The snapshot file, in the server's data directory. */
  file: string;
  log: SnapshotLog;
  /** How long after a change the next snapshot is written; default five minutes. */
  delayMs?: number;
}

const DEFAULT_DELAY_MS = 5 * 60_000;
const ms = (since: number) => `${(performance.now() - since).toFixed(0)} ms`;

/**
 * Loads the index from its snapshot at start and writes new snapshots in the background: at once after a
 * build from the database, `delayMs` after later changes, and at close when the index changed. The
 * database stays the record: without the file the index is built from it as before.
 */
export class SnapshotKeeper {
  /** The token of the snapshot file on disk (or the last one seen), whose row a newer file replaces. */
  private token: string | undefined;
  private writtenRevision = 0;
  private urgent = true;
  private ready = false;
  private closed = false;
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
    this.token = outcome.token;
    if (!outcome.loaded) {
      this.options.log.info(`Search index snapshot not used (${outcome.reason}); building from the database`);
      return;
    }
    this.sync.resume(outcome.floor);
    this.writtenRevision = this.index.revision;
    this.urgent = false;
    this.options.log.info(
      `Search index loaded from ${this.options.file}: ${this.index.rowOf.size} entries at change ` +
        `${outcome.change} in ${ms(started)}; reading changes after ${outcome.floor}`,
    );
  }

  /** After each sync: schedules a snapshot when the index changed since the last one. */
  synced(): void {
    this.ready = true;
    if (this.closed || this.timer || this.index.revision === this.writtenRevision) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.write();
      },
      this.urgent ? 0 : (this.options.delayMs ?? DEFAULT_DELAY_MS),
    );
    this.timer.unref();
  }

  /** Writes a snapshot now if the index changed since the last one; resolves whether it wrote one. */
  write(): Promise<boolean> {
    const next = this.writing.then(() =>
      this.writeOnce().catch((error: unknown) => {
        this.options.log.warn(
          `Search index snapshot not written: ${error instanceof Error ? error.message : error}`,
        );
        return false;
      }),
    );
    this.writing = next;
    return next;
  }

  /** Stops scheduling; writes a last snapshot when a sync completed and the index changed since. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.ready) await this.write();
    await this.writing;
  }

  private async writeOnce(): Promise<boolean> {
    const started = performance.now();
    const taken = await this.sync.capture((position) => {
      if (this.index.revision === this.writtenRevision) return undefined;
      const copying = performance.now();
      return {
        position,
        revision: this.index.revision,
        capture: captureIndex(this.index),
        held: ms(copying),
      };
    });
    if (!taken) return false;
    const { position, revision, capture } = taken;
    const token = randomUUID();
    await this.db.query('INSERT INTO search_snapshots (token, change) VALUES ($1, $2::bigint)', [
      token,
      String(position.change),
    ]);
    let bytes: number;
    try {
      bytes = await writeSnapshotFile(
        this.options.file,
        {
          fingerprint: layoutFingerprint(this.index),
          token,
          change: String(position.change),
          floor: String(position.floor),
        },
        capture,
      );
    } catch (error) {
      await this.db.query('DELETE FROM search_snapshots WHERE token = $1', [token]).catch(() => undefined);
      throw error;
    }
    if (this.token !== undefined)
      await this.db
        .query('DELETE FROM search_snapshots WHERE token = $1', [this.token])
        .catch(() => undefined);
    this.token = token;
    this.writtenRevision = revision;
    this.urgent = false;
    this.options.log.info(
      `Search index snapshot written: ${capture.live.length} entries at change ${position.change}, ` +
        `${(bytes / 1e6).toFixed(1)} MB in ${ms(started)} (syncs held ${taken.held})`,
    );
    // Changes during the write wait for the next one.
    if (!this.closed) this.synced();
    return true;
  }
}
