import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteMeter } from './byte-meter.ts';
import { moveToTrash } from './trash.ts';
import { resolveInside } from './paths.ts';
import type { UploadBudget } from './upload-budget.ts';

/** Where an upload's files live: `uploads/<id>/raw` (user files) and `uploads/<id>/archive` (processed). */
export class UploadFiles {
  readonly root: string;
  readonly rawDir: string;
  readonly archiveDir: string;
  private readonly tmpDir: string;

  constructor(
    private readonly dataDir: string,
    uploadId: string,
  ) {
    this.root = path.join(dataDir, 'uploads', uploadId);
    this.rawDir = path.join(this.root, 'raw');
    this.archiveDir = path.join(this.root, 'archive');
    this.tmpDir = path.join(this.root, 'tmp');
  }

  async create(): Promise<void> {
    await mkdir(this.rawDir, { recursive: true });
    await mkdir(this.archiveDir, { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
  }

  rawPath(relative: string): string {
    return resolveInside(this.rawDir, relative);
  }

  archivePath(entryId: string): string {
    return resolveInside(this.archiveDir, `${entryId}.json`);
  }

  /** A fresh temp file name on the same file system, so a later rename is atomic. */
  tempPath(): string {
    return path.join(this.tmpDir, randomBytes(12).toString('hex'));
  }

  /**
   * Streams `source` to a temp file (removed again if anything fails), at most `budget.bytes` of it when
   * a budget is given. A refused body is drained, not destroyed: destroying a request stream leaves its
   * connection stuck with the client still sending, and the client would never read the 400.
   */
  async streamToTemp(source: Readable, budget?: UploadBudget): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    const temp = this.tempPath();
    const meter = byteMeter((total) => {
      if (budget && total > budget.bytes) throw budget.exceeded();
    });
    const writing = pipeline(meter, createWriteStream(temp, { flags: 'wx' }));
    const onSourceError = (error: Error) => meter.destroy(error);
    source.once('error', onSourceError);
    source.pipe(meter);
    try {
      await writing;
    } catch (error) {
      source.unpipe(meter);
      // The client may still give up while the rest drains; that is no error of ours.
      source.on('error', () => undefined);
      source.resume();
      await rm(temp, { force: true });
      throw error;
    } finally {
      source.off('error', onSourceError);
    }
    return temp;
  }

  async moveIntoRaw(temp: string, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  }

  /** Writes an entry's archive atomically (temp file, then rename); a failed write leaves no temp file. */
  async writeArchive(entryId: string, archive: unknown): Promise<void> {
    const temp = this.tempPath();
    await mkdir(this.tmpDir, { recursive: true });
    try {
      await writeFile(temp, JSON.stringify(archive));
      await rename(temp, this.archivePath(entryId));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Removes a raw file or folder (into the trash, which the server empties on a thread of its own: call
   * its `wake()`); false when nothing was there.
   */
  async removeRaw(relative: string): Promise<boolean> {
    return moveToTrash(this.dataDir, this.rawPath(relative));
  }

  async removeArchive(entryId: string): Promise<void> {
    await rm(this.archivePath(entryId), { force: true });
  }

  /** Removes the whole upload folder (into the trash, as removeRaw). */
  async delete(): Promise<void> {
    await moveToTrash(this.dataDir, this.root);
  }
}
