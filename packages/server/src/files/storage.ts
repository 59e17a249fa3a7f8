import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolveInside } from './paths.ts';

/** Where an upload's files live: `uploads/<id>/raw` (user files) and `uploads/<id>/archive` (processed). */
export class UploadFiles {
  readonly root: string;
  readonly rawDir: string;
  readonly archiveDir: string;
  private readonly tmpDir: string;

  constructor(dataDir: string, uploadId: string) {
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

  /** Streams `source` to a temp file and renames it into place: readers never see a partial file. */
  async writeRawStream(relative: string, source: Readable): Promise<string> {
    const target = this.rawPath(relative);
    await this.moveIntoRaw(await this.streamToTemp(source), target);
    return target;
  }

  async streamToTemp(source: Readable): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    const temp = this.tempPath();
    try {
      await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return temp;
  }

  async moveIntoRaw(temp: string, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  }

  async writeArchive(entryId: string, archive: unknown): Promise<void> {
    const temp = this.tempPath();
    await mkdir(this.tmpDir, { recursive: true });
    await writeFile(temp, JSON.stringify(archive));
    await rename(temp, this.archivePath(entryId));
  }

  /** Removes a raw file or folder; false when nothing was there. */
  async removeRaw(relative: string): Promise<boolean> {
    const target = this.rawPath(relative);
    const existed = await stat(target).then(
      () => true,
      () => false,
    );
    await rm(target, { recursive: true, force: true });
    return existed;
  }

  async removeArchive(entryId: string): Promise<void> {
    await rm(this.archivePath(entryId), { force: true });
  }

  async delete(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
