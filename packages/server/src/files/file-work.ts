import { Worker } from 'node:worker_threads';

/*
 * Bulk file operations (deleting, mirroring, moving whole trees) run here: on a small pool of threads of
 * their own, each operation with synchronous calls on its thread. Run with the promise API, such an
 * operation puts its tens of thousands of calls on libuv's shared thread pool (four threads by default),
 * which static files, compression and the database also wait for; a recursive rm even has them all in
 * flight at once. On these threads they queue behind nothing of the server's and hold only their own.
 */

/** One operation over a tree; paths are absolute. */
type FileJob =
  /** Deletes a file or folder tree; nothing there is no error. */
  | { op: 'remove'; target: string }
  /** Deletes a tree a read-only mirror made (its folders are made writable first). */
  | { op: 'remove-mirror'; target: string }
  /**
   * Mirrors `source`'s regular files as hard links (copies across file systems) below `target`, files
   * and folders without write permission; a missing source gives an empty folder.
   */
  | { op: 'mirror-read-only'; source: string; target: string }
  /** Renames each of `relatives` from below `from` to below `to`, making the folders it needs. */
  | { op: 'move-into'; from: string; to: string; relatives: string[] };

/** A failed operation: the system error's code and, for `move-into`, the path it failed at. */
class FileWorkError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly relative: string | undefined,
  ) {
    super(message);
  }
}

// The threads' code. Another server sharing the data directory may be deleting the same tree: what
// vanishes meanwhile is no error, a folder found not yet empty is tried again (rmSync's retries).
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const unlock = (dir) => {
  const info = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (!info || !info.isDirectory()) return;
  fs.chmodSync(dir, 0o755);
  for (const name of fs.readdirSync(dir)) unlock(path.join(dir, name));
};
const mirror = (source, target) => {
  fs.mkdirSync(target, { recursive: true });
  let items = [];
  try { items = fs.readdirSync(source, { withFileTypes: true }); } catch {}
  for (const item of items) {
    const from = path.join(source, item.name);
    const to = path.join(target, item.name);
    if (item.isDirectory()) mirror(from, to);
    else if (item.isFile()) {
      try { fs.linkSync(from, to); } catch { fs.copyFileSync(from, to); }
      fs.chmodSync(to, 0o444);
    }
  }
  fs.chmodSync(target, 0o555);
};
const remove = (target) => fs.rmSync(target, { recursive: true, force: true, maxRetries: 2 });
const run = (job, at) => {
  switch (job.op) {
    case 'remove': return remove(job.target);
    case 'remove-mirror': unlock(job.target); return remove(job.target);
    case 'mirror-read-only': return mirror(job.source, job.target);
    case 'move-into': {
      const made = new Set();
      for (const relative of job.relatives) {
        at.relative = relative;
        const to = path.join(job.to, relative);
        const folder = path.dirname(to);
        if (!made.has(folder)) { fs.mkdirSync(folder, { recursive: true }); made.add(folder); }
        fs.renameSync(path.join(job.from, relative), to);
      }
      return;
    }
    default: throw new Error('unknown file job ' + job.op);
  }
};
parentPort.on('message', (job) => {
  const at = {};
  try { run(job, at); parentPort.postMessage({}); }
  catch (e) {
    parentPort.postMessage({ error: { message: e instanceof Error ? e.message : String(e), code: e && e.code, relative: at.relative } });
  }
});
`;

interface Queued {
  job: FileJob;
  key: string | undefined;
  resolve: () => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Queued | undefined;
}

interface Answer {
  error?: { message: string; code?: string; relative?: string };
}

/**
 * The server's file-work threads (`threads` of them, started when first needed): operations wait in
 * order, and two with the same key (an upload's id) never run at once. Owned by the app: closed at stop.
 */
export class FileWorkers {
  private readonly queue: Queued[] = [];
  private readonly threads: Thread[] = [];
  private readonly pending = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: { threads?: number; onError?: (message: string) => void } = {}) {}

  /** Runs `job` on a file-work thread; rejects with a FileWorkError when it fails. */
  run(job: FileJob, key?: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the file-work threads are closed'));
    const done = new Promise<void>((resolve, reject) => {
      this.queue.push({ job, key, resolve, reject });
      this.dispatch();
    });
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
    return done;
  }

  /** Resolves when no operation runs or waits. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Fails what waits, waits for what runs, and ends the threads. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.reject(new Error('the server is stopping'));
    await this.idle();
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    for (;;) {
      const running = new Set(this.threads.flatMap((thread) => (thread.busy ? [thread.busy.key] : [])));
      const index = this.queue.findIndex((queued) => queued.key === undefined || !running.has(queued.key));
      if (index < 0) return;
      const thread = this.freeThread();
      if (!thread) return;
      const [next] = this.queue.splice(index, 1);
      this.start(thread, next!);
    }
  }

  private freeThread(): Thread | undefined {
    const free = this.threads.find((thread) => !thread.busy);
    if (free) return free;
    if (this.threads.length >= Math.max(1, this.options.threads ?? 2)) return undefined;
    const thread: Thread = { worker: new Worker(WORKER_SOURCE, { eval: true }), busy: undefined };
    thread.worker.on('error', (error) =>
      this.options.onError?.(`a file-work thread failed: ${error.message}`),
    );
    thread.worker.on('exit', () => {
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads.splice(index, 1);
      const lost = thread.busy;
      thread.busy = undefined;
      lost?.reject(new Error('the file-work thread stopped'));
      if (!this.closed) this.dispatch();
    });
    // Idle, it does not keep the process alive.
    thread.worker.unref();
    this.threads.push(thread);
    return thread;
  }

  private start(thread: Thread, queued: Queued): void {
    thread.busy = queued;
    thread.worker.ref();
    thread.worker.once('message', (answer: Answer) => {
      thread.busy = undefined;
      thread.worker.unref();
      if (answer.error) {
        const { message, code, relative } = answer.error;
        queued.reject(new FileWorkError(message, code, relative));
      } else queued.resolve();
      this.dispatch();
    });
    thread.worker.postMessage(queued.job);
  }
}
