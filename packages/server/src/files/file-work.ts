import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import type { FileJob, FileJobFailure, FileJobResult, FileWorkAnswer } from './file-jobs.ts';

const THREAD_ENTRY = new URL('./file-work-entry.mjs', import.meta.url);

/*
 * Bulk file operations (deleting, mirroring, moving whole trees, measuring a folder, extracting an
 * archive) run here: on a small pool of threads of their own (file-work-thread.ts), each operation with
 * synchronous calls on its thread. Run with the promise API, such an operation puts its tens of thousands
 * of calls on libuv's shared thread pool (four threads by default), which static files, compression and
 * the database also wait for; a recursive rm even has them all in flight at once. On these threads they
 * queue behind nothing of the server's and hold only their own.
 */

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

const rebuilt = ({ message, code, relative, status, detail }: FileJobFailure): Error =>
  status !== undefined && detail !== undefined
    ? new HttpError(status, detail)
    : new FileWorkError(message, code, relative);

interface Queued {
  job: FileJob;
  key: string | undefined;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Queued | undefined;
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

  /**
   * Runs `job` on a file-work thread; rejects with the HttpError it met (an archive's limits) or a
   * FileWorkError when it fails.
   */
  run<J extends FileJob>(job: J, key?: string): Promise<FileJobResult<J>> {
    if (this.closed) return Promise.reject(new Error('the file-work threads are closed'));
    const done = new Promise<FileJobResult<J>>((resolve, reject) => {
      this.queue.push({ job, key, resolve: resolve as (result: unknown) => void, reject });
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
    const thread: Thread = { worker: new Worker(THREAD_ENTRY), busy: undefined };
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
    thread.worker.once('message', (answer: FileWorkAnswer) => {
      thread.busy = undefined;
      thread.worker.unref();
      if ('error' in answer) queued.reject(rebuilt(answer.error));
      else queued.resolve(answer.result);
      this.dispatch();
    });
    thread.worker.postMessage(queued.job);
  }
}
