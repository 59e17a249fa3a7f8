import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FileWorkers } from './file-work.ts';

/*
 * Removing a tree of files: the request that asks for it renames the tree into the data directory's trash
 * (one system call: the files are gone from where they were at once), and a file-work thread (file-work.ts)
 * deletes the trash one tree at a time, with synchronous calls on that thread. A recursive delete on the event loop's
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

interface TrashEmptierOptions {
  /** Where failures to delete are reported. */
  onError?: (message: string) => void;
  /** Starts without emptying until resume() (tests look at the trash before it is emptied). */
  paused?: boolean;
}

/** Empties one data directory's trash on a file-work thread; `wake()` after moving something there. */
export class TrashEmptier {
  private running: Promise<void> | undefined;
  private again = false;
  private paused: boolean;
  private closed = false;

  constructor(
    private readonly dataDir: string,
    private readonly fileWork: FileWorkers,
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
    return this.fileWork.run({ op: 'remove', target }).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  }
}
