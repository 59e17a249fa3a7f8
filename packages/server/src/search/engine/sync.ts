import { setImmediate } from 'node:timers/promises';
import type { Database } from '../../db/database.ts';
import { VISIBLE_TO_ALL } from '../../auth/access.ts';
import { uploadPartSql } from '../documents.ts';
import { ChangeRange, parseSnapshot, Running, type TransactionSnapshot } from './change-range.ts';
import { entryBatches, isSearchable } from './entry-batches.ts';
import { indexedDocument } from './entry-rows.ts';
import { readShares, restoreShares } from './parallel-build.ts';
import type { SearchIndex } from './search-index.ts';
import { turnTaker } from './turns.ts';
import type { Columns, Narrowed } from '../../db/rows.ts';

/** Dictionary values indexed between two checks for a turn (see SearchIndex.warmStep). */
const WARM_STEP = 4096;

/** Below this many rows, growing a column for a new row takes no time worth spreading (see growFor). */
const GROW_FOR_FROM = 1 << 16;

/** Whether and how a first build from a PostgreSQL server is shared among worker threads. */
export interface ParallelBuildOptions {
  /** Worker threads; fewer than two builds on the main thread. */
  workers: number;
  /** Databases with fewer entries are read on the main thread (starting workers takes about a second). */
  minEntries: number;
  /** Told why a parallel build failed (the build then runs on the main thread). */
  warn?: (message: string) => void;
}

/** An upload as the index reads it: who may see it, its change number as text, its part of the documents. */
type UploadRow = Narrowed<
  Columns<'uploads', 'upload_id' | 'published' | 'with_embargo' | 'main_author' | 'search_seq'>,
  { search_seq: string }
> & {
  members: string[];
  writer_groups: string[];
  viewer_groups: string[];
  visible_to_all: boolean;
  doc: Record<string, unknown>;
};

const uploadsSql = (where: string) =>
  `SELECT u.upload_id, u.published, u.with_embargo, u.main_author,
     ARRAY[u.main_author] || u.coauthors || u.reviewers AS members, u.coauthor_groups AS writer_groups,
     array_remove(u.coauthor_groups || u.reviewer_groups, '${VISIBLE_TO_ALL}') AS viewer_groups,
     '${VISIBLE_TO_ALL}' = ANY(u.reviewer_groups) AS visible_to_all, u.search_seq::text, ${uploadPartSql} AS doc
   FROM uploads u WHERE ${where}`;

/**
 * What a snapshot records of a sync: the last change number read, and one below every number that may
 * still commit (the lowest open gap), from where a sync resumed after loading it must read again.
 */
export interface SyncPosition {
  change: bigint;
  floor: bigint;
}

/**
 * Keeps a SearchIndex equal to the database. Every change to entries and uploads takes a number from
 * `search_change_seq` (migrations 002, 007); a sync reads what changed between the last number seen and
 * the sequence's current value. With a PostgreSQL server, a transaction may commit a number lower than one
 * already read, at any time later. So each pass reads the sequence and then the transactions in progress
 * (which, by migration 007, include every one holding a number it passed); a range with numbers not found
 * stays open while any of those transactions runs, and is read again as they end. PGlite runs one
 * transaction at a time, so it has none open.
 */
export class IndexSync {
  private seen = 0n;
  /** Entries a first build found in the database, and a tenth more: columns are sized for them. */
  private expectedRows = 0;
  private open: ChangeRange[] = [];
  private running: Promise<void> = Promise.resolve();
  /** The pass queued behind the running one and not started yet, which new callers join. */
  private next: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly index: SearchIndex,
    private readonly parallel?: ParallelBuildOptions,
  ) {}

  /**
   * Brings the index up to date: a pass that starts after this call. Calls made while a pass waits for its
   * turn share it (it reads everything committed before it starts), so concurrent searches under a stream
   * of changes wait for at most two passes, not for one pass each. A pass with nothing to read costs one
   * small query.
   */
  sync(): Promise<void> {
    if (this.next) return this.next;
    const next = this.queue(() => {
      this.next = undefined;
      return this.pass();
    });
    this.next = next;
    return next;
  }

  /**
   * Brings the index up to date, then runs `work` (synchronous: a snapshot's copy of the index) before
   * any later pass, with the position it reflects.
   */
  capture<T>(work: (position: SyncPosition) => T): Promise<T> {
    return this.queue(async () => {
      await this.pass();
      const floor = this.open.reduce((low, range) => (range.from < low ? range.from : low), this.seen);
      return work({ change: this.seen, floor });
    });
  }

  /** Continues from a snapshot: the next pass reads what changed after `floor`. */
  resume(floor: bigint): void {
    this.seen = floor;
  }

  /** Ranges still waiting for transactions that may commit numbers in them (tests, diagnostics). */
  get openRanges(): number {
    return this.open.length;
  }

  private queue<T>(work: () => Promise<T>): Promise<T> {
    // A failed pass (database gone) must not stop later ones: each starts after the previous settled.
    const next = this.running.then(work);
    this.running = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private async pass(): Promise<void> {
    const { rows } = await this.db.query<{ last: string; called: boolean }>(
      'SELECT last_value::text AS last, is_called AS called FROM search_change_seq',
    );
    const head = rows[0]?.called ? BigInt(rows[0].last) : 0n;
    if (head <= this.seen && this.open.length === 0) return;
    const rowsBefore = this.index.rowCount;
    // After the sequence, in a statement of its own: every transaction holding a number up to `head` has
    // its id by now (migration 007), so it is either finished or running at this snapshot.
    const now = this.db.kind === 'pglite' ? undefined : await this.transactionSnapshot();
    if (now) await this.recheckOpen(now);
    if (this.seen === 0n) {
      // A first build: columns are sized for every entry (and a tenth more) instead of doubling.
      const { rows: counted } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM entries');
      this.expectedRows = Math.ceil((counted[0]?.n ?? 0) * 1.1);
    }
    if (head > this.seen) {
      const range = new ChangeRange(this.seen, head);
      const where = `search_seq > $1::bigint AND search_seq <= $2::bigint`;
      const params = [String(this.seen), String(head)];
      if (!(await this.buildInParallel(range, where, params))) await this.apply(where, params, range);
      this.seen = head;
      if (now && !range.complete) {
        range.waitingOn = Running.at(now);
        if (range.waitingOn.size > 0n) this.open.push(range);
      }
    }
    // A column at a time ahead of need, also as entries come in one by one after the build; not when no
    // entry was added (changed entries keep their rows): a loaded index's columns are full, and growing
    // them all took 2 s of the first sync after a load at a million entries, and half again their memory.
    if (this.index.rowCount > rowsBefore) this.index.growAhead(this.expectedRows);
  }

  /**
   * The running transactions, and an id taken after the snapshot (the statement's own, which ends with
   * it): a snapshot lists only the running transactions below the latest finished one.
   */
  private async transactionSnapshot(): Promise<TransactionSnapshot> {
    const { rows } = await this.db.query<{ snapshot: string; next: string }>(
      'SELECT pg_current_snapshot()::text AS snapshot, pg_current_xact_id()::text AS next',
    );
    return parseSnapshot(rows[0]?.snapshot ?? '0:0:', rows[0]?.next ?? '0');
  }

  /**
   * Ranges some of whose transactions have ended since the last pass are read again for the numbers
   * they lacked (the commits are visible now); a range whose transactions have all ended is closed.
   */
  private async recheckOpen(now: TransactionSnapshot): Promise<void> {
    const still: ChangeRange[] = [];
    for (const range of this.open) {
      const waiting = range.waitingOn.narrow(now);
      if (waiting.size === range.waitingOn.size) {
        still.push(range);
        continue;
      }
      range.waitingOn = waiting;
      const bounds = [String(range.from), String(range.to)];
      const { rows } = await this.db.query<{ seq: string }>(
        ['entries', 'uploads', 'search_deletions']
          .map(
            (table) =>
              `SELECT search_seq::text AS seq FROM ${table} WHERE search_seq > $1::bigint AND search_seq <= $2::bigint`,
          )
          .join(' UNION ALL '),
        bounds,
      );
      const missed = rows.map((row) => row.seq).filter((seq) => !range.has(seq));
      if (missed.length > 0) await this.apply(`search_seq = ANY($1::bigint[])`, [missed], range);
      if (waiting.size > 0n && !range.complete) still.push(range);
    }
    this.open = still;
  }

  /**
   * A first build from a PostgreSQL server with many entries: worker threads read and index shares of
   * the entries (parallel-build.ts), then uploads are read here. Deletions only count as read: the index
   * was empty, and the entries read are the ones alive. False when this is not such a build, or the
   * workers failed (the caller then reads on this thread).
   */
  private async buildInParallel(range: ChangeRange, where: string, params: string[]): Promise<boolean> {
    const url = this.db.url;
    const options = this.parallel;
    if (!url || !options || options.workers < 2 || this.index.rowCount > 0) return false;
    if (this.expectedRows < options.minEntries) return false;
    const build = {
      url,
      from: range.from,
      to: range.to,
      workers: options.workers,
      expectedRows: this.expectedRows,
    };
    const shares = await readShares(this.index, build).catch((error: unknown) => {
      options.warn?.(`Search index: the parallel build failed (${String(error)}); reading on one thread`);
      return undefined;
    });
    if (!shares) return false;
    const turn = turnTaker();
    const seqs = await restoreShares(this.index, shares, this.expectedRows, turn);
    for (let row = 0; row < seqs.length; row++) {
      range.mark(seqs[row]!);
      if ((row & 0x3fff) === 0) await turn();
    }
    await this.applyDeletions(where, params, range, false);
    await this.applyUploads(where, params, range);
    return true;
  }

  /**
   * Deletions first: an entry row still in the table is alive whatever tombstones its id left earlier.
   * Then uploads (entries refer to their upload's slot), then entries.
   */
  private async apply(where: string, params: unknown[], found: ChangeRange): Promise<void> {
    await this.applyDeletions(where, params, found, true);
    await this.applyUploads(where, params, found);
    await this.applyEntries(where, params, found);
  }

  private async applyDeletions(where: string, params: unknown[], found: ChangeRange, remove: boolean) {
    const deleted = await this.db.query<{ entry_id: string; search_seq: string }>(
      `SELECT entry_id, search_seq::text FROM search_deletions WHERE ${where}`,
      params,
    );
    for (const deletion of deleted.rows) {
      found.mark(deletion.search_seq);
      if (remove) this.index.removeEntry(deletion.entry_id);
    }
  }

  private async applyUploads(where: string, params: unknown[], found: ChangeRange) {
    const uploads = await this.db.query<UploadRow>(uploadsSql(where), params);
    const turn = turnTaker();
    for (const upload of uploads.rows) {
      await turn();
      found.mark(upload.search_seq);
      this.index.putUpload(
        {
          upload_id: upload.upload_id,
          published: upload.published,
          with_embargo: upload.with_embargo,
          main_author: upload.main_author,
          members: new Set(upload.members),
          writer_groups: upload.writer_groups,
          viewer_groups: upload.viewer_groups,
          visible_to_all: upload.visible_to_all,
        },
        upload.doc,
      );
    }
  }

  private async applyEntries(where: string, params: unknown[], found: ChangeRange) {
    // A first build reads millions of rows: searches and requests get their turns in between, and the
    // columns grow ahead of the rows a step at a time.
    const rowsBefore = this.index.rowCount;
    const turn = turnTaker(async () => {
      await setImmediate();
      if (this.index.rowCount > rowsBefore) this.index.growAhead(this.expectedRows);
    });
    // Storing a value looks it up: dictionaries a load left to warm later are warmed first, in steps (a
    // lookup would otherwise warm a whole dictionary at once: 1.2 s for all of them at a million entries).
    while (this.index.warmStep(WARM_STEP)) await turn();
    for await (const rows of entryBatches(this.db, where, params)) {
      for (let i = 0; i < rows.length; i++) {
        await turn();
        const entry = rows[i]!;
        // Dropped once read: the batch's megabytes of text would otherwise be copied by every young
        // collection until promoted (a sixth of a sync's time was garbage collection).
        rows[i] = undefined as never;
        found.mark(entry.search_seq);
        const doc = indexedDocument(entry);
        // A large index's full columns grow in turns before a new row would grow them all in one.
        if (this.index.rowCount >= GROW_FOR_FROM && this.index.rowOf.get(entry.entry_id) === undefined)
          while (this.index.growFor(doc)) await setImmediate();
        this.index.putEntry(entry.entry_id, entry.upload_id, doc, isSearchable(entry));
      }
    }
  }
}
