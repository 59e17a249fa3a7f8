import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/*
 * Removing a tree of files: the request that asks for it renames the tree into the data directory's trash
 * (one system call: the files are gone from where they were at once), and a thread of its own deletes the
 * trash one tree at a time, with synchronous calls on that thread. A recursive delete on the event loop's
 * side would run its tens of thousands of unlink calls on libuv's shared thread pool, which static files,
 * compression and the database also wait for: a 100,000-file upload stalled every request for half a minute.
 */

const TRASH = 'trash';

export const trashDir = (dataDir: string) => path.join(dataDir, TRASH);

/**
 * Moves a file or folder into the trash (same file system, so the rename is atomic); false when nothing
 * was there. The trash emptier deletes it later.
 */
export async function moveToTrash(dataDir: string, target: string): Promise<boolean> {
  const trash = trashDir(dataDir);
  await mkdir(trash, { recursive: true });
  const name = `${path.basename(target)}-${randomBytes(6).toString('hex')}`;
  try {
    await rename(target, path.join(trash, name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

// The deleting thread: one tree per message. Another server sharing the data directory may be deleting
// the same tree: what vanishes meanwhile is no error, a folder found not yet empty is tried again
// (rmSync's retries), and a tree that still fails is reported.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { rmSync } = require('node:fs');
parentPort.on('message', ({ id, target }) => {
  let error;
  try { rmSync(target, { recursive: true, force: true, maxRetries: 2 }); }
  catch (e) { error = e instanceof Error ? e.message : String(e); }
  parentPort.postMessage({ id, error });
});
`;

interface TrashEmptierOptions {
  /** Where failures to delete are reported. */
  onError?: (message: string) => void;
  /** Starts without emptying until resume() (tests look at the trash before it is emptied). */
  paused?: boolean;
}

/** Empties one data directory's trash on a thread of its own; `wake()` after moving something there. */
export class TrashEmptier {
  private worker: Worker | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private paused: boolean;
  private closed = false;
  private nextId = 0;

  constructor(
    private readonly dataDir: string,
    private readonly options: TrashEmptierOptions = {},
  ) {
    this.paused = options.paused ?? false;
  }

  /** Empties the trash now, or once more after the pass under way (which may have missed the newest). */
  wake(): void {
    if (this.paused || this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.emptyAll().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  resume(): void {
    this.paused = false;
    this.wake();
  }

  /** Resolves when the trash is empty and no pass runs (the trash of other servers' deletes included). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private async emptyAll(): Promise<void> {
    const names = await readdir(trashDir(this.dataDir)).catch((): string[] => []);
    for (const name of names) {
      if (this.closed) return;
      const error = await this.remove(path.join(trashDir(this.dataDir), name));
      if (error) this.options.onError?.(`could not delete ${name} from the trash: ${error}`);
    }
  }

  private remove(target: string): Promise<string | undefined> {
    const worker = (this.worker ??= this.start());
    const id = ++this.nextId;
    return new Promise((resolve) => {
      const onMessage = (answer: { id: number; error?: string }) => {
        if (answer.id !== id) return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(answer.error);
      };
      const onExit = () => {
        worker.off('message', onMessage);
        resolve('the deleting thread stopped');
      };
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.postMessage({ id, target });
    });
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    worker.on('error', (error) => this.options.onError?.(`the deleting thread failed: ${error.message}`));
    // Idle, it does not keep the process alive.
    worker.unref();
    return worker;
  }
}
